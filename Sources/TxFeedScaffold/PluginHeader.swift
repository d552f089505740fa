// GENERATED from Sources/TxFeedPluginABI/include/txfeed_plugin.h — do not edit by hand.
// EmbeddedHeaderTests checks it byte for byte against the header; to regenerate, run
//   TXFEED_UPDATE_EMBEDDED_HEADER=1 swift test --skip-build --filter EmbeddedHeaderTests
// (after a build) and rebuild.

/// The plugin header, built into the binary so that `txfeed plugins cflags` and
/// `txfeed plugins new` work from the installed executable alone.
public enum PluginHeader {
    public static let fileName = "txfeed_plugin.h"

    public static let text = ##"""
/*
 * txfeed_plugin.h — the whole txfeed plugin contract (ABI version 1).
 *
 * A plugin is a shared library (libNAME.so) that exports one function,
 * `txfeed_plugin_entry`, returning a pointer to a static `txfeed_plugin`
 * descriptor. The host calls it, then checks `abi_version` and `struct_size`
 * before it reads or calls anything else. The entry function must do nothing
 * but return that pointer.
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
 * Threading: each source's `run` has its own OS thread, so it may block
 * (sockets, pipes, sleep). It must poll `host->is_cancelled` between units of
 * work and return promptly once it says yes; a source that does not stop within
 * a short grace after the run's timeout is abandoned: reported failed, its
 * later calls ignored, its library never unloaded while it runs.
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

/** Results of plugin functions and host callbacks. */
enum {
    TXFEED_OK = 0,     /**< go on */
    TXFEED_FAILED = 1, /**< the call failed; `*error` says why when it is given */
    TXFEED_STOP = 2    /**< from the host: stop now (cancelled or timed out) */
};

/** Levels for `txfeed_source_host.log`. */
enum {
    TXFEED_LOG_DEBUG = 0,
    TXFEED_LOG_INFO = 1,
    TXFEED_LOG_WARNING = 2,
    TXFEED_LOG_ERROR = 3
};

/**
 * One configuration option a plugin accepts. The host refuses (usage error,
 * exit 2) any option a plugin does not declare, except names used as
 * `{placeholders}` in another option's value. A name ending in ".*" declares a
 * family: "header.*" accepts "header.Authorization".
 */
typedef struct txfeed_option {
    const char *name;
    const char *help;
    int is_main; /**< 1: a bare SPEC value (`fixture:FILE`) sets this option */
} txfeed_option;

/**
 * What the host gives a running source. Every callback takes the host pointer
 * itself as first argument. Every callback returns TXFEED_OK to go on, or
 * TXFEED_STOP when the source should return from `run` at once.
 *
 * Data comes out streamed, in either of two forms, as often as needed:
 *  1. whole documents: `emit_document` with JSON text holding one envelope, a
 *     JSON array of envelopes, or NDJSON (one envelope a line); the bytes may
 *     be a mapped file. Or `emit_document_json` with a `json_t *` the plugin
 *     built (borrowed: the plugin still owns its reference).
 *  2. for large sources: `begin_account` with the envelope minus its
 *     transactions, any number of `emit_transactions` each with a JSON array
 *     of transactions (paths number on across batches), then `end_account`.
 *
 * The host parses and validates (with jansson) inside the call. A document
 * with a syntax or shape error fails as a whole, named by `origin` (a file
 * name or URL, used in messages with line and column); the source is then
 * reported as failed, but the call still returns TXFEED_OK so that the
 * source can deliver its other documents.
 */
typedef struct txfeed_source_host txfeed_source_host;
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

    /** Nonzero once the host wants the source to stop (timeout, shutdown). */
    int (*is_cancelled)(const txfeed_source_host *host);
    /** A diagnostic for stderr. Never pass secrets (header values, tokens). */
    void (*log)(const txfeed_source_host *host, int level, const char *message);
};

/**
 * One normalised transaction, as sink plugins receive it: the NDJSON fields.
 * All strings are borrowed for the duration of `sink_write`. The struct may grow in
 * later versions, so step through a batch by `struct_size` bytes, not by
 * `sizeof(txfeed_record)`, and read only the fields your header has.
 */
typedef struct txfeed_record {
    uint32_t struct_size;
    const char *date;     /**< ISO 8601 UTC: "2021-09-01T08:15:00Z" */
    const char *day;      /**< "Wed, Sep 01" */
    const char *account;  /**< account name */
    const char *vendor;
    const char *type;     /**< "credit" or "debit" */
    const char *amount;   /**< signed plain decimal: "-4.50" */
    int64_t amount_minor; /**< signed integer minor units: -450 */
    const char *currency; /**< ISO 4217 code, "" when the source gave none */
    const char *colour;   /**< "#rrggbb" */
    const char *source;   /**< the source's name */
} txfeed_record;

/**
 * The descriptor. `abi_version` and `struct_size` come first, forever.
 * Sources fill `open`/`run`/`close`; sinks fill the `sink_*` functions.
 */
typedef struct txfeed_plugin {
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

    /* -- sources -- */
    /** Parse `config_json` (an object of string values) into `*state`. */
    int (*open)(const char *config_json, void **state, char **error);
    /** Produce data through `host` until done, failed or told to stop. */
    int (*run)(void *state, const txfeed_source_host *host, char **error);
    void (*close)(void *state);

    /* -- sinks -- */
    int (*sink_open)(const char *config_json, void **state, char **error);
    /** The merged feed in order, in batches. */
    int (*sink_write)(void *state, const txfeed_record *records, size_t count, char **error);
    /** After the last batch: the `sources` array and `summary` object as JSON text. */
    int (*sink_finish)(void *state, const char *sources_json, const char *summary_json,
                       char **error);
    void (*sink_close)(void *state);
} txfeed_plugin;

/** The type of the exported entry function. */
typedef const txfeed_plugin *(*txfeed_plugin_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* TXFEED_PLUGIN_H */

"""##
}
