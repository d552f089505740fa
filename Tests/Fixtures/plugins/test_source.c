/* A source plugin for txfeed's own tests, built by the tests with cc.
 * -DTEST_ABI_VERSION=N / -DTEST_STRUCT_SIZE=N build deliberately broken descriptors;
 * -DTEST_NAME="x" renames it. The `mode` option picks a behaviour:
 *   ok              one envelope with two transactions
 *   stream          the same account as header + two batches
 *   slow-stream     accounts of entries with pauses between batches, so that a plugin host child
 *                   sends them up before they end: "Slow" ends well, "Slow broken" fails after
 *                   its batches, "Slow unended" is followed by begin_account of "Slow last";
 *                   each batch also rejects a row ("line A.B")
 *   crash-in-account  one envelope, then an account of entries with pauses (sent up while
 *                   open), then a crash before its end_account
 *   dom             an array of envelopes built with jansson, handed over as json_t*:
 *                   one good (with one bad transaction), one with status 500
 *   entries         an EUR account through emit_entries (entries one size larger than the
 *                   header's, as a newer plugin sends them): two good, two wrong, and one
 *                   record the plugin rejects itself; then an account that fails whole,
 *                   after emit_entries with a count of SIZE_MAX (refused)
 *   fields          accounts through begin_account_fields: one good, three that fail (an
 *                   unknown currency, a balance of too many decimals, no name)
 *   big-accounts    a small account, then three of 70,000 entries ("Big", "Big broken" that
 *                   fails, "Big last"), for an open account that spills under --memory (past
 *                   65,536, the least a run holds)
 *   many-rejects    two accounts of 12,000 rejected rows and one entry, over 1 MiB of calls
 *                   each: "Rejecting" ends well, "Rejecting broken" fails
 *   fail-after-one  one envelope, then a failure
 *   size-max        emit_document with a length of SIZE_MAX (refused), then one envelope
 *   sleep           waits, polling is_cancelled (a well-behaved slow source)
 *   ignore-cancel   waits 30 s and never looks at is_cancelled
 *   open-hangs      waits 60 s in open, before run: a configuration check that never answers
 *   crash           dereferences a null pointer (a plugin bug the host cannot survive)
 *   balance         a streamed account ended with end_account_with_balance("-12.50"), then
 *                   one ended with a balance that is not a plain decimal ("12,5")
 *   thread          emits one envelope from a thread it starts (refused), then one from run
 *   exit            ends the whole process with exit(0) (a plugin that takes its host down)
 *   log             logs at every level (and an unknown one), with a line break and an escape
 *                   in a message, then one envelope
 * Misbehaviour a plugin host child must contain (each after three envelopes and a pause, so
 * that what was delivered has reached txfeed):
 *   crash-after-three  then dereferences a null pointer
 *   abort           then abort()         bus    then raise(SIGBUS)
 *   _exit           then _exit(3)        exit-after-three  then exit(0)
 *   print           writes to its stdout and stderr (an escape sequence in one), then one envelope
 *   tamper          setenv, SIGINT ignored, setlocale, closes descriptors 1 and 2, then one envelope
 *   hog             allocates and touches 64 MiB blocks up to 2 GiB (abort() when refused)
 *   fd3             writes garbage to descriptor 3, then one envelope
 * Processes a plugin starts and leaves behind (fork without exec; each forked process waits
 * for ever, holding the child's pipes):
 *   fork            forks a process that pauses, then one envelope
 *   fork-lock       forks while another thread holds a lock the forked process then takes
 *                   (as a forked copy of a multithreaded process stuck in malloc), then one envelope
 *   daemon          double fork, the grandchild in a session of its own (setsid) and
 *                   reparented away from the plugin's process, then one envelope
 *   daemon-hang     as daemon, then waits 30 s never looking at is_cancelled (a timeout ends it)
 *   fork-crash      forks a process that pauses, then one envelope and a crash
 * -DTEST_CONSTRUCTOR prints from a library constructor and sets an environment variable.
 * -DTEST_SAMPLE_MODE="x" makes `x` the mode of the sample configuration (for plugins check).
 * -DTEST_IDENTIFY=N gives it an `identify` that claims files named *.claim with confidence N;
 * such a file, handed over as the main option, reads as mode `ok`. With -DTEST_IDENTIFY_ABORT
 * its `identify` aborts instead, taking down the process that asks it.
 * -DTEST_SAY makes such a file's read print "reading PATH" (left in stdio's buffer), one
 * whose name holds "slow" wait 3 s first, polling is_cancelled, one whose name holds "nap"
 * 250 ms, and one whose name holds "crash" dereference a null pointer.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <locale.h>
#include <unistd.h>
#include <sys/wait.h>
#include <jansson.h>
#include "txfeed_plugin.h"

#ifndef TEST_ABI_VERSION
#define TEST_ABI_VERSION TXFEED_ABI_VERSION
#endif
#ifndef TEST_STRUCT_SIZE
#define TEST_STRUCT_SIZE sizeof(txfeed_plugin)
#endif
#ifndef TEST_SAMPLE_MODE
#define TEST_SAMPLE_MODE "ok"
#endif
#ifndef TEST_NAME
#define TEST_NAME "test-source"
#endif

static const char *ENVELOPE =
    "{\"status\":200,\"message\":\"ok\",\"body\":{\"name\":\"Test Account\",\"currentBalance\":10,"
    "\"transactions\":[{\"type\":0,\"vendor\":\"Alpha\",\"amount\":1.25,\"date\":\"2022-01-02 03:04:05\"},"
    "{\"type\":1,\"vendor\":\"Beta\",\"amount\":2,\"date\":\"2022-01-01 00:00:00\"}]}}";

typedef struct { char mode[4096]; } state_t;  /* a mode, or a routed file's path */

static void nap(int ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static int test_open(const char *config, void **state, char **error) {
    json_error_t e;
    json_t *root = json_loads(config, 0, &e);
    state_t *s = calloc(1, sizeof *s);
    const char *mode = root ? json_string_value(json_object_get(root, "mode")) : NULL;
    strncpy(s->mode, mode ? mode : "ok", sizeof s->mode - 1);
    if (root) json_decref(root);
    if (strcmp(s->mode, "open-hangs") == 0) sleep(60);
    *state = s;
    (void)error;
    return TXFEED_OK;
}

#ifdef TEST_IDENTIFY
static int test_identify(const char *path, const unsigned char *head, size_t length) {
    size_t n = strlen(path);
    (void)head;
    (void)length;
#ifdef TEST_IDENTIFY_ABORT
    abort();
#endif
    return n > 6 && strcmp(path + n - 6, ".claim") == 0 ? TEST_IDENTIFY : 0;
}
#endif

/* For mode `thread`: a delivery from a thread the plugin started; returns the host's answer. */
static void *emit_from_thread(void *arg) {
    const txfeed_source_host *host = arg;
    int *answer = malloc(sizeof *answer);
    if (answer) *answer = host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:other-thread");
    return answer;
}

/* For the fork modes: what a forked process does until it is killed. */
static void forever(void) {
    for (;;) pause();
}

static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t taken = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t taken_signal = PTHREAD_COND_INITIALIZER;
static int is_taken;

/* For mode `fork-lock`: holds `held` until the process ends. */
static void *hold_lock(void *arg) {
    (void)arg;
    pthread_mutex_lock(&held);
    pthread_mutex_lock(&taken);
    is_taken = 1;
    pthread_cond_signal(&taken_signal);
    pthread_mutex_unlock(&taken);
    forever();
    return NULL;
}

/* The fork modes' processes; returns in the plugin's own process only. */
static void leave_processes(const char *mode) {
    if (strcmp(mode, "fork-lock") == 0) {
        pthread_t holder;
        pthread_mutex_lock(&taken);
        if (!is_taken) pthread_create(&holder, NULL, hold_lock, NULL);
        while (!is_taken) pthread_cond_wait(&taken_signal, &taken);
        pthread_mutex_unlock(&taken);
        if (fork() == 0) {
            pthread_mutex_lock(&held); /* its holder is not in this process: never given */
            forever();
        }
        return;
    }
    if (strncmp(mode, "daemon", 6) == 0) {
        pid_t middle = fork();
        if (middle == 0) {
            setsid();
            if (fork() == 0) forever();
            _exit(0);
        }
        if (middle > 0) waitpid(middle, NULL, 0);
        return;
    }
    if (fork() == 0) forever();
}

static int test_run(void *state, const txfeed_source_host *host, char **error) {
    state_t *s = state;
    size_t length = strlen(s->mode);
    if (strcmp(s->mode, "ok") == 0 || (length > 6 && strcmp(s->mode + length - 6, ".claim") == 0)) {
#ifdef TEST_SAY
        printf("reading %s\n", s->mode);
        for (int i = 0; strstr(s->mode, "slow") && i < 300; i++) {
            if (host->is_cancelled(host)) return TXFEED_STOP;
            nap(10);
        }
        if (strstr(s->mode, "nap")) nap(250);
        if (strstr(s->mode, "crash")) {
            volatile int *nowhere = NULL;
            *nowhere = 1;
        }
#endif
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:ok") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "stream") == 0) {
        const char *head = "{\"status\":200,\"body\":{\"name\":\"Streamed\",\"transactions\":[]}}";
        const char *b1 = "[{\"type\":0,\"vendor\":\"Alpha\",\"amount\":1,\"date\":\"2022-01-02 03:04:05\"}]";
        const char *b2 = "[{\"type\":1,\"vendor\":\"Beta\",\"amount\":-1,\"date\":\"2022-01-01 00:00:00\"},"
                         "{\"type\":1,\"vendor\":\"Gamma\",\"amount\":3,\"date\":\"2022-01-01 00:00:01\"}]";
        host->begin_account(host, head, strlen(head), "test:stream");
        host->emit_transactions(host, b1, strlen(b1));
        host->emit_transactions(host, b2, strlen(b2));
        return host->end_account(host) == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    int crash = strcmp(s->mode, "crash-in-account") == 0;
    if (crash) host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:before");
    if (strcmp(s->mode, "slow-stream") == 0 || crash) {
        /* Entries, as the statement plugins send them: an account of those is decoded as it comes. */
        static const char *names[] = {"Slow", "Slow broken", "Slow unended", "Slow last"};
        static const int batches[] = {4, 3, 2, 2};
        char head[128], vendor[32], amount[16], date[16];
        for (int a = 0; a < 4; a++) {
            snprintf(head, sizeof head, "{\"body\":{\"name\":\"%s\",\"currency\":\"EUR\",\"transactions\":[]}}", names[a]);
            host->begin_account(host, head, strlen(head), "test:slow");
            for (int b = 0; b < batches[a]; b++) {
                nap(30);
                txfeed_entry entry;
                memset(&entry, 0, sizeof entry);
                entry.vendor = (txfeed_text){vendor, (size_t)snprintf(vendor, sizeof vendor, "%s %d", names[a], b)};
                entry.amount = (txfeed_text){amount, (size_t)snprintf(amount, sizeof amount, "%d", 10 * a + b + 1)};
                entry.date = (txfeed_text){date, (size_t)snprintf(date, sizeof date, "2022-01-0%d", b + 1)};
                if (host->emit_entries(host, &entry, 1, sizeof entry) == TXFEED_STOP) return TXFEED_STOP;
                /* And a row it rejects: kept, like the records, only if the account ends well. */
                char where[32], raw[48];
                snprintf(where, sizeof where, "line %d.%d", a, b);
                int raw_length = snprintf(raw, sizeof raw, "%s;%d;x", names[a], b);
                if (host->reject(host, where, "not an amount", raw, (size_t)raw_length) == TXFEED_STOP) return TXFEED_STOP;
            }
            if (crash) {
                volatile int *nowhere = NULL;
                *nowhere = 1;
            }
            if (a == 1) host->fail_account(host, "balances do not reconcile");
            if (a != 2 && host->end_account(host) == TXFEED_STOP) return TXFEED_STOP;
        }
        return TXFEED_OK;
    }
    if (strcmp(s->mode, "dom") == 0) {
        json_error_t e;
        json_t *doc = json_loads(
            "[{\"status\":200,\"body\":{\"name\":\"Built\",\"currency\":\"EUR\",\"transactions\":["
            "{\"type\":0,\"vendor\":\"Alpha\",\"amount\":1.5,\"date\":\"2022-01-02 03:04:05\"},"
            "{\"type\":1,\"vendor\":\"Beta\",\"amount\":2.555,\"date\":\"2022-01-01 00:00:00\"}]}},"
            "{\"status\":500,\"message\":\"backend down\",\"body\":null}]", 0, &e);
        int status = host->emit_document_json(host, doc, "test:dom");
        json_decref(doc); /* the plugin keeps its own reference and drops it when it likes */
        return status == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "entries") == 0) {
        /* A newer plugin's entry: the host must step by entry_size and ignore `later`. */
        struct { txfeed_entry entry; int64_t later; } batch[4];
        memset(batch, 0, sizeof batch);
#define TEXT(s) ((txfeed_text){s, sizeof(s) - 1})
        batch[0].entry = (txfeed_entry){.date = TEXT("2024-03-01"), .vendor = TEXT("Bäckerei"),
            .amount = TEXT("-1234.50"), .id = TEXT("REF-1"), .where = TEXT("line 2"), .raw = TEXT("a;b")};
        batch[1].entry = (txfeed_entry){.date = TEXT("2024-03-02T08:15:00+01:00"), .vendor = TEXT("Salary"),
            .amount = TEXT("+2000"), .memo = TEXT("March"), .where = TEXT("line 3"), .status = TXFEED_PENDING};
        batch[2].entry = (txfeed_entry){.date = TEXT("2024-03-03"), .vendor = TEXT("Kiosk"),
            .amount = TEXT("1.005"), .where = TEXT("line 4"), .raw = TEXT("03.03.24;Kiosk;1,005")};
        batch[3].entry = (txfeed_entry){.date = TEXT("2024-02-30"), .vendor = TEXT("Nobody"),
            .amount = TEXT("5")};
        for (int i = 0; i < 4; i++) batch[i].later = -1;
#undef TEXT
        const char *head = "{\"body\":{\"name\":\"Entries\",\"currency\":\"EUR\",\"transactions\":[]}}";
        if (host->struct_size <= offsetof(txfeed_source_host, reject)) {
            *error = strdup("this host has no emit_entries");
            return TXFEED_FAILED;
        }
        host->begin_account(host, head, strlen(head), "test:entries");
        host->emit_entries(host, &batch[0].entry, 4, sizeof batch[0]);
        host->reject(host, "line 6", "3 fields, the header has 5", "x;y;z", 5);
        if (host->end_account(host) == TXFEED_STOP) return TXFEED_STOP;
        /* A second statement that fails whole: none of its entries are kept. */
        const char *second = "{\"body\":{\"name\":\"Broken\",\"transactions\":[]}}";
        host->begin_account(host, second, strlen(second), "test:broken");
        host->emit_entries(host, &batch[0].entry, 2, sizeof batch[0]);
        /* A count that reaches the host negative is refused, not read. */
        host->emit_entries(host, &batch[0].entry, (size_t)-1, sizeof batch[0]);
        host->fail_account(host, "balances do not reconcile");
        return host->end_account(host) == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "fields") == 0) {
        /* Accounts as plain fields (a newer plugin's struct, one field larger): one good, with a
         * holder and an overdrawn balance; then one each with an unknown currency, a balance of
         * too many decimals and no name, each failing whole. */
#define TEXT(s) ((txfeed_text){s, sizeof(s) - 1})
        struct { txfeed_account account; int64_t later; } accounts[4];
        memset(accounts, 0, sizeof accounts);
        accounts[0].account = (txfeed_account){.name = TEXT("Girokonto"), .id = TEXT("DE89370400440532013000"),
            .currency = TEXT("EUR"), .balance = TEXT("-12.50"), .first_name = TEXT("Zoë")};
        accounts[1].account = (txfeed_account){.name = TEXT("Euro"), .currency = TEXT("EURO")};
        accounts[2].account = (txfeed_account){.name = TEXT("Cents"), .currency = TEXT("EUR"), .balance = TEXT("1.005")};
        accounts[3].account = (txfeed_account){.currency = TEXT("EUR")};
        txfeed_entry entry = {.date = TEXT("2024-03-01"), .vendor = TEXT("Lidl"), .amount = TEXT("-23.45"),
            .where = TEXT("line 2")};
#undef TEXT
        if (host->struct_size <= offsetof(txfeed_source_host, begin_account_fields)) {
            *error = strdup("this host has no begin_account_fields");
            return TXFEED_FAILED;
        }
        static const char *const origins[] = {"test:good", "test:euro", "test:cents", "test:nameless"};
        for (int i = 0; i < 4; i++) {
            accounts[i].account.struct_size = sizeof accounts[i];
            accounts[i].later = -1;
            if (host->begin_account_fields(host, &accounts[i].account, origins[i]) == TXFEED_STOP) return TXFEED_STOP;
            host->emit_entries(host, &entry, 1, sizeof entry);
            if (host->end_account(host) == TXFEED_STOP) return TXFEED_STOP;
        }
        return TXFEED_OK;
    }
    if (strcmp(s->mode, "statuses") == 0) {
        /* A booked entry, one whose money never moved (only where, raw and memo count: its
         * amount would not parse), and one of a status no host knows. */
#define TEXT(s) ((txfeed_text){s, sizeof(s) - 1})
        txfeed_entry batch[3] = {
            {.date = TEXT("2024-03-01"), .vendor = TEXT("Lidl"), .amount = TEXT("-23.45"), .where = TEXT("line 2")},
            {.date = TEXT(""), .vendor = TEXT(""), .amount = TEXT("not money"), .memo = TEXT("money that never moved (DECLINED)"),
             .where = TEXT("line 3"), .raw = TEXT("Booking.com;-120,00;DECLINED"), .status = TXFEED_NEVER_MOVED},
            {.date = TEXT("2024-03-04"), .vendor = TEXT("Uber"), .amount = TEXT("-14.20"), .where = TEXT("line 4"),
             .status = 7},
        };
#undef TEXT
        if (host->struct_size <= offsetof(txfeed_source_host, highest_entry_status) ||
            host->highest_entry_status < TXFEED_NEVER_MOVED) {
            *error = strdup("this host does not read TXFEED_NEVER_MOVED");
            return TXFEED_FAILED;
        }
        const char *head = "{\"body\":{\"name\":\"Card\",\"currency\":\"EUR\",\"transactions\":[]}}";
        host->begin_account(host, head, strlen(head), "test:statuses");
        host->emit_entries(host, batch, 3, sizeof batch[0]);
        return host->end_account(host) == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "big-accounts") == 0) {
        /* A small account, then three of 70,000 entries in batches of 1,000 (days repeat, so
         * records tie in time): "Big" ends well, "Big broken" fails at its end, "Big last" ends well. */
        static const char *names[] = {"Small", "Big", "Big broken", "Big last"};
        char head[128], vendor[4][32], amount[4][16], date[4][16];
        for (int a = 0; a < 4; a++) {
            snprintf(head, sizeof head, "{\"body\":{\"name\":\"%s\",\"currency\":\"EUR\",\"transactions\":[]}}", names[a]);
            host->begin_account(host, head, strlen(head), "test:big");
            int batches = a == 0 ? 1 : 70;
            for (int b = 0; b < batches; b++) {
                txfeed_entry entries[1000];
                int n = a == 0 ? 3 : 1000;
                memset(entries, 0, sizeof entries);
                for (int i = 0; i < n; i++) {
                    int k = b * 1000 + i, slot = i % 4;
                    entries[i].vendor = (txfeed_text){vendor[slot], (size_t)snprintf(vendor[slot], sizeof vendor[slot], "Vendor %d", (k * 7 + a) % 3000)};
                    entries[i].amount = (txfeed_text){amount[slot], (size_t)snprintf(amount[slot], sizeof amount[slot], "-%d.%02d", k % 500, k % 100)};
                    entries[i].date = (txfeed_text){date[slot], (size_t)snprintf(date[slot], sizeof date[slot], "2022-%02d-%02d", 1 + k % 12, 1 + k % 28)};
                    /* The host reads each entry's texts during the call: 4 slots are enough for none to be reused early. */
                    if (slot == 3 || i == n - 1) {
                        int first = i - slot;
                        if (host->emit_entries(host, &entries[first], (size_t)(i - first + 1), sizeof entries[0]) == TXFEED_STOP) return TXFEED_STOP;
                    }
                }
            }
            if (a == 2) host->fail_account(host, "balances do not reconcile");
            if (host->end_account(host) == TXFEED_STOP) return TXFEED_STOP;
        }
        return TXFEED_OK;
    }
    if (strcmp(s->mode, "many-rejects") == 0) {
        /* Accounts whose rejected rows alone outgrow a small account (over 1 MiB of calls): one
         * that ends well with one good entry, then one that fails. */
        static const char *names[] = {"Rejecting", "Rejecting broken"};
        char head[128], where[32], raw[160];
        for (int a = 0; a < 2; a++) {
            snprintf(head, sizeof head, "{\"body\":{\"name\":\"%s\",\"currency\":\"EUR\",\"transactions\":[]}}", names[a]);
            host->begin_account(host, head, strlen(head), "test:many");
            for (int r = 1; r <= 12000; r++) {
                snprintf(where, sizeof where, "line %d", r);
                int raw_length = snprintf(raw, sizeof raw, "%s;%d;%0100d", names[a], r, 0);
                if (host->reject(host, where, "not an amount", raw, (size_t)raw_length) == TXFEED_STOP) return TXFEED_STOP;
            }
            txfeed_entry entry;
            memset(&entry, 0, sizeof entry);
            entry.vendor = (txfeed_text){"Kept", 4};
            entry.amount = (txfeed_text){"-1", 2};
            entry.date = (txfeed_text){"2022-01-01", 10};
            if (host->emit_entries(host, &entry, 1, sizeof entry) == TXFEED_STOP) return TXFEED_STOP;
            if (a == 1) host->fail_account(host, "balances do not reconcile");
            if (host->end_account(host) == TXFEED_STOP) return TXFEED_STOP;
        }
        return TXFEED_OK;
    }
    if (strcmp(s->mode, "fail-after-one") == 0) {
        host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:first");
        *error = strdup("lost the connection after the first document");
        return TXFEED_FAILED;
    }
    if (strcmp(s->mode, "size-max") == 0) {
        /* A length that is a negative number cast to size_t: refused, never read. */
        if (host->emit_document(host, ENVELOPE, (size_t)-1, "test:size-max") == TXFEED_OK) return TXFEED_OK;
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:after") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "sleep") == 0) {
        for (int i = 0; i < 3000; i++) {
            if (host->is_cancelled(host)) return TXFEED_STOP;
            nap(10);
        }
        return TXFEED_OK;
    }
    if (strcmp(s->mode, "ignore-cancel") == 0) {
        nap(30000);
        host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:late");
        return TXFEED_OK;
    }
    if (strcmp(s->mode, "exit") == 0) exit(0);
    if (strcmp(s->mode, "thread") == 0) {
        pthread_t other;
        pthread_create(&other, NULL, emit_from_thread, (void *)host);
        int *answer;
        pthread_join(other, (void **)&answer);
        if (!answer || *answer != TXFEED_STOP) { *error = strdup("the other thread's call was not refused"); free(answer); return TXFEED_FAILED; }
        free(answer);
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:run-thread") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "balance") == 0) {
        if (host->struct_size <= offsetof(txfeed_source_host, end_account_with_balance)) {
            *error = strdup("this host has no end_account_with_balance");
            return TXFEED_FAILED;
        }
        const char *head = "{\"body\":{\"name\":\"Ledger\",\"currency\":\"EUR\",\"currentBalance\":1,\"transactions\":[]}}";
        const char *batch = "[{\"type\":1,\"vendor\":\"Rent\",\"amount\":900,\"date\":\"2024-01-02\"}]";
        host->begin_account(host, head, strlen(head), "test:ledger");
        host->emit_transactions(host, batch, strlen(batch));
        host->end_account_with_balance(host, "-12.50", 6);
        const char *other = "{\"body\":{\"name\":\"Comma\",\"currency\":\"EUR\",\"transactions\":[]}}";
        host->begin_account(host, other, strlen(other), "test:comma");
        host->emit_transactions(host, batch, strlen(batch));
        return host->end_account_with_balance(host, "12,5", 4) == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "log") == 0) {
        host->log(host, TXFEED_LOG_DEBUG, "debugging detail");
        host->log(host, TXFEED_LOG_INFO, "fetched page 1");
        host->log(host, TXFEED_LOG_WARNING, "two lines\nin one call");
        host->log(host, TXFEED_LOG_ERROR, "\x1b[2Jcleared?");
        host->log(host, 7, "a level of its own");
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:log") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "crash") == 0) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    if (strcmp(s->mode, "crash-after-three") == 0 || strcmp(s->mode, "abort") == 0 || strcmp(s->mode, "bus") == 0
        || strcmp(s->mode, "_exit") == 0 || strcmp(s->mode, "exit-after-three") == 0) {
        for (int i = 0; i < 3; i++) host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:before");
        nap(300);
        if (strcmp(s->mode, "abort") == 0) abort();
        if (strcmp(s->mode, "bus") == 0) raise(SIGBUS);
        if (strcmp(s->mode, "_exit") == 0) _exit(3);
        if (strcmp(s->mode, "exit-after-three") == 0) exit(0);
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    if (strcmp(s->mode, "print") == 0) {
        printf("hello from the plugin's stdout\n");
        fflush(stdout);
        fprintf(stderr, "\x1b]52;c;ZXZpbA==\x07 and its stderr\n");
        for (int i = 0; i < 500; i++) fprintf(stderr, "noise %d\n", i);
        fflush(stderr);
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:print") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "tamper") == 0) {
        setenv("TXFEED_TAMPERED", "1", 1);
        signal(SIGINT, SIG_IGN);
        signal(SIGTERM, SIG_IGN);
        setlocale(LC_ALL, "C.UTF-8");
        close(1);
        close(2);
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:tamper") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "hog") == 0) {
        for (int i = 0; i < 32; i++) {
            char *block = malloc(64 << 20);
            if (!block) abort();
            memset(block, 1, 64 << 20);
        }
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:hog") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "fd3") == 0) {
        static const char garbage[] = "\x0b\xff\xff\xff\xff\xff\xff\xff\x7fnot a frame";
        if (write(3, garbage, sizeof garbage) < 0) { /* not ours to care */ }
        return host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:fd3") == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    if (strcmp(s->mode, "fork") == 0 || strcmp(s->mode, "fork-lock") == 0 || strcmp(s->mode, "daemon") == 0
        || strcmp(s->mode, "daemon-hang") == 0 || strcmp(s->mode, "fork-crash") == 0) {
        leave_processes(s->mode);
        if (strcmp(s->mode, "daemon-hang") == 0) nap(30000);
        int status = host->emit_document(host, ENVELOPE, strlen(ENVELOPE), "test:fork");
        if (strcmp(s->mode, "fork-crash") == 0) {
            nap(300);
            volatile int *nowhere = NULL;
            *nowhere = 1;
        }
        return status == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
    }
    *error = strdup("unknown mode");
    return TXFEED_FAILED;
}

static void test_close(void *state) { free(state); }

#ifdef TEST_CONSTRUCTOR
__attribute__((constructor)) static void announce(void) {
    printf("the test plugin's constructor ran\n");
    fflush(stdout);
    setenv("TXFEED_CONSTRUCTED", "1", 1);
}
#endif
static void test_free_error(char *error) { free(error); }

static const txfeed_option OPTIONS[] = {
    {"mode", "ok, stream, dom, entries, fail-after-one, sleep, ignore-cancel, crash, log or balance", 1},
};

static const txfeed_plugin DESCRIPTOR = {
    .abi_version = TEST_ABI_VERSION,
    .struct_size = TEST_STRUCT_SIZE,
    .kind = TXFEED_KIND_SOURCE,
    .name = TEST_NAME,
    .description = "txfeed's test source",
    .version = "1",
    .options = OPTIONS,
    .option_count = 1,
    .sample_config = "{\"mode\": \"" TEST_SAMPLE_MODE "\"}",
    .free_error = test_free_error,
    .open = test_open,
    .run = test_run,
    .close = test_close,
#ifdef TEST_IDENTIFY
    .identify = test_identify,
#endif
};

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }
