/* samples/plugins/summary-sink/summary.c — a txfeed sink plugin in C.
 *
 * It adds up the merged feed per currency and vendor and writes a Markdown table — count,
 * money in, money out, net — then one line per source and the run's totals. It writes to
 * its `path` option (txfeed hands it a temporary file and renames it into place once every
 * sink has succeeded) or, without one, to stdout (txfeed's stdout when no other sink writes
 * there: `txfeed run … --sink summary > totals.md`).
 *
 *   make && txfeed run ../../accounts/checking.json --sink summary --plugin-path .
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "txfeed_plugin.h"

typedef struct {
    char *currency; /* copies: record strings are only valid during sink_write */
    char *vendor;
    int scale;      /* decimals of the currency, read off the amount text */
    long count;
    int64_t in_minor, out_minor;
} total;

typedef struct {
    FILE *out;      /* our own stream: the `path` file, or a copy of stdout */
    char *title;
    total *totals;
    size_t used, capacity;
} summary_state;

static void set_error(char **error, const char *what, const char *reason) {
    char message[512];
    snprintf(message, sizeof message, "summary: %s: %s", what, reason);
    *error = strdup(message); /* the host gives it back to summary_free_error */
}

static int summary_open(const char *config_json, void **state, char **error) {
    json_t *config = json_loads(config_json, 0, NULL);
    if (!config) {
        set_error(error, "configuration", "not JSON");
        return TXFEED_FAILED;
    }
    const char *path = json_string_value(json_object_get(config, "path"));
    const char *title = json_string_value(json_object_get(config, "title"));
    summary_state *s = calloc(1, sizeof *s);
    if (s) s->title = strdup(title && *title ? title : "Totals by vendor");
    if (s && s->title) s->out = path && *path ? fopen(path, "w") : fdopen(dup(1), "w");
    if (!s || !s->title || !s->out) {
        set_error(error, path && *path ? path : "stdout", strerror(errno));
        if (s) free(s->title);
        free(s);
        json_decref(config);
        return TXFEED_FAILED;
    }
    json_decref(config);
    *state = s;
    return TXFEED_OK;
}

static total *find_total(summary_state *s, const txfeed_record *r) {
    for (size_t i = 0; i < s->used; i++)
        if (strcmp(s->totals[i].vendor, r->vendor) == 0 && strcmp(s->totals[i].currency, r->currency) == 0)
            return &s->totals[i];
    if (s->used == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 16;
        total *grown = realloc(s->totals, capacity * sizeof *grown);
        if (!grown) return NULL;
        s->totals = grown;
        s->capacity = capacity;
    }
    total *t = &s->totals[s->used];
    const char *point = strchr(r->amount, '.');
    *t = (total){.currency = strdup(r->currency), .vendor = strdup(r->vendor),
                 .scale = point ? (int)strlen(point + 1) : 0};
    if (!t->currency || !t->vendor) {
        free(t->currency);
        free(t->vendor);
        return NULL;
    }
    s->used++;
    return t;
}

static int summary_write(void *state, const txfeed_record *records, size_t count, char **error) {
    summary_state *s = state;
    /* Step by the host's struct_size: a newer host may send longer records. */
    const char *at = (const char *)records;
    for (size_t i = 0; i < count; i++, at += records->struct_size) {
        const txfeed_record *r = (const txfeed_record *)at;
        total *t = find_total(s, r);
        if (!t) {
            set_error(error, "write", "out of memory");
            return TXFEED_FAILED;
        }
        t->count++;
        if (r->amount_minor >= 0) t->in_minor += r->amount_minor;
        else t->out_minor -= r->amount_minor;
    }
    return TXFEED_OK;
}

/* Minor units as a plain decimal: 123456 at scale 2 is 1234.56. */
static void put_money(FILE *out, int64_t minor, int scale) {
    int64_t unit = 1;
    for (int i = 0; i < scale; i++) unit *= 10;
    uint64_t magnitude = minor < 0 ? -(uint64_t)minor : (uint64_t)minor;
    fprintf(out, " %s%llu", minor < 0 ? "-" : "", (unsigned long long)(magnitude / unit));
    if (scale > 0) fprintf(out, ".%0*llu", scale, (unsigned long long)(magnitude % unit));
    fputs(" |", out);
}

/* A table cell: `|` would end it early, so it is escaped. */
static void put_cell(FILE *out, const char *text) {
    fputc(' ', out);
    for (; *text; text++) {
        if (*text == '|') fputc('\\', out);
        fputc(*text, out);
    }
    fputs(" |", out);
}

static int by_currency_then_vendor(const void *a, const void *b) {
    const total *x = a, *y = b;
    int c = strcmp(x->currency, y->currency);
    return c ? c : strcmp(x->vendor, y->vendor);
}

static int summary_finish(void *state, const char *sources_json, const char *summary_json, char **error) {
    summary_state *s = state;
    qsort(s->totals, s->used, sizeof *s->totals, by_currency_then_vendor);
    fprintf(s->out, "# %s\n\n| currency | vendor | count | in | out | net |\n|---|---|---:|---:|---:|---:|\n", s->title);
    for (size_t i = 0; i < s->used; i++) {
        total *t = &s->totals[i];
        fputc('|', s->out);
        put_cell(s->out, *t->currency ? t->currency : "-");
        put_cell(s->out, t->vendor);
        fprintf(s->out, " %ld |", t->count);
        put_money(s->out, t->in_minor, t->scale);
        put_money(s->out, t->out_minor, t->scale);
        put_money(s->out, t->in_minor - t->out_minor, t->scale);
        fputc('\n', s->out);
    }
    /* `sources` and `summary` are the JSON sink's arrays and objects, as text. */
    json_t *sources = json_loads(sources_json, 0, NULL);
    json_t *summary = json_loads(summary_json, 0, NULL);
    size_t i;
    json_t *source;
    fputs("\n", s->out);
    json_array_foreach(sources, i, source) {
        fprintf(s->out, "- source %s (%s): %s, %lld transactions\n",
                json_string_value(json_object_get(source, "name")),
                json_string_value(json_object_get(source, "plugin")),
                json_string_value(json_object_get(source, "status")),
                (long long)json_integer_value(json_object_get(source, "count")));
    }
    fprintf(s->out, "- read %lld = written %lld + rejected %lld\n",
            (long long)json_integer_value(json_object_get(summary, "read")),
            (long long)json_integer_value(json_object_get(summary, "written")),
            (long long)json_integer_value(json_object_get(summary, "rejected")));
    json_decref(sources);
    json_decref(summary);
    if (fflush(s->out) != 0 || ferror(s->out)) {
        set_error(error, "write", strerror(errno));
        return TXFEED_FAILED;
    }
    return TXFEED_OK;
}

static void summary_close(void *state) {
    summary_state *s = state;
    for (size_t i = 0; i < s->used; i++) {
        free(s->totals[i].currency);
        free(s->totals[i].vendor);
    }
    free(s->totals);
    free(s->title);
    fclose(s->out);
    free(s);
}

static void summary_free_error(char *error) { free(error); }

static const txfeed_option SUMMARY_OPTIONS[] = {
    {"path", "the Markdown file to write (default: stdout)", 1},
    {"title", "the heading (default: Totals by vendor)", 0},
};

static const txfeed_plugin SUMMARY = {
    .abi_version = TXFEED_ABI_VERSION,
    .struct_size = sizeof(txfeed_plugin),
    .kind = TXFEED_KIND_SINK,
    .name = "summary",
    .description = "Totals per currency and vendor, as a Markdown table",
    .version = "1.0.0",
    .options = SUMMARY_OPTIONS,
    .option_count = sizeof SUMMARY_OPTIONS / sizeof SUMMARY_OPTIONS[0],
    .sample_config = "{\"title\": \"Sample totals\"}",
    .free_error = summary_free_error,
    .sink_open = summary_open,
    .sink_write = summary_write,
    .sink_finish = summary_finish,
    .sink_close = summary_close,
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &SUMMARY; }
