import Foundation
import Glibc
import TxFeedModel
import TxFeedPluginHost

/// `txfeed plugins new NAME`: a folder with a plugin that builds and runs as is, and its own
/// copy of the header.
///
/// C: `NAME.c`, `txfeed_plugin.h` and a `Makefile` whose default target builds `libNAME.so`
/// in the folder. Swift: a package (tools 6.0) with a dynamic library product `NAME`, a C
/// target holding the header and a source file exporting `txfeed_plugin_entry` with
/// `@_cdecl`.
public struct PluginScaffold {
    public enum Language: String, CaseIterable, Sendable {
        case c, swift
    }

    public var name: String
    public var language: Language
    public var kind: PluginKind

    /// - Throws: ``UsageError`` for a name txfeed could not load by name.
    public init(name: String, language: Language = .c, kind: PluginKind = .source) throws(UsageError) {
        try Self.validate(name: name)
        self.name = name
        self.language = language
        self.kind = kind
    }

    /// `[a-z0-9][a-z0-9-]*`, at most 64 characters: it becomes `libNAME.so` and `-s NAME`.
    public static func validate(name: String) throws(UsageError) {
        let bytes = Array(name.utf8)
        func allowed(_ b: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        }
        guard let first = bytes.first, allowed(first), bytes.count <= 64,
            bytes.allSatisfy({ allowed($0) || $0 == UInt8(ascii: "-") })
        else {
            throw UsageError(
                "plugin name '\(name)': use lower-case letters, digits and '-', starting with a letter or digit (at most 64), e.g. my-bank"
            )
        }
    }

    /// The Swift module of the plugin target: `my-bank` → `MyBankPlugin`.
    public var moduleName: String {
        let camel = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let module = camel + "Plugin"
        return module.first!.isNumber ? "TxFeed" + module : module
    }

    /// The files, relative to the plugin's folder, in the order they are written.
    public var files: [(path: String, contents: String)] {
        func fill(_ template: String) -> String {
            template.replacingOccurrences(of: "__NAME__", with: name)
                .replacingOccurrences(of: "__MODULE__", with: moduleName)
        }
        switch language {
        case .c:
            return [
                ("\(name).c", fill(kind == .source ? ScaffoldTemplates.cSource : ScaffoldTemplates.cSink)),
                (PluginHeader.fileName, PluginHeader.text),
                ("Makefile", fill(ScaffoldTemplates.makefile)),
                (".gitignore", ScaffoldTemplates.cGitignore),
            ]
        case .swift:
            return [
                ("Package.swift", fill(ScaffoldTemplates.packageManifest)),
                ("Sources/TxFeedPluginABI/include/\(PluginHeader.fileName)", PluginHeader.text),
                ("Sources/TxFeedPluginABI/txfeed_plugin.c", ScaffoldTemplates.abiSource),
                (
                    "Sources/\(moduleName)/\(name).swift",
                    fill(kind == .source ? ScaffoldTemplates.swiftSource : ScaffoldTemplates.swiftSink)
                ),
                (".gitignore", ScaffoldTemplates.swiftGitignore),
            ]
        }
    }

    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `parent/NAME/`; refuses (usage error) a folder that exists and is not empty.
    /// - Returns: the plugin's folder.
    @discardableResult
    public func write(into parent: String) throws -> String {
        let folder = parent.hasSuffix("/") ? parent + name : parent + "/" + name
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw UsageError("\(folder) exists and is not a folder; choose another NAME or --dir")
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard entries.isEmpty else {
                throw UsageError("\(folder) exists and is not empty; choose another NAME or --dir, or remove it")
            }
        }
        for (path, contents) in files {
            let file = folder + "/" + path
            do {
                try FileManager.default.createDirectory(
                    atPath: Paths.parentFolder(of: file), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
            } catch {
                throw WriteError(description: "cannot write \(file): \(error.localizedDescription)")
            }
        }
        return folder
    }

    /// What to type next, for a folder written at `folder` (as the user named it).
    public func nextSteps(folder: String) -> [String] {
        let lib = "lib\(name).so"
        switch language {
        case .c:
            return [
                "make -C \(folder)",
                "txfeed plugins check \(folder)/\(lib)",
                kind == .source
                    ? "txfeed run -s \(name) --plugin-path \(folder)/"
                    : "txfeed run samples/accounts/checking.json --sink \(name) --plugin-path \(folder)/",
            ]
        case .swift:
            return [
                "(cd \(folder) && swift build)",
                "txfeed plugins check \(folder)/.build/debug/\(lib)",
                kind == .source
                    ? "txfeed run -s \(name) --plugin-path \(folder)/.build/debug"
                    : "txfeed run samples/accounts/checking.json --sink \(name) --plugin-path \(folder)/.build/debug",
            ]
        }
    }
}
