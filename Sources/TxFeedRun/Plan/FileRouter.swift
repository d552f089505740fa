import Glibc
import TxFeedModel
import TxFeedPluginHost

/// `txfeed run FILE…`: each bare FILE goes to the source plugin most sure it reads it (the
/// descriptor's `identify`, asked with the file's first bytes); a folder means every file in
/// it, in name order. Nothing is skipped silently: a folder entry that cannot be read or that
/// no plugin claims becomes a failed source naming it, while the other files are read. A
/// stream (a FIFO, `<(command)`) is routed and read as its copy (``StreamCopies``).
struct FileRouter: Sendable {
    var searchPath: PluginSearchPath
    var streams = StreamCopies.standard

    /// What one file became.
    enum Route {
        /// Read by `plugin`, which gets the file as its main option; `confidence` is how sure
        /// it said it was (nil for what was not asked, such as stdin).
        case read(plugin: LoadedPlugin, file: String, confidence: Int?)
        /// A folder entry that cannot be read; the run reports it as a failed source.
        case unreadable(file: String, reason: String)
    }

    func route(_ arguments: [String]) throws -> [Route] {
        guard !arguments.isEmpty else { return [] }
        /// A route known at once, or a file whose plugin is decided below.
        enum Step {
            case known(Route)
            /// `alone`: named on its own, so nothing claiming it is a usage error; `shown`: the
            /// name given, for a stream's copy.
            case file(path: String, alone: Bool, shown: String? = nil)
        }
        var steps: [Step] = []
        // Every stream copied at once, by one deadline: a writer may wait for another's reader.
        // One copy a stream, however often it is named: two readers of one pipe would each get
        // part of it.
        var named: [String] = []
        for argument in arguments where StreamCopies.isStream(argument) && !named.contains(argument) {
            named.append(argument)
        }
        let copies = Dictionary(uniqueKeysWithValues: zip(named, streams.copy(named)))
        for argument in arguments {
            if let copy = copies[argument] {
                switch copy {
                case .success(let path): steps.append(.file(path: path, alone: true, shown: argument))
                case .failure(let failure):
                    steps.append(.known(.unreadable(file: argument, reason: failure.description)))
                }
                continue
            }
            var info = stat()
            // stdin, and a path that is not there: the fixture source says what is wrong, as before.
            guard argument != "-", stat(argument, &info) == 0 else {
                steps.append(
                    .known(
                        .read(plugin: try searchPath.load("fixture", kind: .source), file: argument, confidence: nil)))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                steps += try Self.folderEntries(argument).map { entry in
                    entry.reason.map { .known(.unreadable(file: entry.path, reason: $0)) }
                        ?? .file(path: entry.path, alone: false)
                }
                continue
            }
            steps.append(.file(path: argument, alone: true))
        }
        // Every plugin asked about every file at once, where the plugins are loaded: one call
        // to the plugin host child, not one per file or plugin, and no head crosses a pipe.
        var paths: [String] = []
        for case .file(let path, _, _) in steps { paths.append(path) }
        let claimants = paths.isEmpty ? [] : loadClaimants()
        let claims =
            searchPath.loader?.identify(claimants, paths: paths) ?? FileClaims.ask(claimants, paths: paths)
        // The files' claims are in the order of their steps.
        var next = 0
        var routes: [Route] = []
        for step in steps {
            switch step {
            case .known(let route):
                routes.append(route)
            case .file(let path, let alone, let shown):
                let route: Route
                defer { next += 1 }
                switch claims[next] {
                case .unreadable(let reason): route = .unreadable(file: path, reason: reason)
                case .confidences(let said): route = choose(path, Array(zip(claimants, said)), claimants)
                }
                // A file named on its own: nothing claiming it is a mistake to fix before anything runs.
                if alone, case .unreadable(_, let reason) = route { throw UsageError("\(shown ?? path): \(reason)") }
                routes.append(route)
            }
        }
        return routes
    }

    /// How sure a plugin must be to read a file named `.json`, `.ndjson` or `.jsonl` rather than
    /// `fixture`: below it the file is taken for broken JSON, whose error names line and column
    /// (an NDJSON file cut at its start looks like comma-separated lines to the csv plugin).
    static let sureOfJSONNamedFile = 50

    /// The file's plugin: the one with the highest confidence, if any claims it and none ties.
    private func choose(_ path: String, _ answers: [(LoadedPlugin, Int)], _ claimants: [LoadedPlugin]) -> Route {
        let most = answers.map(\.1).max() ?? 0
        if most < Self.sureOfJSONNamedFile, Self.isNamedAsJSON(path),
            let fixture = answers.first(where: { $0.0.name == "fixture" && $0.1 > 0 })
        {
            return .read(plugin: fixture.0, file: path, confidence: fixture.1)
        }
        // One pass for the most sure and how many share it: a folder asks this of every file.
        var best: (plugin: LoadedPlugin, confidence: Int)?
        var tiedCount = 0
        for (plugin, confidence) in answers where confidence > 0 {
            if confidence > best?.confidence ?? 0 {
                best = (plugin, confidence)
                tiedCount = 1
            } else if confidence == best?.confidence {
                tiedCount += 1
            }
        }
        guard let best else {
            // A format txfeed knows but does not read (a PDF, a workbook…) is named, with what to do.
            if let known = UnreadFormat.reason(of: path) { return .unreadable(file: path, reason: known) }
            // What each plugin asked reads, so the user knows what to export and which plugin to name.
            let reads = claimants.isEmpty ? " (asked: none)" : "; txfeed reads \(ReadableFormats.list(claimants))"
            return .unreadable(file: path, reason: "no source plugin reads it\(reads); name one with -s NAME:FILE")
        }
        guard tiedCount == 1 else {
            let names = answers.filter { $0.1 == best.confidence }.map { "\($0.0.name) (\($0.1))" }
                .joined(separator: ", ")
            return .unreadable(file: path, reason: "\(names) are equally sure they read it; choose with -s NAME:FILE")
        }
        return .read(plugin: best.plugin, file: path, confidence: best.confidence)
    }

    private static func isNamedAsJSON(_ path: String) -> Bool {
        let end = String(decoding: path.utf8.suffix(7), as: UTF8.self).lowercased()
        return end.hasSuffix(".json") || end.hasSuffix(".ndjson") || end.hasSuffix(".jsonl")
    }

    /// Every source plugin on the search path that can say which files it reads and has a main
    /// option to receive one. A plugin that cannot be loaded is left to `plugins list` to explain.
    private func loadClaimants() -> [LoadedPlugin] {
        searchPath.candidates().compactMap { candidate in
            guard let plugin = try? searchPath.loadFile(candidate.path), plugin.canIdentify,
                plugin.mainOption != nil
            else { return nil }
            return plugin
        }
    }

    /// A folder's entries in byte order of their names, hidden ones left out; each with the
    /// reason it cannot be read, if there is one. Every way of naming a folder comes here: a
    /// bare `FILE`, and the `path` of a plugin that reads files (``SourcePlanner``).
    static func folderEntries(_ folder: String) throws(UsageError) -> [(path: String, reason: String?)] {
        guard let entries = DirectoryEntries.list(folder) else { throw UsageError("\(folder): \(SystemError.current)") }
        let names = entries.filter { $0.name.first != UInt8(ascii: ".") }.sorted {
            DirectoryEntries.precedes($0.name, $1.name)
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard !names.isEmpty else { throw UsageError("\(folder): the folder holds no files to read") }
        return names.map { name, type in
            guard let text = String(validating: name, as: UTF8.self) else {
                // Read through a link with a UTF-8 name (``ByteNames``).
                switch ByteNames.link(to: Array(base.utf8) + name) {
                case .success(let link): return (link, nil)
                case .failure(let code): return (base + ByteNames.escaped(name), code.description)
                }
            }
            let path = base + text
            // The folder's listing says what most entries are, without a call each; whether a
            // file can be read is learnt when its head is read for routing.
            switch Int(type) {
            case DT_REG: return (path, nil)
            case DT_DIR: return (path, Self.folderInside)
            default: break  // a link, or a file system that does not say: look
            }
            var info = stat()
            if stat(path, &info) != 0 {
                let reason = SystemError.current
                var link = stat()
                let dangling = errno == ENOENT && lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
                return (path, dangling ? "a link to nothing" : reason)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return (path, nil)
            case S_IFDIR: return (path, Self.folderInside)
            default: return (path, "not a regular file")
            }
        }
    }

    private static let folderInside = "a folder inside the folder (only the folder's own files are read)"
}
