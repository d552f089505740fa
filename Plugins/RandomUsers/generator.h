/*
 * The deterministic data behind `random-users`: a seeded PRNG, users, accounts and
 * transactions written straight into JSON text. No libc `rand`, no floating point in
 * anything that reaches the output, so the same options give the same bytes everywhere.
 */
#ifndef RANDOM_USERS_GENERATOR_H
#define RANDOM_USERS_GENERATOR_H

#include <stddef.h>
#include <stdint.h>

/* splitmix64: tiny, fast, good enough for test data, and fully specified (unlike rand). */
typedef struct ru_rng {
    uint64_t state;
} ru_rng;

ru_rng ru_rng_seeded(uint64_t seed);
uint64_t ru_next(ru_rng *rng);
/* Uniform-ish in [0, bound): Lemire's multiply-shift (bias < 2^-40 for our bounds). */
uint32_t ru_below(ru_rng *rng, uint32_t bound);

/* A growable byte buffer, reused for every batch so that memory stays flat. */
typedef struct ru_buffer {
    char *bytes;
    size_t length;
    size_t capacity;
    int failed; /* out of memory once: every later append is dropped */
} ru_buffer;

/* Room for `extra` more bytes; 0 (and `failed` set) when out of memory. */
int ru_reserve(ru_buffer *buffer, size_t extra);
void ru_append(ru_buffer *buffer, const char *text, size_t length);
/* `text` as a JSON string literal, quotes included (UTF-8 kept raw, controls escaped). */
void ru_append_json_string(ru_buffer *buffer, const char *text);

/* Strings pre-escaped once per source, so the hot loop only copies bytes. */
typedef struct ru_text {
    char *json; /* a JSON string literal with its quotes */
    size_t length;
} ru_text;

typedef struct ru_tables {
    ru_text *debit_vendors;
    size_t debit_count;
    ru_text *credit_vendors;
    size_t credit_count;
    ru_text *first_names;
    ru_text *last_names;
    ru_text *account_kinds;
} ru_tables;

int ru_tables_init(ru_tables *tables);
void ru_tables_free(ru_tables *tables);

/* One generated user: profile, account and the stream their transactions come from. */
typedef struct ru_user {
    uint32_t id;
    /* Indices into the tables' names. */
    uint32_t first_name;
    uint32_t last_name;
    uint32_t account_kind;
    const char *currency; /* three letters */
    int decimals;         /* ISO 4217 minor units: 0 for JPY, else 2 */
    int64_t balance_minor;
    ru_rng rng;           /* continues into the transactions */
    uint64_t next;        /* index of the next transaction, newest first */
    uint64_t count;       /* transactions in the account */
} ru_user;

/* The user numbered `id`, the same for the same (seed, id, transactions). */
void ru_user_make(ru_user *user, uint64_t seed, uint32_t id, uint64_t transactions);

/* The envelope minus its transactions: {"status":200,...,"transactions":[]}} */
void ru_append_envelope(ru_buffer *buffer, const ru_user *user, const ru_tables *tables);

/* The next transaction as a JSON object (no separator). Reserve RU_MAX_TRANSACTION first. */
#define RU_MAX_TRANSACTION 512
void ru_append_transaction(ru_buffer *buffer, ru_user *user, const ru_tables *tables);

/* `value` in decimal, not NUL-terminated; returns its length (at most 10). snprintf's format
 * parsing was half of what an envelope cost to write. */
size_t ru_format_uint(char *out, uint32_t value);

/* `minor` units as exact JSON decimal text with 0–`decimals` digits after the point. */
size_t ru_format_amount(char *out, int64_t minor, int decimals);

#endif
