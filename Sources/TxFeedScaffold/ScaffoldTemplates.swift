// The files `txfeed plugins new` writes. `__NAME__` becomes the plugin's name and
// `__MODULE__` its Swift module name. PluginAuthoringEndToEndTests builds what they make.

enum ScaffoldTemplates {
    static let cSource = ##"""
        /* __NAME__: a txfeed source plugin, scaffolded by `txfeed plugins new`.
         *
         * It makes one account envelope from its options and hands it to txfeed. Replace
         * `source_run` with your own data (a file, an API, a database) and keep its shape:
         * check host->is_cancelled between units of work, and stop when a callback says so.
         *
         *   make                                     builds lib__NAME__.so here
         *   txfeed plugins check ./lib__NAME__.so    loads, runs and validates it
         *   txfeed run -s __NAME__ --plugin-path .   the merged feed, with this source in it
         *
         * The contract: txfeed_plugin.h, and docs/PLUGINS.md in txfeed's sources.
         */
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <jansson.h>
        #include "txfeed_plugin.h"

        /* What `open` made of the options; `run` and `close` get it back. */
        typedef struct {
            char *account;
            long transactions;
        } source_state;

        /* Error strings go to the host, which hands them back to `free_error`. */
        static void fail(char **error, const char *message) {
            if (error) *error = strdup(message);
        }

        static int source_open(const char *config_json, void **state, char **error) {
            json_error_t parse_error;
            json_t *config = json_loads(config_json, 0, &parse_error);
            if (!config) {
                fail(error, "__NAME__: the configuration is not JSON");
                return TXFEED_FAILED;
            }
            /* Option values always arrive as strings. */
            const char *account = json_string_value(json_object_get(config, "account"));
            const char *count = json_string_value(json_object_get(config, "transactions"));
            long transactions = 3;
            if (count) {
                char *end = NULL;
                transactions = strtol(count, &end, 10);
                if (*count == '\0' || *end != '\0' || transactions < 0 || transactions > 1000) {
                    json_decref(config);
                    fail(error, "__NAME__: transactions must be a whole number from 0 to 1000");
                    return TXFEED_FAILED;
                }
            }
            source_state *s = calloc(1, sizeof *s);
            if (!s || !(s->account = strdup(account && *account ? account : "__NAME__ account"))) {
                free(s);
                json_decref(config);
                fail(error, "__NAME__: out of memory");
                return TXFEED_FAILED;
            }
            s->transactions = transactions;
            json_decref(config);
            *state = s;
            return TXFEED_OK;
        }

        static int source_run(void *state, const txfeed_source_host *host, char **error) {
            source_state *s = state;
            json_t *transactions = json_array();
            for (long i = 0; i < s->transactions; i++) {
                if (host->is_cancelled(host)) {
                    json_decref(transactions);
                    return TXFEED_STOP;
                }
                char date[32];
                snprintf(date, sizeof date, "2024-01-%02ld %02ld:30:00", 28 - i % 28, i % 24);
                /* type 0 = credit (money in), 1 = debit; amount is never negative. */
                json_array_append_new(transactions, json_pack("{s:i, s:s, s:f, s:s}",
                    "type", (int)(i % 2 ? 1 : 0),
                    "vendor", i % 2 ? "Corner Cafe" : "Employer",
                    "amount", (double)(i + 1) * 1.25,
                    "date", date));
            }
            json_t *envelope = json_pack("{s:i, s:s, s:{s:s, s:s, s:o}}",
                "status", 200, "message", "ok",
                "body", "name", s->account, "currency", "USD", "transactions", transactions);
            if (!envelope) {
                fail(error, "__NAME__: could not build the envelope");
                return TXFEED_FAILED;
            }
            /* The host reads the document during the call; we keep (and drop) our reference. */
            int status = host->emit_document_json(host, envelope, "__NAME__");
            json_decref(envelope);
            return status == TXFEED_STOP ? TXFEED_STOP : TXFEED_OK;
        }

        static void source_close(void *state) {
            source_state *s = state;
            if (!s) return;
            free(s->account);
            free(s);
        }

        static void free_error(char *error) { free(error); }

        static const txfeed_option OPTIONS[] = {
            {"account", "the account's name (default: \"__NAME__ account\")", 1},
            {"transactions", "how many transactions to make, 0 to 1000 (default: 3)", 0},
        };

        static const txfeed_plugin DESCRIPTOR = {
            .abi_version = TXFEED_ABI_VERSION,
            .struct_size = sizeof(txfeed_plugin),
            .kind = TXFEED_KIND_SOURCE,
            .name = "__NAME__",
            .description = "__NAME__: one account made from its options (a scaffold to fill in)",
            .version = "0.1.0",
            .options = OPTIONS,
            .option_count = sizeof OPTIONS / sizeof OPTIONS[0],
            .sample_config = "{\"account\": \"Sample\", \"transactions\": \"3\"}",
            .free_error = free_error,
            .open = source_open,
            .run = source_run,
            .close = source_close,
        };

        TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }

        """##

    static let cSink = ##"""
        /* __NAME__: a txfeed sink plugin, scaffolded by `txfeed plugins new --kind sink`.
         *
         * It writes every transaction it receives as a tab-separated line to the file given by
         * its `path` option, or to stdout, then the run's summary. Replace the bodies of
         * `sink_write` and `sink_finish` with your own output.
         *
         *   make                                              builds lib__NAME__.so here
         *   txfeed plugins check ./lib__NAME__.so             feeds it a sample feed
         *   txfeed run FILE --sink __NAME__ --plugin-path .   the merged feed, through this sink
         *
         * With `--sink __NAME__:out.tsv` (or `-o out.tsv`), txfeed passes a temporary file in the
         * same folder as `path` and renames it to out.tsv only when every sink has succeeded.
         *
         * The contract: txfeed_plugin.h, and docs/PLUGINS.md in txfeed's sources.
         */
        #include <errno.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <jansson.h>
        #include "txfeed_plugin.h"

        typedef struct {
            FILE *out;
            int owns_out;
            size_t records;
        } sink_state;

        static void fail(char **error, const char *what, const char *reason) {
            char message[512];
            snprintf(message, sizeof message, "__NAME__: %s: %s", what, reason);
            if (error) *error = strdup(message);
        }

        static int sink_open(const char *config_json, void **state, char **error) {
            json_error_t parse_error;
            json_t *config = json_loads(config_json, 0, &parse_error);
            if (!config) {
                fail(error, "configuration", "not JSON");
                return TXFEED_FAILED;
            }
            const char *path = json_string_value(json_object_get(config, "path"));
            sink_state *s = calloc(1, sizeof *s);
            if (!s) {
                json_decref(config);
                fail(error, "open", "out of memory");
                return TXFEED_FAILED;
            }
            if (path && *path) {
                s->out = fopen(path, "w");
                s->owns_out = 1;
                if (!s->out) {
                    fail(error, path, strerror(errno));
                    free(s);
                    json_decref(config);
                    return TXFEED_FAILED;
                }
            } else {
                s->out = stdout; /* txfeed's stdout when this sink writes there, else its stderr */
            }
            json_decref(config);
            *state = s;
            return TXFEED_OK;
        }

        static int sink_write(void *state, const txfeed_record *records, size_t count, char **error) {
            sink_state *s = state;
            /* Step by the host's struct_size: a newer host may send longer records. */
            const char *at = (const char *)records;
            for (size_t i = 0; i < count; i++, at += records->struct_size) {
                const txfeed_record *r = (const txfeed_record *)at;
                fprintf(s->out, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
                        r->date, r->account, r->vendor, r->type, r->amount, r->currency, r->source);
            }
            s->records += count;
            if (ferror(s->out)) {
                fail(error, "write", strerror(errno));
                return TXFEED_FAILED;
            }
            return TXFEED_OK;
        }

        static int sink_finish(void *state, const char *sources_json, const char *summary_json, char **error) {
            sink_state *s = state;
            fprintf(s->out, "# %zu transactions\n# sources: %s\n# summary: %s\n", s->records, sources_json, summary_json);
            if (fflush(s->out) != 0 || ferror(s->out)) {
                fail(error, "write", strerror(errno));
                return TXFEED_FAILED;
            }
            return TXFEED_OK;
        }

        static void sink_close(void *state) {
            sink_state *s = state;
            if (!s) return;
            if (s->owns_out) fclose(s->out);
            else fflush(s->out); /* the process lives on: stdout is not flushed at its end */
            free(s);
        }

        static void free_error(char *error) { free(error); }

        static const txfeed_option OPTIONS[] = {
            {"path", "the file to write (default: stdout)", 1},
        };

        static const txfeed_plugin DESCRIPTOR = {
            .abi_version = TXFEED_ABI_VERSION,
            .struct_size = sizeof(txfeed_plugin),
            .kind = TXFEED_KIND_SINK,
            .name = "__NAME__",
            .description = "__NAME__: writes each transaction as a tab-separated line (a scaffold to fill in)",
            .version = "0.1.0",
            .options = OPTIONS,
            .option_count = sizeof OPTIONS / sizeof OPTIONS[0],
            .sample_config = "{}",
            .free_error = free_error,
            .sink_open = sink_open,
            .sink_write = sink_write,
            .sink_finish = sink_finish,
            .sink_close = sink_close,
        };

        TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void) { return &DESCRIPTOR; }

        """##

    static let makefile = ##"""
        # Builds lib__NAME__.so, the txfeed plugin, in this folder.
        #   make            build it
        #   make check      txfeed plugins check ./lib__NAME__.so (txfeed on PATH)
        #   make clean
        NAME    := __NAME__
        CC      ?= cc
        CFLAGS  ?= -O2 -g -Wall -Wextra
        JANSSON := $(shell pkg-config --cflags --libs jansson)

        lib$(NAME).so: $(NAME).c txfeed_plugin.h
        	$(CC) -shared -fPIC -fvisibility=hidden $(CFLAGS) -I. -o $@ $(NAME).c $(JANSSON) $(LDFLAGS)

        check: lib$(NAME).so
        	txfeed plugins check ./lib$(NAME).so

        clean:
        	rm -f lib$(NAME).so

        .PHONY: check clean

        """##

    static let swiftSource = ##"""
        // __NAME__: a txfeed source plugin in Swift, scaffolded by `txfeed plugins new --lang swift`.
        //
        // It makes one account envelope from its options and hands it to txfeed. Replace
        // `Source.run` with your own data (a file, an API, a database) and keep its shape: check
        // `isCancelled` between units of work, and stop when a callback says so.
        //
        //   swift build                                                  .build/debug/lib__NAME__.so
        //   txfeed plugins check .build/debug/lib__NAME__.so             loads, runs and validates it
        //   txfeed run -s __NAME__ --plugin-path .build/debug            the merged feed, with this source
        //
        // The contract: Sources/TxFeedPluginABI/include/txfeed_plugin.h, and docs/PLUGINS.md in txfeed's sources.
        import Foundation
        import TxFeedPluginABI

        /// What `open` made of the options; `run` and `close` get it back.
        final class Source {
            let account: String
            let transactions: Int

            init(configJSON: String) throws(PluginError) {
                // Option values always arrive as strings.
                guard let options = try? JSONDecoder().decode([String: String].self, from: Data(configJSON.utf8)) else {
                    throw PluginError("__NAME__: the configuration is not a JSON object of strings")
                }
                account = options["account"].flatMap { $0.isEmpty ? nil : $0 } ?? "__NAME__ account"
                guard let count = Int(options["transactions"] ?? "3"), (0...1000).contains(count) else {
                    throw PluginError("__NAME__: transactions must be a whole number from 0 to 1000")
                }
                transactions = count
            }

            struct Envelope: Encodable {
                var status = 200
                var message = "ok"
                var body: Body
            }

            struct Body: Encodable {
                var name: String
                var currency = "USD"
                var transactions: [Item]
            }

            struct Item: Encodable {
                var type: Int  // 0 = credit (money in), 1 = debit; amount is never negative
                var vendor: String
                var amount: Decimal
                var date: String
            }

            func run(_ host: UnsafePointer<txfeed_source_host>) throws(PluginError) -> Int32 {
                var items: [Item] = []
                for i in 0..<transactions {
                    if host.pointee.is_cancelled(host) != 0 { return Int32(TXFEED_STOP) }
                    let day = 28 - i % 28, hour = i % 24
                    items.append(Item(type: i % 2, vendor: i % 2 == 1 ? "Corner Cafe" : "Employer",
                                      amount: Decimal(i + 1) * Decimal(string: "1.25")!,
                                      date: "2024-01-\(day < 10 ? "0" : "")\(day) \(hour < 10 ? "0" : "")\(hour):30:00"))
                }
                let envelope = Envelope(body: Body(name: account, transactions: items))
                guard let json = try? JSONEncoder().encode(envelope) else {
                    throw PluginError("__NAME__: could not encode the envelope")
                }
                // The host reads the bytes during the call.
                let status = json.withUnsafeBytes { bytes in
                    host.pointee.emit_document(host, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count, "__NAME__")
                }
                return status == Int32(TXFEED_STOP) ? Int32(TXFEED_STOP) : Int32(TXFEED_OK)
            }
        }

        struct PluginError: Error {
            var message: String
            init(_ message: String) { self.message = message }
        }

        // MARK: - The descriptor txfeed loads

        /// Error strings go to the host, which hands them back to `free_error` (here: `free`).
        private func report(_ error: any Error, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
            out?.pointee = strdup((error as? PluginError)?.message ?? "__NAME__: \(error)")
            return Int32(TXFEED_FAILED)
        }

        /// Strings the descriptor points at live as long as the library.
        private func cString(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }

        nonisolated(unsafe) private let options: UnsafeMutablePointer<txfeed_option> = {
            let list = UnsafeMutablePointer<txfeed_option>.allocate(capacity: 2)
            list[0] = txfeed_option(name: cString("account"), help: cString("the account's name (default: \"__NAME__ account\")"), is_main: 1)
            list[1] = txfeed_option(name: cString("transactions"), help: cString("how many transactions to make, 0 to 1000 (default: 3)"), is_main: 0)
            return list
        }()

        nonisolated(unsafe) private let descriptor: UnsafeMutablePointer<txfeed_plugin> = {
            let d = UnsafeMutablePointer<txfeed_plugin>.allocate(capacity: 1)
            d.initialize(to: txfeed_plugin())
            d.pointee.abi_version = TXFEED_ABI_VERSION
            d.pointee.struct_size = UInt32(MemoryLayout<txfeed_plugin>.size)
            d.pointee.kind = UInt32(TXFEED_KIND_SOURCE.rawValue)
            d.pointee.name = cString("__NAME__")
            d.pointee.description = cString("__NAME__: one account made from its options (a scaffold to fill in)")
            d.pointee.version = cString("0.1.0")
            d.pointee.options = UnsafePointer(options)
            d.pointee.option_count = 2
            d.pointee.sample_config = cString(#"{"account": "Sample", "transactions": "3"}"#)
            d.pointee.free_error = { free($0) }
            d.pointee.open = { config, state, errorOut in
                do {
                    let source = try Source(configJSON: String(cString: config!))
                    state!.pointee = Unmanaged.passRetained(source).toOpaque()
                    return Int32(TXFEED_OK)
                } catch {
                    return report(error, errorOut)
                }
            }
            d.pointee.run = { state, host, errorOut in
                do {
                    return try Unmanaged<Source>.fromOpaque(state!).takeUnretainedValue().run(host!)
                } catch {
                    return report(error, errorOut)
                }
            }
            d.pointee.close = { state in
                if let state { Unmanaged<Source>.fromOpaque(state).release() }
            }
            return d
        }()

        @_cdecl("txfeed_plugin_entry")
        public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
            UnsafePointer(descriptor)
        }

        """##

    static let swiftSink = ##"""
        // __NAME__: a txfeed sink plugin in Swift, scaffolded by `txfeed plugins new --lang swift --kind sink`.
        //
        // It writes every transaction it receives as a tab-separated line to the file given by its
        // `path` option, or to stdout, then the run's summary. Replace `Sink.write` and
        // `Sink.finish` with your own output.
        //
        //   swift build                                                     .build/debug/lib__NAME__.so
        //   txfeed plugins check .build/debug/lib__NAME__.so                feeds it a sample feed
        //   txfeed run FILE --sink __NAME__ --plugin-path .build/debug      the merged feed, through this sink
        //
        // With `--sink __NAME__:out.tsv` (or `-o out.tsv`), txfeed passes a temporary file in the same
        // folder as `path` and renames it to out.tsv only when every sink has succeeded.
        //
        // The contract: Sources/TxFeedPluginABI/include/txfeed_plugin.h, and docs/PLUGINS.md in txfeed's sources.
        import Foundation
        import TxFeedPluginABI

        /// What `sink_open` made of the options; the other sink calls get it back.
        final class Sink {
            let out: UnsafeMutablePointer<FILE>
            var records = 0

            init(configJSON: String) throws(PluginError) {
                // Option values always arrive as strings.
                guard let options = try? JSONDecoder().decode([String: String].self, from: Data(configJSON.utf8)) else {
                    throw PluginError("__NAME__: the configuration is not a JSON object of strings")
                }
                let path = options["path"] ?? ""
                // No path: a stream of our own on stdout (a copy of descriptor 1: txfeed's stdout
                // when this sink writes there, else its stderr).
                guard let file = path.isEmpty ? fdopen(dup(STDOUT_FILENO), "w") : fopen(path, "w") else {
                    throw PluginError("__NAME__: \(path.isEmpty ? "stdout" : path): \(String(cString: strerror(errno)))")
                }
                out = file
            }

            deinit {
                fclose(out)
            }

            /// Strings in the records are borrowed: copy what you keep past this call.
            func write(_ records: UnsafePointer<txfeed_record>, count: Int) throws(PluginError) {
                // Step by the host's struct_size: a newer host may send longer records.
                let stride = Int(records.pointee.struct_size)
                let base = UnsafeRawPointer(records)
                for i in 0..<count {
                    let r = base.load(fromByteOffset: i * stride, as: txfeed_record.self)
                    let fields = [r.date, r.account, r.vendor, r.type, r.amount, r.currency, r.source]
                    let line = fields.map { String(cString: $0!) }.joined(separator: "\t") + "\n"
                    fputs(line, out)
                }
                self.records += count
                if ferror(out) != 0 { throw PluginError("__NAME__: write: \(String(cString: strerror(errno)))") }
            }

            func finish(sources: String, summary: String) throws(PluginError) {
                fputs("# \(records) transactions\n# sources: \(sources)\n# summary: \(summary)\n", out)
                if fflush(out) != 0 || ferror(out) != 0 {
                    throw PluginError("__NAME__: write: \(String(cString: strerror(errno)))")
                }
            }
        }

        struct PluginError: Error {
            var message: String
            init(_ message: String) { self.message = message }
        }

        // MARK: - The descriptor txfeed loads

        /// Error strings go to the host, which hands them back to `free_error` (here: `free`).
        private func report(_ error: any Error, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
            out?.pointee = strdup((error as? PluginError)?.message ?? "__NAME__: \(error)")
            return Int32(TXFEED_FAILED)
        }

        /// Strings the descriptor points at live as long as the library.
        private func cString(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }

        private func sink(_ state: UnsafeMutableRawPointer?) -> Sink {
            Unmanaged<Sink>.fromOpaque(state!).takeUnretainedValue()
        }

        nonisolated(unsafe) private let options: UnsafeMutablePointer<txfeed_option> = {
            let list = UnsafeMutablePointer<txfeed_option>.allocate(capacity: 1)
            list[0] = txfeed_option(name: cString("path"), help: cString("the file to write (default: stdout)"), is_main: 1)
            return list
        }()

        nonisolated(unsafe) private let descriptor: UnsafeMutablePointer<txfeed_plugin> = {
            let d = UnsafeMutablePointer<txfeed_plugin>.allocate(capacity: 1)
            d.initialize(to: txfeed_plugin())
            d.pointee.abi_version = TXFEED_ABI_VERSION
            d.pointee.struct_size = UInt32(MemoryLayout<txfeed_plugin>.size)
            d.pointee.kind = UInt32(TXFEED_KIND_SINK.rawValue)
            d.pointee.name = cString("__NAME__")
            d.pointee.description = cString("__NAME__: writes each transaction as a tab-separated line (a scaffold to fill in)")
            d.pointee.version = cString("0.1.0")
            d.pointee.options = UnsafePointer(options)
            d.pointee.option_count = 1
            d.pointee.sample_config = cString("{}")
            d.pointee.free_error = { free($0) }
            d.pointee.sink_open = { config, state, errorOut in
                do {
                    let sink = try Sink(configJSON: String(cString: config!))
                    state!.pointee = Unmanaged.passRetained(sink).toOpaque()
                    return Int32(TXFEED_OK)
                } catch {
                    return report(error, errorOut)
                }
            }
            d.pointee.sink_write = { state, records, count, errorOut in
                guard let records, count > 0 else { return Int32(TXFEED_OK) }
                do {
                    try sink(state).write(records, count: count)
                    return Int32(TXFEED_OK)
                } catch {
                    return report(error, errorOut)
                }
            }
            d.pointee.sink_finish = { state, sources, summary, errorOut in
                do {
                    try sink(state).finish(sources: String(cString: sources!), summary: String(cString: summary!))
                    return Int32(TXFEED_OK)
                } catch {
                    return report(error, errorOut)
                }
            }
            d.pointee.sink_close = { state in
                if let state { Unmanaged<Sink>.fromOpaque(state).release() }
            }
            return d
        }()

        @_cdecl("txfeed_plugin_entry")
        public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
            UnsafePointer(descriptor)
        }

        """##

    static let packageManifest = ##"""
        // swift-tools-version:6.0
        // __NAME__: a txfeed plugin in Swift, scaffolded by `txfeed plugins new --lang swift`.
        //   swift build                 .build/debug/lib__NAME__.so   (--plugin-path .build/debug)
        //   swift build -c release      .build/release/lib__NAME__.so (--plugin-path .build/release)
        import PackageDescription

        let package = Package(
            name: "__NAME__",
            products: [
                // A dynamic library named like the plugin: SwiftPM builds it as lib__NAME__.so,
                // the file `txfeed run -s __NAME__` looks for.
                .library(name: "__NAME__", type: .dynamic, targets: ["__MODULE__"]),
            ],
            targets: [
                // The plugin contract: a copy of txfeed's txfeed_plugin.h (see `txfeed plugins cflags`).
                .target(name: "TxFeedPluginABI", path: "Sources/TxFeedPluginABI"),
                .target(name: "__MODULE__", dependencies: ["TxFeedPluginABI"], path: "Sources/__MODULE__"),
            ]
        )

        """##

    /// SwiftPM needs one source file in a C target; the header is the whole contract.
    static let abiSource =
        "// The ABI is the header alone; SwiftPM needs one source file in a C target.\n#include \"txfeed_plugin.h\"\n"

    static let cGitignore = "lib*.so\n"
    static let swiftGitignore = ".build/\n"
}
