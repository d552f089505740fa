import CJansson
import CSVReading
import Glibc
import SourceKit

/// The user's own bank profiles: every `*.json` file in one folder, named by its stem. The
/// folder is `TXFEED_PROFILES` (which `--profiles DIR` sets), else `$XDG_CONFIG_HOME/txfeed/profiles`
/// (`~/.config/txfeed/profiles`), which need not exist.
enum ProfileFolder {
    /// The folder profiles are read from and `sniff --save` writes to, and whether the user named it.
    static func location() -> (path: String, named: Bool)? {
        if let named = environment("TXFEED_PROFILES") { return (named, true) }
        if let config = environment("XDG_CONFIG_HOME") { return (config + "/txfeed/profiles", false) }
        if let home = environment("HOME") { return (home + "/.config/txfeed/profiles", false) }
        return nil
    }

    /// The user's profiles, then the built-in ones: a user's profile of a built-in's name replaces it.
    /// - Throws: a failure naming the folder a user named and cannot be read, or a profile file
    ///   that does not parse: a broken profile must not silently stop matching.
    static func library() throws(PluginFailure) -> [BankProfile] {
        var own: [BankProfile] = []
        if let (folder, named) = location() {
            guard let directory = opendir(folder) else {
                if named || errno != ENOENT {
                    throw PluginFailure("profiles folder \(folder): \(String(cString: strerror(errno)))")
                }
                return BankProfiles.builtIn
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".json"), !name.hasPrefix(".") { names.append(name) }
            }
            closedir(directory)
            for name in names.sorted() { own.append(try read(folder + "/" + name)) }
        }
        let replaced = Set(own.map(\.name))
        return own + BankProfiles.builtIn.filter { !replaced.contains($0.name) }
    }

    /// One profile file: a `rules` object whose `match` member holds the header (and preamble).
    static func read(_ path: String) throws(PluginFailure) -> BankProfile {
        let file = try FileBytes(path: path)
        var text = Array(file.bytes)
        text.append(0)
        let what = "profile \(path)"
        var options = try text.withUnsafeBufferPointer { buffer throws(PluginFailure) in
            try buffer.withMemoryRebound(to: CChar.self) { chars throws(PluginFailure) in
                try PluginOptions.parse(chars.baseAddress, what: what, skipping: ["match"])
            }
        }
        var error = json_error_t()
        let root = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { json_loads($0.baseAddress, 0, &error) }
        }
        defer { json_decref(root) }
        guard let match = json_object_get(root, "match"), match.pointee.type == JSON_OBJECT else {
            throw PluginFailure("\(what): \(expected)")
        }
        let header = try strings(in: match, "header", what: what)
        let cells = try strings(in: match, "cells", what: what).enumerated().map { index, text throws(PluginFailure) in
            guard let shape = CellShape(text: text) else {
                throw PluginFailure(
                    "\(what): match.cells[\(index)] \"\(text)\": expected date FORMAT, amount, currency, digits, text, "
                        + "empty or literal TEXT, with ? when the cell may be empty")
            }
            return shape
        }
        guard header.isEmpty != cells.isEmpty else { throw PluginFailure("\(what): \(expected)") }
        var preamble: String?
        if let tell = json_object_get(match, "preamble") {
            guard tell.pointee.type == JSON_STRING else {
                throw PluginFailure("\(what): match.preamble must be a string")
            }
            preamble = String(cString: json_string_value(tell))
        }
        var balanceRows = false
        if let flag = json_object_get(match, "balance-rows") {
            guard flag.pointee.type == JSON_TRUE || flag.pointee.type == JSON_FALSE, cells.count > 0 else {
                throw PluginFailure("\(what): match.balance-rows must be true or false, beside match.cells")
            }
            balanceRows = flag.pointee.type == JSON_TRUE
        }
        let name = FileBytes.stem(of: path)
        let bank = options.removeValue(forKey: "bank") ?? name
        do { _ = try CSVSettings(options: options) } catch { throw PluginFailure("\(what): \(error.description)") }
        return BankProfile(
            name: name, bank: bank, header: header, cells: cells, preamble: preamble, balanceRows: balanceRows,
            options: options)
    }

    private static let expected =
        "expected \"match\": {\"header\": [the header's cells]}, or {\"cells\": [each column's shape]} for a file without one"

    /// `match`'s list `key` as strings; empty when absent.
    private static func strings(in match: UnsafeMutablePointer<json_t>, _ key: String, what: String)
        throws(PluginFailure) -> [String]
    {
        guard let list = json_object_get(match, key) else { return [] }
        guard list.pointee.type == JSON_ARRAY else { throw PluginFailure("\(what): \(expected)") }
        var found: [String] = []
        for index in 0..<json_array_size(list) {
            guard let cell = json_array_get(list, index), cell.pointee.type == JSON_STRING else {
                throw PluginFailure("\(what): match.\(key)[\(index)] must be a string")
            }
            found.append(String(cString: json_string_value(cell)))
        }
        guard !found.isEmpty else { throw PluginFailure("\(what): match.\(key) is empty") }
        return found
    }

    /// Writes what `document` inferred as the profile `name` in the profiles folder (made when
    /// missing), atomically; the report line that says where.
    static func save(_ document: CSVDocument, to name: String) throws(PluginFailure) -> String {
        guard !name.isEmpty, !name.hasPrefix("."),
            name.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            })
        else {
            throw PluginFailure("--save \"\(name)\": a profile's name is letters, digits, - _ and . (amex-us)")
        }
        guard document.problems.isEmpty else {
            throw PluginFailure("--save \(name): not saved, the file does not read as it is (see the problems above)")
        }
        guard let profile = document.profile(bank: name) else {
            throw PluginFailure("--save \(name): not saved, the file has neither a header nor rows to match by")
        }
        guard let (folder, _) = location() else {
            throw PluginFailure("--save \(name): no profiles folder: set TXFEED_PROFILES or HOME")
        }
        var made = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o755) != 0, errno != EEXIST {
                throw PluginFailure("--save \(name): cannot make \(made): \(String(cString: strerror(errno)))")
            }
        }
        let path = folder + "/" + name + ".json"
        let temporary = folder + "/." + name + ".json.\(getpid())"
        let bytes = Array(profile.json.utf8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PluginFailure("--save \(name): cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw PluginFailure("--save \(name): cannot write \(path): \(reason)")
        }
        return "saved         profile \(name): \(path)\n"
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
