/* A sink plugin for txfeed's own tests, built by the tests with cc.
 * It writes every call it gets to `path` (its main option) or stderr:
 *   open <config>            once, from sink_open
 *   batch <count>            per sink_write, then one line per record, every field tab-separated
 *   finish <sources> <summary>
 * The `fail` option makes one stage fail with a message (freed by free_error, which counts
 * its calls into the line "freed N" written by sink_close): open, write, finish, or
 * write-silently (fails without a message), crash (a null pointer in sink_write), hang (a
 * minute's sleep in sink_write) or exit (exit(0) in sink_finish).
 * -DTEST_NAME="x" renames it; -DTEST_NO_PATH leaves out the `path` option and writes to its
 * stdout instead of stderr (which txfeed points at its own stderr for such a sink); -DTEST_SAMPLE_FAIL='"write"' (or any `fail` value above) makes its sample configuration fail that way.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "txfeed_plugin.h"

#ifndef TEST_NAME
#define TEST_NAME "test-sink"
#endif

typedef struct { FILE *out; char fail[32]; } sink_t;

static int freed = 0;

static int t_open(const char *config, void **state, char **error) {
    json_t *root = json_loads(config, 0, NULL);
    const char *path = root ? json_string_value(json_object_get(root, "path")) : NULL;
    const char *fail = root ? json_string_value(json_object_get(root, "fail")) : NULL;
    sink_t *s = calloc(1, sizeof *s);
    strncpy(s->fail, fail ? fail : "", sizeof s->fail - 1);
#ifdef TEST_NO_PATH
    s->out = fdopen(dup(1), "w");
#else
    s->out = path ? fopen(path, "w") : fdopen(dup(2), "w");
#endif
    if (root) json_decref(root);
    if (!s->out) { free(s); *error = strdup("test-sink: cannot open its output"); return TXFEED_FAILED; }
    fprintf(s->out, "open %s\n", config);
    if (strcmp(s->fail, "open") == 0) {
        fclose(s->out);
        free(s);
        *error = strdup("test-sink: told to fail in sink_open");
        return TXFEED_FAILED;
    }
    *state = s;
    return TXFEED_OK;
}

static int t_write(void *state, const txfeed_record *records, size_t count, char **error) {
    sink_t *s = state;
    fprintf(s->out, "batch %zu\n", count);
    for (size_t i = 0; i < count; i++) {
        const txfeed_record *r = &records[i];
        fprintf(s->out, "%u\t%s\t%s\t%s\t%s\t%s\t%s\t%" PRId64 "\t%s\t%s\t%s", r->struct_size, r->date, r->day,
                r->account, r->vendor, r->type, r->amount, r->amount_minor, r->currency, r->colour, r->source);
        /* Fields appended later: only when the host's records have them. */
        if (r->struct_size > offsetof(txfeed_record, memo)) fprintf(s->out, "\t%s\t%s\t%s", r->id, r->status, r->memo);
        fputc('\n', s->out);
    }
    if (strcmp(s->fail, "write") == 0) {
        *error = strdup("test-sink: told to fail in sink_write");
        return TXFEED_FAILED;
    }
    if (strcmp(s->fail, "write-silently") == 0) return TXFEED_FAILED;
    if (strcmp(s->fail, "hang") == 0) sleep(60);
    if (strcmp(s->fail, "crash") == 0) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    return TXFEED_OK;
}

static int t_finish(void *state, const char *sources, const char *summary, char **error) {
    sink_t *s = state;
    fprintf(s->out, "finish %s %s\n", sources, summary);
    if (strcmp(s->fail, "exit") == 0) exit(0);
    if (strcmp(s->fail, "finish") == 0) {
        *error = strdup("test-sink: told to fail in sink_finish");
        return TXFEED_FAILED;
    }
    return TXFEED_OK;
}

static void t_close(void *state) {
    sink_t *s = state;
    fprintf(s->out, "close\n");
    fclose(s->out);
    free(s);
}

static void t_free_error(char *error) {
    freed++;
    free(error);
}

/* For in-process tests: how many error strings the host handed back. */
TXFEED_EXPORT int test_sink_freed(void) { return freed; }

static const txfeed_option OPTIONS[] = {
#ifndef TEST_NO_PATH
    {"path", "where to write (default: stderr)", 1},
#endif
    {"fail", "open, write, write-silently or finish: fail there", 0},
};

static const txfeed_plugin DESCRIPTOR = {
    .abi_version = TXFEED_ABI_VERSION,
    .struct_size = sizeof(txfeed_plugin),
    .kind = TXFEED_KIND_SINK,
    .name = TEST_NAME,
    .description = "txfeed's test sink",
    .version = "1",
    .options = OPTIONS,
    .option_count = sizeof OPTIONS / sizeof OPTIONS[0],
#ifdef TEST_SAMPLE_FAIL
    .sample_config = "{\"fail\": \"" TEST_SAMPLE_FAIL "\"}",
#else
    .sample_config = "{}",
#endif
    .free_error = t_free_error,
    .sink_open = t_open,
    .sink_write = t_write,
    .sink_finish = t_finish,
    .sink_close = t_close,
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }
