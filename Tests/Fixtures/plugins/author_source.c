/* A source plugin for `txfeed plugins check` tests, built by the tests with cc. Its sample
 * configuration (what `check` runs) is picked at build time with -DSAMPLE=N:
 *   0  (default) well-behaved: one good envelope
 *   1  stubborn: one envelope, then `sleep-ms` of sleep that never looks at is_cancelled
 *   2  bad output: a document with a syntax error, one that is not an envelope, and an
 *      envelope with one good and two wrong transactions
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jansson.h>
#include "txfeed_plugin.h"

#ifndef SAMPLE
#define SAMPLE 0
#endif
#if SAMPLE == 1
#define SAMPLE_CONFIG "{\"mode\": \"stubborn\", \"sleep-ms\": \"2500\"}"
#elif SAMPLE == 2
#define SAMPLE_CONFIG "{\"mode\": \"bad\"}"
#else
#define SAMPLE_CONFIG "{\"mode\": \"good\"}"
#endif

static const char *GOOD =
    "{\"status\":200,\"message\":\"ok\",\"body\":{\"name\":\"Author\",\"transactions\":["
    "{\"type\":0,\"vendor\":\"Alpha\",\"amount\":1.25,\"date\":\"2022-01-02 03:04:05\"}]}}";
static const char *BROKEN = "{\"status\":200,\"body\":{\"name\":\"Cut\",\"transactions\":[";
static const char *NOT_ENVELOPE = "{\"status\":200,\"message\":\"ok\",\"body\":{\"name\":\"No list\"}}";
static const char *WRONG =
    "{\"status\":200,\"message\":\"ok\",\"body\":{\"name\":\"Mixed\",\"transactions\":["
    "{\"type\":1,\"vendor\":\"Beta\",\"amount\":2,\"date\":\"2022-01-01 00:00:00\"},"
    "{\"type\":1,\"vendor\":\"Gamma\",\"amount\":-3,\"date\":\"2022-01-01 00:00:00\"},"
    "{\"type\":7,\"vendor\":\"Delta\",\"amount\":3,\"date\":\"2022-01-01 00:00:00\"}]}}";

typedef struct { char mode[32]; long sleep_ms; } state_t;

static int a_open(const char *config, void **state, char **error) {
    (void)error;
    json_t *root = json_loads(config, 0, NULL);
    state_t *s = calloc(1, sizeof *s);
    const char *mode = root ? json_string_value(json_object_get(root, "mode")) : NULL;
    const char *ms = root ? json_string_value(json_object_get(root, "sleep-ms")) : NULL;
    strncpy(s->mode, mode ? mode : "good", sizeof s->mode - 1);
    s->sleep_ms = ms ? atol(ms) : 2500;
    if (root) json_decref(root);
    *state = s;
    return TXFEED_OK;
}

static int emit(const txfeed_source_host *host, const char *text, const char *origin) {
    return host->emit_document(host, text, strlen(text), origin);
}

static int a_run(void *state, const txfeed_source_host *host, char **error) {
    state_t *s = state;
    if (strcmp(s->mode, "good") == 0) return emit(host, GOOD, "author:good") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    if (strcmp(s->mode, "stubborn") == 0) {
        emit(host, GOOD, "author:stubborn");
        struct timespec t = {s->sleep_ms / 1000, (s->sleep_ms % 1000) * 1000000L};
        nanosleep(&t, NULL);
        return TXFEED_OK;
    }
    if (strcmp(s->mode, "bad") == 0) {
        emit(host, BROKEN, "author:broken");
        emit(host, NOT_ENVELOPE, "author:not-envelope");
        emit(host, WRONG, "author:wrong");
        return TXFEED_OK;
    }
    *error = strdup("unknown mode");
    return TXFEED_FAILED;
}

static void a_close(void *state) { free(state); }
static void a_free_error(char *error) { free(error); }

static const txfeed_option OPTIONS[] = {
    {"mode", "good, stubborn or bad", 1},
    {"sleep-ms", "how long a stubborn run sleeps (default 2500)", 0},
};

static const txfeed_plugin DESCRIPTOR = {
    .abi_version = TXFEED_ABI_VERSION,
    .struct_size = sizeof(txfeed_plugin),
    .kind = TXFEED_KIND_SOURCE,
    .name = "author-source",
    .description = "txfeed's test source for plugins check",
    .version = "1",
    .options = OPTIONS,
    .option_count = 2,
    .sample_config = SAMPLE_CONFIG,
    .free_error = a_free_error,
    .open = a_open,
    .run = a_run,
    .close = a_close,
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }
