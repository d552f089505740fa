import Glibc
import TxFeedModel

/// The command line as the kernel hands it over: bytes. Swift's `CommandLine.arguments`
/// replaces bytes that are not UTF-8, so `caf\xe9.json` would name no file. An argument that
/// is not UTF-8 is taken by what the option before it (or the `--option=` in it) asks for: the
/// name of a file txfeed writes (`-o`, `--rejects`, `--duplicates`, `--state`) becomes a
/// stand-in that txfeed opens by its bytes (``ByteNames``); any other that names a file (or
/// folder) is read through a link with a UTF-8 name; the rest are refused, naming them, rather
/// than guessed at.
enum RawArguments {
    /// The options whose value is a file txfeed writes itself, new or existing: the outputs
    /// (atomically, ``AtomicFile``) and the state file (SQLite, handed the bytes).
    static let writtenOptions: Set<String> = ["-o", "--output", "--rejects", "--duplicates", "--skipped", "--state"]

    /// The arguments after the program's name; a usage error for one that cannot be taken.
    static func read() throws(UsageError) -> [String] {
        var arguments: [String] = []
        var options = true
        for n in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[n] else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
            if let text = String(validating: bytes, as: UTF8.self) {
                arguments.append(text)
                if text == "--" { options = false }
                continue
            }
            // `--option=VALUE` is the option and its value; after `--` every argument is a file.
            var option = options ? arguments.last : nil
            var value = bytes[...]
            if options, bytes.starts(with: "--".utf8), let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
                let name = String(validating: bytes[..<equals], as: UTF8.self)
            {
                option = name
                value = bytes[(equals + 1)...]
            }
            let prefix = String(decoding: bytes[..<value.startIndex], as: UTF8.self)
            arguments.append(prefix + (try taken(Array(value), of: bytes, n: n, after: option)))
        }
        return arguments
    }

    /// `value` (argument `n`, or its part after `=`) as text for `option`.
    private static func taken(_ value: [UInt8], of argument: [UInt8], n: Int, after option: String?)
        throws(UsageError) -> String
    {
        let shown = ByteNames.escaped(value)
        if let option, writtenOptions.contains(option) {
            guard let standIn = ByteNames.standIn(for: value) else {
                throw UsageError(
                    "\(option) '\(shown)': another name given reads the same in print: txfeed cannot tell them apart")
            }
            return standIn
        }
        var info = stat()
        guard option != "--sink", ByteNames.withCString(value, { lstat($0, &info) }) == 0 else {
            switch option {
            case "--sink":
                guard let spec = sinkSpec(value) else {
                    throw UsageError(
                        "--sink '\(shown)' is not UTF-8 outside its path=: a sink's other options are UTF-8 text")
                }
                return spec
            default:
                throw UsageError(
                    "argument \(n), '\(ByteNames.escaped(argument))', is not UTF-8 and names no file: txfeed reads files with such names and writes them with -o, --rejects, --duplicates, --skipped, --state and a sink's path=; any other value must be UTF-8"
                )
            }
        }
        switch ByteNames.link(to: value) {
        case .success(let link): return link
        case .failure(let code):
            throw UsageError("'\(shown)': cannot link it under a UTF-8 name: \(code.description)")
        }
    }

    /// `--sink NAME:path=FILE,...` whose FILE is not UTF-8: the spec with FILE's stand-in, as
    /// `-o FILE` would have it; nil when bytes that are not UTF-8 lie outside FILE. FILE runs to
    /// the next piece between commas with a `=` after its first byte, or the end: the rule
    /// ``SourceSpec/options(mainOption:isKnown:)`` splits a spec's text by.
    private static func sinkSpec(_ spec: [UInt8]) -> String? {
        let key = Array("path=".utf8)
        guard
            let start = spec.indices.first(where: { at in
                (at > 0 && [UInt8(ascii: ":"), UInt8(ascii: ",")].contains(spec[at - 1]))
                    && spec[at...].starts(with: key)
            })
        else { return nil }
        let valueStart = start + key.count
        var valueEnd = spec.endIndex
        var at = valueStart
        while let comma = spec[at...].firstIndex(of: UInt8(ascii: ",")) {
            let piece = spec[(comma + 1)...].prefix { $0 != UInt8(ascii: ",") }
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")), equals > piece.startIndex {
                valueEnd = comma
                break
            }
            at = comma + 1
        }
        guard let before = String(validating: spec[..<valueStart], as: UTF8.self),
            let after = String(validating: spec[valueEnd...], as: UTF8.self),
            let file = ByteNames.standIn(for: Array(spec[valueStart..<valueEnd]))
        else { return nil }
        return before + file + after
    }
}
