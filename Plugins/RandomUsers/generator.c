#include "generator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- PRNG ---------------------------------------------------------------------------- */

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

ru_rng ru_rng_seeded(uint64_t seed) {
    ru_rng rng = {mix64(seed)};
    return rng;
}

uint64_t ru_next(ru_rng *rng) {
    rng->state += 0x9E3779B97F4A7C15ull;
    return mix64(rng->state);
}

uint32_t ru_below(ru_rng *rng, uint32_t bound) {
    return (uint32_t)(((ru_next(rng) >> 32) * (uint64_t)bound) >> 32);
}

/* ---- Tables ---------------------------------------------------------------------------- */

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Realistic, and chosen to exercise the pipeline: non-ASCII (precomposed and one decomposed
 * letter), a non-BMP scalar, commas, quotes, apostrophes and a leading '@' (CSV guard). */
static const char *const DEBIT_VENDORS[] = {
    "Starbucks", "Amazon", "Tesco", "Whole Foods Market", "Trader Joe's", "McDonald's",
    "Uber", "Lyft", "Shell", "Netflix", "Spotify", "Apple.com/bill", "Target",
    "Walmart Supercenter #1234", "Costco Wholesale", "CVS Pharmacy", "Home Depot", "IKEA",
    "Chipotle Mexican Grill", "Dunkin'", "Pret A Manger", "Café Zoë", "Müller", "東京ストア",
    "Crème de la Crème", "Ñandú Café", "Zürich Versicherung", "Łódź Market",
    "Παντοπωλείο Γιώργος", "Москва Маркет", "서울 마트",
    "Boulangerie Noe\xCC\x88l",              /* decomposed: e + U+0308 combining diaeresis */
    "\xF0\x9F\x8D\x95 Pizza Palace",         /* non-BMP: U+1F355 */
    "Smith, Jones & Co.", "Joe's \"Best\" Burgers", "Mañana Tacos, Inc.", "\"The Corner\" Deli",
    "Ben & Jerry's", "AT&T Wireless", "PG&E", "Gym \xE2\x80\x93 FitLife", "@Home Furniture",
    "SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA", "AMZN Mktp US*2K4LM0Q81",
    "TST* SHAKE SHACK NEW YORK NY", "UBER   *EATS HELP.UBER.COM CA", "DD *DOORDASH MCDONALDS",
};
static const char *const CREDIT_VENDORS[] = {
    "Payroll ACME Corp", "Transfer from Savings", "Refund, Amazon", "Venmo", "Interest",
    "Zelle from José Núñez", "Müller GmbH, Erstattung", "株式会社 東京 Refund", "Cash Deposit",
};
static const char *const FIRST_NAMES[] = {
    "Kevin", "Sam", "Quorra", "Alan", "Lora", "José", "Zoë", "Chloé", "Søren", "Aoife",
    "Mei", "Ngozi", "Priya", "Łukasz", "Björn", "Renée", "Yuki", "Omar", "Ana", "Liam",
};
static const char *const LAST_NAMES[] = {
    "Flynn", "Bradley", "Núñez", "O'Connor", "Müller", "Dubois", "Nakamura", "Okafor",
    "Sharma", "Kowalski", "Andersson", "García", "Smith", "Ivanova", "Rossi", "Chen",
};
static const char *const ACCOUNT_KINDS[] = {
    "Everyday Checking", "Travel Fund", "Rainy Day Savings", "Holiday Savings",
    "Joint Account", "Business Checking", "Kids' Savings", "Emergency Fund",
};

static int describe_all(ru_text **out, const char *const *names, size_t count) {
    *out = calloc(count, sizeof(ru_text));
    if (!*out) return 0;
    for (size_t i = 0; i < count; i++) (*out)[i] = (ru_text){names[i], strlen(names[i])};
    return 1;
}

int ru_tables_init(ru_tables *tables) {
    memset(tables, 0, sizeof *tables);
    tables->debit_count = COUNT(DEBIT_VENDORS);
    tables->credit_count = COUNT(CREDIT_VENDORS);
    return describe_all(&tables->debit_vendors, DEBIT_VENDORS, COUNT(DEBIT_VENDORS)) &&
           describe_all(&tables->credit_vendors, CREDIT_VENDORS, COUNT(CREDIT_VENDORS)) &&
           describe_all(&tables->first_names, FIRST_NAMES, COUNT(FIRST_NAMES)) &&
           describe_all(&tables->last_names, LAST_NAMES, COUNT(LAST_NAMES)) &&
           describe_all(&tables->account_kinds, ACCOUNT_KINDS, COUNT(ACCOUNT_KINDS));
}

void ru_tables_free(ru_tables *tables) {
    /* The texts are the static tables' own: only the arrays of them were allocated. */
    free(tables->debit_vendors);
    free(tables->credit_vendors);
    free(tables->first_names);
    free(tables->last_names);
    free(tables->account_kinds);
    memset(tables, 0, sizeof *tables);
}

/* ---- Users ----------------------------------------------------------------------------- */

/* Transactions fall in [2019-01-01, 2025-01-01) UTC, newest first like a bank feed. */
#define START_SECONDS 1546300800ll /* 2019-01-01 00:00:00 UTC */
#define END_SECONDS 1735689600ll   /* 2025-01-01 00:00:00 UTC */

/* 2-decimal amounts are cents; yen are about 1.5 × cents (¥150 to the dollar), whole. */
static int64_t in_currency(int64_t cents, int decimals) {
    if (decimals == 2) return cents;
    int64_t yen = cents * 3 / 2;
    return yen > 0 ? yen : 1;
}

void ru_user_make(ru_user *user, uint64_t seed, uint32_t id, uint64_t transactions) {
    memset(user, 0, sizeof *user);
    /* Each user has its own stream, so a user's data does not depend on the others
     * (or on which of them are chosen to fail). */
    ru_rng rng = ru_rng_seeded(mix64(seed) ^ mix64(0xA5A5000000000000ull | id));
    user->id = id;
    user->first_name = ru_below(&rng, COUNT(FIRST_NAMES));
    user->last_name = ru_below(&rng, COUNT(LAST_NAMES));
    user->account_kind = ru_below(&rng, COUNT(ACCOUNT_KINDS));
    uint32_t c = ru_below(&rng, 100); /* USD 40%, EUR 25%, GBP 20%, JPY 15% */
    user->currency = c < 40 ? "USD" : c < 65 ? "EUR" : c < 85 ? "GBP" : "JPY";
    user->decimals = c < 85 ? 2 : 0;
    user->balance_minor = in_currency(ru_below(&rng, 5000000), user->decimals);
    user->count = transactions;
    user->rng = rng;
}

size_t ru_format_amount(char *out, int64_t minor, int decimals) {
    char digits[24];
    int n = 0;
    uint64_t v = (uint64_t)(minor < 0 ? -minor : minor);
    do { digits[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    /* At least one integer digit before the decimals: 5 cents is 0.05. */
    while (n <= decimals) digits[n++] = '0';
    char *p = out;
    if (minor < 0) *p++ = '-';
    for (int i = n - 1; i >= decimals; i--) *p++ = digits[i];
    /* Drop trailing zeros of the fraction: 12.50 is written 12.5 and 12.00 as 12. */
    int first = 0;
    while (first < decimals && digits[first] == '0') first++;
    if (first < decimals) {
        *p++ = '.';
        for (int i = decimals - 1; i >= first; i--) *p++ = digits[i];
    }
    return (size_t)(p - out);
}

size_t ru_format_uint(char *out, uint32_t value) {
    char digits[10];
    size_t n = 0;
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value);
    for (size_t i = 0; i < n; i++) out[i] = digits[n - 1 - i];
    return n;
}

static txfeed_text text(const char *bytes, size_t length) {
    txfeed_text t = {bytes, length};
    return t;
}

void ru_account_make(ru_account *account, const ru_user *user, const ru_tables *tables) {
    size_t id_length = ru_format_uint(account->id, user->id);
    size_t balance_length = ru_format_amount(account->balance, user->balance_minor, user->decimals);
    /* The user id in the name keeps accounts apart when two users get the same kind. */
    const ru_text *kind = &tables->account_kinds[user->account_kind];
    static const char dots[] = " \xE2\x80\xA2\xE2\x80\xA2";
    char *p = account->name;
    memcpy(p, kind->text, kind->length);
    p += kind->length;
    memcpy(p, dots, sizeof dots - 1);
    p += sizeof dots - 1;
    memcpy(p, account->id, id_length);
    p += id_length;
    const ru_text *first = &tables->first_names[user->first_name], *last = &tables->last_names[user->last_name];
    memset(&account->fields, 0, sizeof account->fields);
    account->fields.struct_size = sizeof account->fields;
    account->fields.name = text(account->name, (size_t)(p - account->name));
    account->fields.currency = text(user->currency, 3);
    account->fields.balance = text(account->balance, balance_length);
    account->fields.profile_id = text(account->id, id_length);
    account->fields.first_name = text(first->text, first->length);
    account->fields.last_name = text(last->text, last->length);
}

/* ---- Transactions ---------------------------------------------------------------------- */

/* Gregorian date from days since 1970-01-01 (H. Hinnant's civil_from_days). */
static void civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d) {
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = (int64_t)yoe + era * 400 + (*m <= 2);
}

static char *two(char *p, unsigned v) {
    p[0] = (char)('0' + v / 10);
    p[1] = (char)('0' + v % 10);
    return p + 2;
}

/* "yyyy-MM-dd HH:mm:ss" without strftime (locale- and time-zone-free, and fast). */
static char *format_date(char *p, int64_t seconds) {
    int64_t days = seconds / 86400, rest = seconds % 86400, y;
    unsigned m, d;
    civil_from_days(days, &y, &m, &d);
    p = two(p, (unsigned)(y / 100));
    p = two(p, (unsigned)(y % 100));
    *p++ = '-';
    p = two(p, m);
    *p++ = '-';
    p = two(p, d);
    *p++ = ' ';
    p = two(p, (unsigned)(rest / 3600));
    *p++ = ':';
    p = two(p, (unsigned)(rest / 60 % 60));
    *p++ = ':';
    return two(p, (unsigned)(rest % 60));
}

/* Integer-only amounts (no libm, so no platform differences): mostly small spend, some
 * bills, a few anything-goes; some whole and some one-decimal amounts. */
static int64_t debit_cents(ru_rng *rng) {
    uint32_t r = ru_below(rng, 100);
    int64_t cents;
    if (r < 70) {
        uint32_t a = ru_below(rng, 8000), b = ru_below(rng, 8000);
        cents = 50 + (a < b ? a : b); /* skewed toward small amounts */
    } else if (r < 95) {
        cents = 5000 + ru_below(rng, 45000);
    } else {
        cents = 1 + ru_below(rng, 500000);
    }
    r = ru_below(rng, 100);
    if (r < 8 && cents >= 100) cents -= cents % 100;
    else if (r < 18 && cents >= 10) cents -= cents % 10;
    return cents;
}

void ru_next_entry(txfeed_entry *entry, char *out, ru_user *user, const ru_tables *tables) {
    ru_rng *rng = &user->rng;
    int credit = ru_below(rng, 100) < 18;
    const ru_text *vendor = credit ? &tables->credit_vendors[ru_below(rng, (uint32_t)tables->credit_count)]
                                   : &tables->debit_vendors[ru_below(rng, (uint32_t)tables->debit_count)];
    int64_t cents = credit ? 1000 + ru_below(rng, 400000) : debit_cents(rng);
    int64_t minor = in_currency(cents, user->decimals);

    /* The span cut into `count` equal slots, newest first, one random second in each: dates
     * cover the whole range, come out in order, and need no sorting or memory. */
    const int64_t span = END_SECONDS - START_SECONDS;
    int64_t newer = END_SECONDS - (int64_t)(user->next * (uint64_t)span / user->count);
    int64_t older = END_SECONDS - (int64_t)((user->next + 1) * (uint64_t)span / user->count);
    int64_t when = older + (newer > older ? ru_below(rng, (uint32_t)(newer - older)) : 0);
    user->next++;

    memset(entry, 0, sizeof *entry);
    entry->vendor = text(vendor->text, vendor->length);
    size_t amount = ru_format_amount(out, credit ? minor : -minor, user->decimals);
    entry->amount = text(out, amount);
    char *date = out + amount;
    entry->date = text(date, (size_t)(format_date(date, when) - date));
    entry->status = TXFEED_BOOKED;
}
