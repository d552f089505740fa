import ArgumentParser
import Glibc
import TxFeedModel
import TxFeedOutput
import TxFeedPluginHost
import TxFeedScaffold

extension PluginScaffold.Language: ExpressibleByArgument {}
extension PluginKind: ExpressibleByArgument {}

extension PluginsCommand {
    /// `txfeed plugins new NAME [--lang c|swift] [--kind source|sink] [--dir DIR]`.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write DIR/NAME/: a plugin that builds and runs as is, with a copy of the header.",
            discussion: """
                C: NAME.c, txfeed_plugin.h and a Makefile; `make` builds libNAME.so in the folder. \
                Swift: a package with a dynamic library product NAME; `swift build` builds \
                .build/debug/libNAME.so. An existing folder that is not empty is refused.
                """)

        @Argument(help: "The plugin's name: lower-case letters, digits and '-' (it becomes libNAME.so).")
        var name: String

        @Option(help: "The language: c or swift.")
        var lang: PluginScaffold.Language = .c

        @Option(help: "What it is: source or sink.")
        var kind: PluginKind = .source

        @Option(help: "The folder to create NAME/ in.")
        var dir: String = "."

        func run() throws {
            let scaffold: PluginScaffold
            let folder: String
            do {
                scaffold = try PluginScaffold(name: name, language: lang, kind: kind)
                folder = try scaffold.write(into: dir)
            } catch let error as UsageError {
                throw usageFailure("\(error)")
            } catch {
                throw failure("\(error)", status: .nothingWritten)
            }
            // A shipped plugin's name: `-s NAME` would load one or the other depending on the
            // plugin path's order.
            if let shipped = PluginSearchPath.builtInFolder(), access(shipped + "/lib\(name).so", F_OK) == 0 {
                StandardStreams.error(
                    "txfeed: warning: '\(name)' is the name of a plugin shipped with txfeed: -s \(name) loads whichever "
                        + "comes first on the plugin path (--plugin-path folders come before the shipped ones); "
                        + "a name of its own avoids the mix-up\n")
            }
            let shown = dir == "." ? name : folder
            print("Created \(shown)/, a \(lang == .c ? "C" : "Swift") \(kind) plugin:")
            for file in scaffold.files { print("  \(shown)/\(file.path)") }
            print("Next:")
            for step in scaffold.nextSteps(folder: shown) { print("  \(step)") }
            if lang == .swift {
                print("Plugin path: \(shown)/.build/debug (after swift build -c release: \(shown)/.build/release)")
            } else {
                print("Plugin path: \(shown)/")
            }
        }
    }

    /// `txfeed plugins cflags`: `-I` the cached header (and jansson's flags).
    struct Cflags: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the compiler flags for the plugin header (and jansson).",
            discussion: """
                The header is built into txfeed: it is written once to $XDG_CACHE_HOME/txfeed/include/VERSION-HASH \
                (else ~/.cache/...), and the flags point there. Use: \
                cc -shared -fPIC $(txfeed plugins cflags) -o libNAME.so NAME.c $(pkg-config --libs jansson)
                """)

        func run() throws {
            do {
                print(try PluginHeaderCache.cflags())
            } catch {
                throw failure("\(error)", status: .nothingWritten)
            }
        }
    }

    /// `txfeed plugins header`: the header itself, to vendor it.
    struct Header: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print txfeed_plugin.h, the plugin contract this txfeed was built with.")

        func run() throws {
            StandardStreams.output(PluginHeader.text)
        }
    }
}
