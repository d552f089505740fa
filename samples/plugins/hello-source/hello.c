/* samples/plugins/hello-source/hello.c — a txfeed source plugin in C.
 *
 * It makes up `accounts` accounts of `transactions` transactions each, and hands them to
 * txfeed in either of the two data shapes of the contract:
 *   shape=document   each account as one envelope document (JSON text)
 *   shape=stream     each account as a header, then batches of `batch` transactions
 * Between units of work it polls host->is_cancelled, and it stops as soon as a callback
 * answers TXFEED_STOP, so a timeout never has to abandon it.
 *
 *   make && txfeed run -s hello:stream,accounts=3 --plugin-path .
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jansson.h>
#include "txfeed_plugin.h"

typedef struct {
    int stream;        /* 0: whole documents, 1: header + batches */
    long accounts;
    long transactions; /* per account */
    long batch;        /* transactions per emit_transactions call */
    long pause_ms;     /* a pause between units of work, to watch cancellation */
} hello_state;

static void set_error(char **error, const char *format, const char *detail) {
    char message[256];
    snprintf(message, sizeof message, format, detail);
    *error = strdup(message); /* freed by hello_free_error, when the host is done with it */
}

/* Options arrive as a JSON object of strings; a missing one keeps its default. */
static int number_option(json_t *config, const char *name, long low, long high, long *value,
                         char **error) {
    const char *text = json_string_value(json_object_get(config, name));
    if (!text) return 1;
    char *end = NULL;
    long n = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || n < low || n > high) {
        set_error(error, "hello: %s is out of range", name);
        return 0;
    }
    *value = n;
    return 1;
}

static int hello_open(const char *config_json, void **state, char **error) {
    hello_state s = {.stream = 0, .accounts = 2, .transactions = 5, .batch = 2, .pause_ms = 0};
    json_t *config = json_loads(config_json, 0, NULL);
    if (!config) {
        set_error(error, "hello: %s", "the configuration is not JSON");
        return TXFEED_FAILED;
    }
    const char *shape = json_string_value(json_object_get(config, "shape"));
    int ok = 1;
    if (shape && strcmp(shape, "stream") == 0) {
        s.stream = 1;
    } else if (shape && strcmp(shape, "document") != 0) {
        set_error(error, "hello: shape must be document or stream, not '%s'", shape);
        ok = 0;
    }
    ok = ok && number_option(config, "accounts", 1, 100, &s.accounts, error)
            && number_option(config, "transactions", 0, 1000000, &s.transactions, error)
            && number_option(config, "batch", 1, 100000, &s.batch, error)
            && number_option(config, "pause-ms", 0, 60000, &s.pause_ms, error);
    json_decref(config);
    if (!ok) return TXFEED_FAILED;
    hello_state *copy = malloc(sizeof *copy);
    if (!copy) {
        set_error(error, "hello: %s", "out of memory");
        return TXFEED_FAILED;
    }
    *copy = s;
    *state = copy;
    return TXFEED_OK;
}

/* Transaction `i` of account `a`: type 0 is a credit (money in), 1 a debit; the amount
 * is never negative, its sign comes from the type. */
static json_t *make_transaction(long a, long i) {
    char date[32];
    snprintf(date, sizeof date, "2024-%02ld-%02ld %02ld:%02ld:00", 12 - i / 28 % 12, 28 - i % 28,
             (a * 7 + i) % 24, i % 60);
    return json_pack("{s:i, s:s, s:I, s:s}", "type", (int)(i % 3 == 0 ? 0 : 1),
                     "vendor", i % 3 == 0 ? "Hello Payroll" : i % 3 == 1 ? "Hello Cafe" : "Hello Books",
                     "amount", (json_int_t)(i % 3 == 0 ? 1000 : 3 + i % 10), "date", date);
}

/* The envelope of account `a` with no transactions yet (the `status`, `message` and
 * `body` of a document; `currency` decides the minor units). */
static json_t *make_envelope(long a) {
    char name[64];
    snprintf(name, sizeof name, "Hello Account %ld", a + 1);
    return json_pack("{s:i, s:s, s:{s:s, s:s, s:[]}}", "status", 200, "message", "ok",
                     "body", "name", name, "currency", "EUR", "transactions");
}

static void pause_for(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    if (ms > 0) nanosleep(&t, NULL);
}

/* Hands JSON text to the host: it parses it during the call; we free it after. */
static int emit_text(const txfeed_source_host *host, json_t *value, int kind, const char *origin) {
    char *text = json_dumps(value, JSON_COMPACT);
    if (!text) return TXFEED_FAILED;
    int status = kind == 0 ? host->emit_document(host, text, strlen(text), origin)
               : kind == 1 ? host->begin_account(host, text, strlen(text), origin)
                           : host->emit_transactions(host, text, strlen(text));
    free(text);
    return status;
}

static int hello_run(void *state, const txfeed_source_host *host, char **error) {
    hello_state *s = state;
    for (long a = 0; a < s->accounts; a++) {
        char origin[64];
        snprintf(origin, sizeof origin, "hello:account-%ld", a + 1);
        json_t *envelope = make_envelope(a);
        json_t *list = json_object_get(json_object_get(envelope, "body"), "transactions");
        int status = TXFEED_OK;
        if (!s->stream) {
            for (long i = 0; i < s->transactions; i++) json_array_append_new(list, make_transaction(a, i));
            status = emit_text(host, envelope, 0, origin);
        } else {
            status = emit_text(host, envelope, 1, origin);
            for (long i = 0; i < s->transactions && status == TXFEED_OK; i += s->batch) {
                if (host->is_cancelled(host)) {
                    status = TXFEED_STOP;
                    break;
                }
                json_t *batch = json_array();
                for (long j = i; j < i + s->batch && j < s->transactions; j++)
                    json_array_append_new(batch, make_transaction(a, j));
                status = emit_text(host, batch, 2, origin);
                json_decref(batch);
                pause_for(s->pause_ms);
            }
            /* Only a whole account is ended: one left open when we stop is dropped whole
             * by the host, so half an account never passes for a complete one. */
            if (status == TXFEED_OK) status = host->end_account(host);
        }
        json_decref(envelope);
        if (status == TXFEED_FAILED) {
            set_error(error, "hello: %s", "could not build or hand over a document");
            return TXFEED_FAILED;
        }
        if (status == TXFEED_STOP || host->is_cancelled(host)) return TXFEED_STOP;
        pause_for(s->pause_ms);
    }
    return TXFEED_OK;
}

static void hello_close(void *state) { free(state); }
static void hello_free_error(char *error) { free(error); }

static const txfeed_option HELLO_OPTIONS[] = {
    {"shape", "document (whole envelopes, the default) or stream (header + batches)", 1},
    {"accounts", "how many accounts, 1 to 100 (default 2)", 0},
    {"transactions", "transactions per account (default 5)", 0},
    {"batch", "transactions per batch when streaming (default 2)", 0},
    {"pause-ms", "a pause between units of work, in milliseconds (default 0)", 0},
};

static const txfeed_plugin HELLO = {
    .abi_version = TXFEED_ABI_VERSION,
    .struct_size = sizeof(txfeed_plugin),
    .kind = TXFEED_KIND_SOURCE,
    .name = "hello",
    .description = "Made-up accounts, as whole documents or streamed in batches",
    .version = "1.0.0",
    .options = HELLO_OPTIONS,
    .option_count = sizeof HELLO_OPTIONS / sizeof HELLO_OPTIONS[0],
    .sample_config = "{\"shape\": \"stream\", \"accounts\": \"2\", \"pause-ms\": \"50\"}",
    .free_error = hello_free_error,
    .open = hello_open,
    .run = hello_run,
    .close = hello_close,
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &HELLO; }
