/*
 * txfeed_plugin.h — the whole txfeed plugin contract (ABI version 1).
 *
 * A plugin is a shared library (libNAME.so) that exports one function,
 * `txfeed_plugin_entry`, returning a pointer to a static `txfeed_plugin`
 * descriptor. The host calls it, then checks `abi_version` and `struct_size`
 * before it reads or calls anything else. The entry function must do nothing
 * but return that pointer. A source plugin produces account envelopes; a sink
 * plugin receives the merged, normalised feed. Below, in order: constants, the
 * descriptor, the source side, the sink side.
 *
 * Rules that keep old plugins loading in new hosts (and the reverse):
 *  - structs only ever grow at the end; `struct_size` says how much of a
 *    struct the other side knows about, and nobody reads past it;
 *  - strings are UTF-8 and NUL-terminated unless a length is given;
 *  - memory is freed by whoever allocated it: an error string a plugin hands
 *    out (`char **error`) is released with the plugin's own `free_error`,
 *    never with the host's allocator; everything the host passes in is
 *    borrowed and valid only during the call.
 *
 * Build a C plugin:   cc -shared -fPIC $(txfeed plugins cflags) -o libNAME.so NAME.c $(pkg-config --libs jansson)
 * Check it:          txfeed plugins check ./libNAME.so
 * See docs/PLUGINS.md for the contract explained line by line.
 */
#ifndef TXFEED_PLUGIN_H
#define TXFEED_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI this header describes. Bumped only for incompatible changes. */
#define TXFEED_ABI_VERSION 1u

/** The one symbol a plugin exports. */
#define TXFEED_ENTRY_SYMBOL "txfeed_plugin_entry"

#if defined(__GNUC__)
#define TXFEED_EXPORT __attribute__((visibility("default")))
#else
#define TXFEED_EXPORT
#endif

/** What a plugin is. */
typedef enum txfeed_kind {
    TXFEED_KIND_SOURCE = 1, /**< produces account envelopes */
    TXFEED_KIND_SINK = 2    /**< consumes the merged, normalised feed */
} txfeed_kind;

/** Results of plugin functions and host callbacks (each says what it means there). */
enum {
    TXFEED_OK = 0,     /**< go on / done */
    TXFEED_FAILED = 1, /**< the call failed; `*error` says why when it is given */
    TXFEED_STOP = 2    /**< stop now (cancelled or timed out) */
};

/** Levels for `txfeed_source_host.log`. */
enum {
    TXFEED_LOG_DEBUG = 0,
    TXFEED_LOG_INFO = 1,
    TXFEED_LOG_WARNING = 2,
    TXFEED_LOG_ERROR = 3
};

/* Defined below, in reading order. */
typedef struct txfeed_plugin txfeed_plugin;
typedef struct txfeed_option txfeed_option;
typedef struct txfeed_source_host txfeed_source_host;
typedef struct txfeed_record txfeed_record;

/**
 * The descriptor. `abi_version` and `struct_size` come first, forever. It must
 * stay valid and unchanged while the library is loaded (the host never
 * unloads one). `name`, `description`, `free_error` and every function of the
 * plugin's kind are required. A function with `char **error` returns TXFEED_OK,
 * or TXFEED_FAILED with `*error` set: the host copies it and passes it to
 * `free_error` on the same thread (one set with TXFEED_OK is freed unread).
 * A plugin may serve several sources or sinks at once (`-s hello -s hello`),
 * each with its own `*state`, on different threads: keep no state in globals.
 */
struct txfeed_plugin {
    uint32_t abi_version; /**< TXFEED_ABI_VERSION the plugin was built against */
    uint32_t struct_size; /**< sizeof(txfeed_plugin) as the plugin was built */
    uint32_t kind;        /**< txfeed_kind */
    const char *name;     /**< must match NAME in libNAME.so when loaded by name */
    const char *description;
    const char *version;  /**< the plugin's own version, free text */
    const txfeed_option *options;
    size_t option_count;
    /** A JSON object of options that works as is; `plugins check` runs it. */
    const char *sample_config;
    /** Frees an error string this plugin returned. Required. */
    void (*free_error)(char *error);

    /* -- sources (NULL in a sink) -- */
    /**
     * Parse `config_json` (an object of string values) into `*state`. Called
     * once per source and run, before `run` and often on another thread: the
     * host's main thread, before any source starts (a refusal is then a usage
     * error, exit status 2, and no source runs); or the run's own thread.
     * Keep it quick: check the options here, connect in `run`.
     */
    int (*open)(const char *config_json, void **state, char **error);
    /**
     * Produce data through `host` (the source side, below) until done, failed
     * or told to stop. Called once after a successful `open`, on an OS thread
     * of the source's own: it may block (sockets, pipes, sleep) if it polls
     * `host->is_cancelled` between units of work. It returns:
     *  - TXFEED_OK: done; the source succeeds unless a document failed;
     *  - TXFEED_FAILED with `*error`: the source failed (without a message:
     *    "source failed"); any other value counts as TXFEED_FAILED;
     *  - TXFEED_STOP: stopped as asked (`is_cancelled` or a callback said so);
     *    reported failed: "timed out after Ns", else `*error` or "stopped".
     * What was delivered is kept whatever `run` returns, except an account
     * never ended (dropped whole). A source still running at its timeout is
     * reported timed out; one still running a grace (1 s) later is abandoned:
     * its later calls ignored, its library never unloaded.
     */
    int (*run)(void *state, const txfeed_source_host *host, char **error);
    /**
     * Release `state`. Called exactly once after every successful `open`: on
     * the run's thread once `run` has returned, or on the thread that called
     * `open` for a source that never runs (another source's `open` failed).
     */
    void (*close)(void *state);

    /* -- sinks (NULL in a source); calling order and thread: the sink side -- */
    int (*sink_open)(const char *config_json, void **state, char **error);
    /** The merged feed in order, in batches. */
    int (*sink_write)(void *state, const txfeed_record *records, size_t count, char **error);
    /** After the last batch: the `sources` array and `summary` object as JSON text. */
    int (*sink_finish)(void *state, const char *sources_json, const char *summary_json,
                       char **error);
    void (*sink_close)(void *state);

    /* -- appended later in ABI 1: the host reads a field only when struct_size
       reaches past it, so a plugin built before it still loads -- */
    /**
     * Optional (NULL: never chosen for a bare FILE). How sure the source is that
     * it reads the file at `path`, whose first `length` bytes (at most 4096) are
     * `head`: 0 means "not mine", 100 "certainly mine". `txfeed run FILE` sends
     * the file to the most confident source plugin found. Called on the main
     * thread before any source opens, possibly for files it does not read; it
     * must not keep the pointers, open the file itself, or block.
     */
    int (*identify)(const char *path, const unsigned char *head, size_t length);
    /**
     * Optional (NULL: `txfeed sniff` says only which plugin claims the file). Explains, for
     * people, how the source would read what `config_json` (as `open` gets it) names: sets
     * `*report` to UTF-8 text, one finding a line, which the host prints and then releases
     * with `free_error`. Returns TXFEED_OK when the source reads it as it is; TXFEED_FAILED
     * with `*error` when it would not (a choice is ambiguous: name the option that settles
     * it), `*report` still saying what was found. Called on the main thread; it may read the
     * whole file.
     */
    int (*explain)(const char *config_json, char **report, char **error);
};

/** The type of the exported entry function. */
typedef const txfeed_plugin *(*txfeed_plugin_entry_fn)(void);

/**
 * One configuration option a plugin accepts. The host refuses (usage error,
 * exit 2) any option a plugin does not declare, except names used as
 * `{placeholders}` in another option's value. A name ending in ".*" declares a
 * family: "header.*" accepts "header.Authorization".
 */
struct txfeed_option {
    const char *name;
    const char *help;
    int is_main; /**< 1: a bare SPEC value (`fixture:FILE`) sets this option */
};

/* ---- The source side ---------------------------------------------------- */

/** Text with its length, borrowed for the call; `{NULL, 0}` is absent. UTF-8, no NUL needed. */
typedef struct txfeed_text {
    const char *data;
    size_t length;
} txfeed_text;

/** `txfeed_text_part.flags`. */
enum {
    /** The piece is whole lines of an NDJSON text: each non-blank line is a document of its
        own, even when the piece holds one line or its first line is broken. */
    TXFEED_PART_NDJSON_LINES = 1
};

/**
 * Where a piece of a larger text starts in its origin, for `emit_document_part` and
 * `emit_transactions_part`: a source that reads a large file in bounded pieces says where each
 * begins, and the host's messages name the file's line and column, not the piece's. Appended
 * fields come at the end; the host reads only as far as `struct_size`.
 */
typedef struct txfeed_text_part {
    uint32_t struct_size; /**< sizeof(txfeed_text_part) as the plugin was built */
    uint32_t flags;       /**< TXFEED_PART_* */
    uint64_t offset;      /**< byte offset of the piece's first byte in its origin; 0 is the start */
    uint64_t line;        /**< that byte's line, from 1 */
    uint64_t column;      /**< its column in bytes, from 1 */
} txfeed_text_part;

/** `txfeed_entry.status`. */
enum {
    TXFEED_BOOKED = 0,
    TXFEED_PENDING = 1,
    /** The statement lists it but says its money never moved (declined, reverted,
        cancelled): not imported and not a reject, counted as `skipped` and written with
        `--skipped`. Only for a host whose `highest_entry_status` says it reads it. */
    TXFEED_NEVER_MOVED = 2
};

/**
 * One transaction as plain fields, for `emit_entries`: what a file reader holds once it has
 * split a record (a CSV row, an OFX STMTTRN), handed over without writing JSON for the host
 * to parse back. The host checks every field as it checks an envelope's transaction and
 * rejects a wrong record with `where` as its path. Appended fields come at the end; the
 * host steps through an array by the `entry_size` given with it.
 */
typedef struct txfeed_entry {
    txfeed_text date;   /**< one of the envelope's date forms: "2024-03-01", "2024-03-01T08:15:00+01:00" */
    txfeed_text vendor; /**< required, non-empty */
    /** Signed plain decimal, '.' as the decimal mark, no grouping: "-1234.56", "75", "+3.5".
        Negative is money out (a debit); zero or positive money in. */
    txfeed_text amount;
    txfeed_text id;     /**< the bank's own reference, or absent */
    txfeed_text memo;   /**< free text beside the payee, or absent */
    txfeed_text where;  /**< where the record is, for rejects: "line 17", "Stmt[0].Ntry[3]" */
    txfeed_text raw;    /**< the record as it came (a CSV line), for `--rejects`; may be absent */
    int32_t status;     /**< TXFEED_BOOKED, TXFEED_PENDING or TXFEED_NEVER_MOVED; another is rejected */
} txfeed_entry;

/**
 * What the host gives a running source: `run`'s `host`. Every callback takes
 * the host pointer itself as first argument.
 *
 * Threads: call the callbacks only from the thread that called `run`, and only
 * until `run` returns; never from a thread the plugin started, never later. A
 * call from another thread is refused: it answers TXFEED_STOP, nothing it
 * carried is kept, and the host logs it as a plugin error.
 * The host keeps a source's state (such as the account begun) without locks.
 *
 * Each callback returns:
 *  - TXFEED_OK: go on, also when the host could not use what it got: a
 *    document with a syntax or shape error fails whole, named by `origin` (a
 *    file name or URL; messages add line and column), a wrong transaction is
 *    rejected with its path; the source is reported failed but may go on.
 *  - TXFEED_STOP: the host wants the source to stop (its timeout is up).
 *    What this call carried was kept whole or dropped whole, never in part:
 *    kept when the stop came while the host was reading it, dropped when it
 *    had come before the call. An account not ended before the stop is never
 *    kept. Every later call also answers TXFEED_STOP. Return from `run` at
 *    once, with TXFEED_STOP.
 *  - TXFEED_FAILED: a misuse, nothing read: a NULL `host`, text, document,
 *    entries (with a count above 0), `where` or `reason`, or an `entry_size`
 *    below sizeof(txfeed_entry); logged as a plugin error. Return
 *    TXFEED_FAILED from `run`.
 *  - Calls out of order are not misuses but failed documents, answered
 *    TXFEED_OK: `emit_transactions`, `emit_entries`, `fail_account` or
 *    `end_account` with no account open, and `begin_account` while one is
 *    open (which drops the open one).
 *
 * Data comes out streamed, in either of two forms, as often as needed, in any mix:
 *  1. whole documents: `emit_document` with JSON text holding one envelope, a
 *     JSON array of envelopes, or NDJSON (one envelope a line); the bytes need
 *     no terminating NUL and may be a mapped file. Or `emit_document_json`
 *     with a jansson `json_t *` the plugin built (borrowed: the plugin still
 *     owns its reference).
 *  2. for large sources: `begin_account` with the envelope minus its
 *     transactions (`[]`), any number of `emit_transactions` each with a JSON
 *     array of transactions (paths number on across batches), then
 *     `end_account`. Only an ended account is kept: `begin_account` while one
 *     is open drops that one, and counts as a failed document, as do
 *     `emit_transactions` and `end_account` with no account open.
 * The host parses and validates inside the call and keeps nothing the plugin
 * passed once the call returns.
 *
 * `emit_document_json` ties the plugin to the host's jansson: the `json_t *`
 * is read by the host's own jansson, the shared libjansson.so.4 (link with
 * `$(pkg-config --libs jansson)`). A plugin that links another JSON library,
 * a static jansson or another soname must use `emit_document` with text.
 */
struct txfeed_source_host {
    uint32_t abi_version;
    uint32_t struct_size;
    void *host_data; /**< the host's; plugins leave it alone */

    int (*emit_document)(const txfeed_source_host *host, const char *json, size_t length,
                         const char *origin);
    int (*emit_document_json)(const txfeed_source_host *host, void *json_t_document,
                              const char *origin);
    int (*begin_account)(const txfeed_source_host *host, const char *envelope_json,
                         size_t length, const char *origin);
    int (*emit_transactions)(const txfeed_source_host *host, const char *json_array,
                             size_t length);
    int (*end_account)(const txfeed_source_host *host);

    /**
     * Nonzero once the host wants the source to stop (its timeout is up); it
     * never turns back to zero. Cheap: poll it at any point of `run`, as often
     * as needed, and at least between units of work (a page, a batch, a file).
     */
    int (*is_cancelled)(const txfeed_source_host *host);
    /**
     * A diagnostic for stderr, one line per call: `txfeed: SOURCE: LEVEL: message`, the
     * level as given (TXFEED_LOG_DEBUG only with `txfeed run -v`), line breaks and control
     * characters shown as escapes, at most 4 KiB. Never pass secrets (header values, tokens).
     */
    void (*log)(const txfeed_source_host *host, int level, const char *message);

    /* -- appended later in ABI 1: call them only when
       host->struct_size > offsetof(txfeed_source_host, reject) -- */
    /**
     * A batch of `count` transactions as plain fields (`txfeed_entry`, each `entry_size`
     * bytes: pass sizeof(txfeed_entry)) for the account begun last, like
     * `emit_transactions`; a wrong entry is rejected, the others kept. The account's
     * currency decides how many decimals an amount may have.
     */
    int (*emit_entries)(const txfeed_source_host *host, const txfeed_entry *entries, size_t count,
                        size_t entry_size);
    /**
     * A record the plugin itself could not read (a short row, a cell that does not parse):
     * counted as read and rejected, with `where` as its path ("line 17"), `reason`, and the
     * record's own text `raw` (`raw_length` bytes, may be NULL) for `--rejects`. Belongs to
     * the account begun last, or to the source when none is open.
     */
    int (*reject)(const txfeed_source_host *host, const char *where, const char *reason,
                  const char *raw, size_t raw_length);
    /**
     * The account begun last fails as a whole with `reason` (a statement whose balances do
     * not reconcile, a file cut short): none of its records are kept, the source is reported
     * failed, and the plugin may go on with its next account. Call `end_account` after it as
     * usual. Appended after `reject`: check host->struct_size > offsetof(…, fail_account).
     */
    int (*fail_account)(const txfeed_source_host *host, const char *reason);
    /**
     * Ends the account begun last, as `end_account` does, and states its balance as it stands
     * at the end: a plain signed decimal (`-12.50` when overdrawn) with at most the currency's
     * decimals, `length` bytes. For statements that give the balance after the transactions
     * (OFX's LEDGERBAL), so a plugin need not hold a statement back. It replaces a
     * `currentBalance` the envelope gave; a balance that does not parse fails the account.
     * Appended after `fail_account`: check
     * host->struct_size > offsetof(txfeed_source_host, end_account_with_balance).
     */
    int (*end_account_with_balance)(const txfeed_source_host *host, const char *balance, size_t length);
    /**
     * `emit_document` for a piece of a larger text (a file read in bounded pieces): `part`
     * says where the piece starts in `origin`, so messages name the file's line and column,
     * and an envelope that is not the file's first names its place in rejects (`feed.json:9:1`).
     * The piece is a JSON text of its own (a run of whole NDJSON lines with
     * TXFEED_PART_NDJSON_LINES; a run of an array's elements as an array whose `[` and `]`
     * stand where the separators around them were). Appended after `end_account_with_balance`:
     * check host->struct_size > offsetof(txfeed_source_host, emit_document_part).
     */
    int (*emit_document_part)(const txfeed_source_host *host, const char *json, size_t length,
                              const char *origin, const txfeed_text_part *part);
    /**
     * `emit_transactions` for a batch cut from a larger text (one huge envelope streamed from
     * a file): a syntax error names the file's line and column (`feed.json:812:5: …`), as for
     * the whole text, instead of the batch's own. Appended with `emit_document_part`: check
     * host->struct_size > offsetof(txfeed_source_host, emit_transactions_part).
     */
    int (*emit_transactions_part)(const txfeed_source_host *host, const char *json_array, size_t length,
                                  const txfeed_text_part *part);
    /**
     * The highest `txfeed_entry.status` this host reads (TXFEED_NEVER_MOVED). A host without
     * this field (host->struct_size <= offsetof(txfeed_source_host, highest_entry_status))
     * reads only TXFEED_BOOKED and TXFEED_PENDING: leave a row whose money never moved out
     * yourself, and say so with `log`.
     */
    int32_t highest_entry_status;
};

/* ---- The sink side ------------------------------------------------------ */

/*
 * After every source has finished, the host calls each sink's functions on
 * one thread, one call at a time, in this order (one sink after another):
 *  1. `sink_open` with its options; a declared `path` option, when given, is
 *     a temporary file the host renames into place once every sink succeeded;
 *  2. `sink_write` with the merged feed, newest first, in batches of 1 to 1024
 *     records (no call at all for an empty feed);
 *  3. `sink_finish`, once;
 *  4. `sink_close`, exactly once after a successful `sink_open`, whatever
 *     happened since (never after a failed one).
 * A call that returns anything but TXFEED_OK fails the sink: the host goes
 * straight to `sink_close`, and the run writes nothing (exit status 1) and
 * commits no sink's output file.
 */

/**
 * One normalised transaction, as sink plugins receive it: the NDJSON fields.
 * All strings are borrowed for the duration of `sink_write`. The struct may grow in
 * later versions, so step through a batch by `struct_size` bytes, not by
 * `sizeof(txfeed_record)`, and read only the fields your header has.
 */
struct txfeed_record {
    uint32_t struct_size;
    const char *date;     /**< ISO 8601 UTC: "2021-09-01T08:15:00Z"; a civil date: "2024-03-01" */
    const char *day;      /**< "Wed, Sep 01" */
    const char *account;  /**< account name */
    const char *vendor;
    const char *type;     /**< "credit" or "debit" */
    const char *amount;   /**< signed plain decimal: "-4.50" */
    int64_t amount_minor; /**< signed integer minor units: -450 */
    const char *currency; /**< ISO 4217 code, "" when the source gave none */
    const char *colour;   /**< "#rrggbb" */
    const char *source;   /**< the source's name */
    /* Appended later in ABI 1: a host that predates them gives a smaller struct_size, so
       read them only when struct_size > offsetof(txfeed_record, memo). */
    const char *id;       /**< the bank's own reference, "" when the source gave none */
    const char *status;   /**< "booked" or "pending" */
    const char *memo;     /**< free text beside the payee, "" when none */
};

#ifdef __cplusplus
}
#endif

#endif /* TXFEED_PLUGIN_H */
