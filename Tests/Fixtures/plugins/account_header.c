/*
 * One account of three entries, its header handed over as a JSON envelope (`begin_account`, as
 * a plugin built before `begin_account_fields` does) or, with -DUSE_FIELDS, as plain fields:
 * built against the older header and against this one, the two must give the same feed.
 * The account has an id, a currency, a balance stated at its end, and a holder.
 */
#include <string.h>

#include "txfeed_plugin.h"

#define TEXT(s) ((txfeed_text){s, sizeof(s) - 1})

static void free_error(char *error) { (void)error; }

static int source_open(const char *config_json, void **state, char **error) {
    (void)config_json, (void)error;
    *state = NULL;
    return TXFEED_OK;
}

static void source_close(void *state) { (void)state; }

static int source_run(void *state, const txfeed_source_host *host, char **error) {
    (void)state, (void)error;
    static const char origin[] = "statement.csv";
#ifdef USE_FIELDS
    txfeed_account account = {.struct_size = sizeof account, .name = TEXT("Girokonto"),
        .id = TEXT("DE89370400440532013000"), .currency = TEXT("EUR"), .balance = TEXT("100.00"),
        .profile_id = TEXT("7"), .first_name = TEXT("Zoë"), .last_name = TEXT("Ó Briain")};
    if (host->begin_account_fields(host, &account, origin) == TXFEED_STOP) return TXFEED_STOP;
#else
    static const char envelope[] =
        "{\"body\":{\"name\":\"Girokonto\",\"id\":\"DE89370400440532013000\",\"currency\":\"EUR\","
        "\"currentBalance\":100,\"profile\":{\"id\":\"7\",\"firstName\":\"Zo\\u00eb\",\"lastName\":\"\xC3\x93 Briain\"},"
        "\"transactions\":[]}}";
    if (host->begin_account(host, envelope, sizeof envelope - 1, origin) == TXFEED_STOP) return TXFEED_STOP;
#endif
    txfeed_entry entries[3] = {
        {.date = TEXT("2024-03-01"), .vendor = TEXT("Bäckerei"), .amount = TEXT("-4.50"), .id = TEXT("REF-1"),
         .where = TEXT("line 2")},
        {.date = TEXT("2024-03-02"), .vendor = TEXT("Salary"), .amount = TEXT("2000"), .memo = TEXT("March"),
         .where = TEXT("line 3")},
        {.date = TEXT("2024-03-03"), .vendor = TEXT("Kiosk"), .amount = TEXT("1.005"), .where = TEXT("line 4"),
         .raw = TEXT("03.03.24;Kiosk;1,005")},
    };
    if (host->emit_entries(host, entries, 3, sizeof entries[0]) == TXFEED_STOP) return TXFEED_STOP;
    static const char balance[] = "-12.50";
    return host->end_account_with_balance(host, balance, sizeof balance - 1) == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
}

static const txfeed_plugin DESCRIPTOR = {
    .abi_version = TXFEED_ABI_VERSION,
    .struct_size = sizeof(txfeed_plugin),
    .kind = TXFEED_KIND_SOURCE,
    .name = PLUGIN_NAME,
    .description = "One account, its header as an envelope or as fields",
    .version = "1",
    .sample_config = "{}",
    .free_error = free_error,
    .open = source_open,
    .run = source_run,
    .close = source_close,
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }
