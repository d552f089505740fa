/*
 * The deterministic data behind `random-users`: a seeded PRNG, users, accounts and
 * transactions as the ABI's plain fields. No libc `rand`, no floating point in
 * anything that reaches the output, so the same options give the same bytes everywhere.
 */
#ifndef RANDOM_USERS_GENERATOR_H
#define RANDOM_USERS_GENERATOR_H

#include <stddef.h>
#include <stdint.h>

#include "txfeed_plugin.h"

/* splitmix64: tiny, fast, good enough for test data, and fully specified (unlike rand). */
typedef struct ru_rng {
    uint64_t state;
} ru_rng;

ru_rng ru_rng_seeded(uint64_t seed);
uint64_t ru_next(ru_rng *rng);
/* Uniform-ish in [0, bound): Lemire's multiply-shift (bias < 2^-40 for our bounds). */
uint32_t ru_below(ru_rng *rng, uint32_t bound);

/* A table's text and its length, counted once per source. */
typedef struct ru_text {
    const char *text;
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

/* The user's account as `begin_account_fields` takes it: `fields` points into the texts. */
typedef struct ru_account {
    char name[64];
    char id[10];
    char balance[24];
    txfeed_account fields;
} ru_account;

void ru_account_make(ru_account *account, const ru_user *user, const ru_tables *tables);

/* The next transaction as an entry whose date and amount are written to `text`
 * (RU_ENTRY_TEXT bytes); the vendor points into the tables. */
#define RU_ENTRY_TEXT 48
void ru_next_entry(txfeed_entry *entry, char *text, ru_user *user, const ru_tables *tables);

/* `value` in decimal, not NUL-terminated; returns its length (at most 10). snprintf's format
 * parsing was half of what an envelope cost to write. */
size_t ru_format_uint(char *out, uint32_t value);

/* `minor` units as exact decimal text with 0–`decimals` digits after the point. */
size_t ru_format_amount(char *out, int64_t minor, int decimals);

#endif
