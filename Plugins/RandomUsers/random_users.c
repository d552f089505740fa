/*
 * The `random-users` source: a tester that makes up users, one account each and exactly
 * `transactions` transactions per account, deterministically from `seed`. It streams through
 * the ABI as plain fields (begin_account_fields, batches of entries, end_account), so a
 * million transactions never exist at once, and it can simulate network lag and failing users.
 */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "generator.h"
#include "random_users.h"

/* Entries per emit_entries call: large enough that call overhead vanishes, small enough
 * (~600 KB with their texts) that the batch stays in cache-friendly territory. */
#define BATCH 4096
#define MAX_USERS 1000000u
#define MAX_TRANSACTIONS 100000000ull
#define MAX_LATENCY_MS 3600000ull
/* User ids are a seeded permutation of 100000..999999, so they are distinct and 6 digits;
 * past 900000 users, of 1000000..9999999 (7 digits). Smaller runs keep their bytes. */
#define ID_BASE 100000u
#define ID_SPACE 900000u
#define WIDE_ID_BASE 1000000u
#define WIDE_ID_SPACE 9000000u

typedef struct source {
    uint64_t seed;
    uint32_t users;
    uint64_t transactions;
    uint64_t latency_ms;
    uint64_t failure_ppm; /* failure-rate in millionths: exact, no floating point */
    ru_tables tables;
} source;

/* ---- Errors ---------------------------------------------------------------------------- */

/* A message for `char **error`, malloc'ed here and released by free_error below. */
static int fail(char **error, const char *format, ...) {
    if (error) {
        char text[512];
        va_list args;
        va_start(args, format);
        vsnprintf(text, sizeof text, format, args);
        va_end(args);
        *error = strdup(text);
    }
    return TXFEED_FAILED;
}

static void free_error(char *error) { free(error); }

/* ---- Options --------------------------------------------------------------------------- */

/* Digits only (no sign, spaces or exponent): "007" is 7, "" and "1e3" are errors. */
static int parse_whole(const char *text, uint64_t max, uint64_t *out) {
    uint64_t value = 0;
    if (!*text) return 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9') return 0;
        unsigned digit = (unsigned)(*p - '0');
        if (value > (max - digit) / 10) return 0;
        value = value * 10 + digit;
    }
    *out = value;
    return 1;
}

/* "0.25" with at most `decimals` digits after the point, as an integer scaled by
 * 10^decimals (0.25 with 6 decimals is 250000). Exact, and free of the C locale. */
static int parse_decimal(const char *text, int decimals, uint64_t max_scaled, uint64_t *out) {
    uint64_t value = 0;
    int digits = 0, after = -1;
    for (const char *p = text; *p; p++) {
        if (*p == '.' && after < 0) { after = 0; continue; }
        if (*p < '0' || *p > '9') return 0;
        if (after >= 0 && ++after > decimals) return 0;
        if (value > max_scaled) return 0; /* long before it can overflow */
        value = value * 10 + (unsigned)(*p - '0');
        digits++;
    }
    if (!digits) return 0;
    for (int i = after < 0 ? 0 : after; i < decimals; i++) value *= 10;
    if (value > max_scaled) return 0;
    *out = value;
    return 1;
}

/* The option `name` as a string, or NULL when absent. Non-strings are an error. */
static int option(json_t *config, const char *name, const char **out, char **error) {
    json_t *value = json_object_get(config, name);
    *out = NULL;
    if (!value) return 1;
    if (!json_is_string(value)) {
        fail(error, "random-users: option '%s' must be given as a string", name);
        return 0;
    }
    *out = json_string_value(value);
    return 1;
}

static int parse_options(json_t *config, source *s, char **error) {
    const char *text;
    uint64_t value;
#define BAD(name, what) fail(error, "random-users: %s must be %s (got \"%.40s\")", name, what, text)
    if (!option(config, "seed", &text, error)) return 0;
    if (text && !parse_whole(text, UINT64_MAX, &s->seed))
        return !BAD("seed", "a whole number from 0 to 18446744073709551615");
    if (!option(config, "users", &text, error)) return 0;
    if (text) {
        if (!parse_whole(text, MAX_USERS, &value) || value == 0)
            return !BAD("users", "a whole number from 1 to 1000000");
        s->users = (uint32_t)value;
    }
    if (!option(config, "transactions", &text, error)) return 0;
    if (text && !parse_whole(text, MAX_TRANSACTIONS, &s->transactions))
        return !BAD("transactions", "a whole number from 0 to 100000000 (per user)");
    if (!option(config, "latency", &text, error)) return 0;
    if (text && !parse_decimal(text, 3, MAX_LATENCY_MS, &s->latency_ms))
        return !BAD("latency", "seconds from 0 to 3600, at most 3 decimals (e.g. 0.25)");
    if (!option(config, "failure-rate", &text, error)) return 0;
    if (text && !parse_decimal(text, 6, 1000000, &s->failure_ppm))
        return !BAD("failure-rate", "a share from 0 to 1, at most 6 decimals (e.g. 0.5)");
#undef BAD
    return 1;
}

static int source_open(const char *config_json, void **state, char **error) {
    json_error_t problem;
    json_t *config = json_loads(config_json ? config_json : "{}", 0, &problem);
    if (!config) return fail(error, "random-users: the configuration is not JSON: %s", problem.text);
    if (!json_is_object(config)) {
        json_decref(config);
        return fail(error, "random-users: the configuration must be a JSON object of strings");
    }
    source *s = calloc(1, sizeof *s);
    if (!s) {
        json_decref(config);
        return fail(error, "random-users: out of memory");
    }
    s->seed = 1;
    s->users = 3;
    s->transactions = 20;
    /* Options the host passes but we do not declare (placeholders) are the host's business. */
    int ok = parse_options(config, s, error);
    json_decref(config);
    if (ok && !ru_tables_init(&s->tables)) ok = !fail(error, "random-users: out of memory");
    if (!ok) {
        ru_tables_free(&s->tables);
        free(s);
        return TXFEED_FAILED;
    }
    *state = s;
    return TXFEED_OK;
}

static void source_close(void *state) {
    source *s = state;
    if (!s) return;
    ru_tables_free(&s->tables);
    free(s);
}

/* ---- Running --------------------------------------------------------------------------- */

/* A host callback's answer: go on (OK), stop quietly (STOP), or a failure of ours. */
static int answer(int status, const char *what, char **error) {
    if (status == TXFEED_OK || status == TXFEED_STOP) return status;
    return fail(error, "random-users: the host refused %s", what);
}

/* The simulated lag, slept in short slices so that a timeout is honoured within ~10 ms. */
static int wait_latency(uint64_t ms, const txfeed_source_host *host) {
    struct timespec now, end;
    clock_gettime(CLOCK_MONOTONIC, &end);
    end.tv_sec += (time_t)(ms / 1000);
    end.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (end.tv_nsec >= 1000000000L) { end.tv_sec++; end.tv_nsec -= 1000000000L; }
    for (;;) {
        if (host->is_cancelled(host)) return TXFEED_STOP;
        clock_gettime(CLOCK_MONOTONIC, &now);
        int64_t left = (int64_t)(end.tv_sec - now.tv_sec) * 1000000000LL + (end.tv_nsec - now.tv_nsec);
        if (left <= 0) return TXFEED_OK;
        struct timespec slice = {0, left < 10000000LL ? (long)left : 10000000L};
        nanosleep(&slice, NULL);
    }
}

static uint64_t gcd(uint64_t a, uint64_t b) {
    while (b) { uint64_t t = a % b; a = b; b = t; }
    return a;
}

/* Which users fail: exactly round(rate × users) of them, picked by a seeded shuffle. */
static unsigned char *choose_failures(const source *s) {
    unsigned char *fails = calloc(s->users, 1);
    uint32_t *order = malloc(sizeof(uint32_t) * s->users);
    if (!fails || !order) { free(fails); free(order); return NULL; }
    uint64_t count = (s->failure_ppm * s->users + 500000) / 1000000;
    ru_rng rng = ru_rng_seeded(s->seed ^ 0xFA11FA11FA11FA11ull);
    for (uint32_t i = 0; i < s->users; i++) order[i] = i;
    for (uint32_t i = 0; i < count; i++) { /* partial Fisher-Yates */
        uint32_t j = i + ru_below(&rng, s->users - i);
        uint32_t t = order[i]; order[i] = order[j]; order[j] = t;
        fails[order[i]] = 1;
    }
    free(order);
    return fails;
}

/* A batch of entries and their dates' and amounts' texts, reused for every batch. */
typedef struct batch {
    txfeed_entry entries[BATCH];
    char texts[BATCH][RU_ENTRY_TEXT];
} batch;

/* One account: its fields, then the transactions in batches; a failing user's account fails
 * whole, as a bank API's error would fail its envelope. */
static int emit_account(const source *s, uint32_t id, int failing, const char *origin, batch *b,
                        const txfeed_source_host *host, char **error) {
    ru_user user;
    ru_user_make(&user, s->seed, id, s->transactions);
    ru_account account;
    ru_account_make(&account, &user, &s->tables);
    int status = answer(host->begin_account_fields(host, &account.fields, origin), "begin_account_fields", error);
    if (status != TXFEED_OK) return status;
    if (failing) {
        char reason[64];
        snprintf(reason, sizeof reason, "status 503: simulated failure for user %u", (unsigned)id);
        status = answer(host->fail_account(host, reason), "fail_account", error);
        return status != TXFEED_OK ? status : answer(host->end_account(host), "end_account", error);
    }
    for (uint64_t done = 0; done < s->transactions;) {
        size_t n = s->transactions - done < BATCH ? (size_t)(s->transactions - done) : BATCH;
        for (size_t i = 0; i < n; i++) ru_next_entry(&b->entries[i], b->texts[i], &user, &s->tables);
        status = answer(host->emit_entries(host, b->entries, n, sizeof(txfeed_entry)), "emit_entries", error);
        if (status != TXFEED_OK) return status;
        done += n;
        if (host->is_cancelled(host)) return TXFEED_STOP;
    }
    return answer(host->end_account(host), "end_account", error);
}

static int source_run(void *state, const txfeed_source_host *host, char **error) {
    const source *s = state;
    if (host->struct_size <= offsetof(txfeed_source_host, begin_account_fields))
        return fail(error, "random-users: this txfeed is too old for the plugin (no begin_account_fields)");
    int status = wait_latency(s->latency_ms, host);
    if (status != TXFEED_OK) return status;

    unsigned char *fails = choose_failures(s);
    if (!fails) return fail(error, "random-users: out of memory");
    /* id(i) = base + (a·i + c) mod space, with a coprime to space: a seeded permutation. */
    ru_rng rng = ru_rng_seeded(s->seed);
    uint64_t base = s->users > ID_SPACE ? WIDE_ID_BASE : ID_BASE, space = s->users > ID_SPACE ? WIDE_ID_SPACE : ID_SPACE;
    uint64_t a = 1 + ru_below(&rng, space - 1), c = ru_below(&rng, space);
    while (gcd(a, space) != 1) a++;

    batch *b = malloc(sizeof *b);
    if (!b) {
        free(fails);
        return fail(error, "random-users: out of memory");
    }
    for (uint32_t i = 0; i < s->users && status == TXFEED_OK; i++) {
        if (host->is_cancelled(host)) { status = TXFEED_STOP; break; }
        uint32_t id = (uint32_t)(base + (a * i + c) % space);
        static const char origin_prefix[] = "random-users user ";
        char origin[48];
        memcpy(origin, origin_prefix, sizeof origin_prefix - 1);
        origin[sizeof origin_prefix - 1 + ru_format_uint(origin + sizeof origin_prefix - 1, id)] = 0;
        status = emit_account(s, id, fails[i], origin, b, host, error);
    }
    free(b);
    free(fails);
    return status;
}

/* ---- Descriptor ------------------------------------------------------------------------ */

static const txfeed_option OPTIONS[] = {
    {"seed", "seed of the generator (0–2^64-1, default 1): same options, same bytes", 1},
    {"users", "how many users, one account each (1–1000000, default 3)", 0},
    {"transactions", "transactions per user (0–100000000, default 20)", 0},
    {"latency", "seconds of simulated network lag before any data (0–3600, default 0)", 0},
    {"failure-rate", "share of users whose account fails whole, as with status 503 (0–1, default 0)", 0},
};

static const txfeed_plugin DESCRIPTOR = {
    .abi_version = TXFEED_ABI_VERSION,
    .struct_size = sizeof(txfeed_plugin),
    .kind = TXFEED_KIND_SOURCE,
    .name = "random-users",
    .description = "Deterministic random users, accounts and transactions for tests and benchmarks",
    .version = "1.0.0",
    .options = OPTIONS,
    .option_count = sizeof OPTIONS / sizeof OPTIONS[0],
    .sample_config = "{\"seed\":\"42\",\"users\":\"3\",\"transactions\":\"50\"}",
    .free_error = free_error,
    .open = source_open,
    .run = source_run,
    .close = source_close,
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }
