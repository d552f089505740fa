import Glibc
import TxFeedModel

/// The command line as the kernel hands it over: bytes. Swift's `CommandLine.arguments`
/// replaces bytes that are not UTF-8, so `caf\xe9.json` would name no file. An argument that
/// is not UTF-8 is taken by what the option before it (or the `--option=` in it) asks for: an
/// output file's name (`-o`, `--rejects`, `--duplicates`) becomes a stand-in that txfeed writes
/// by its bytes (``ByteNames``); any other that names a file (or folder) is read through a link
/// with a UTF-8 name; the rest are refused, naming them, rather than guessed at.
enum RawArguments {
    /// The options whose value is a file txfeed writes itself, atomically (``AtomicFile``).
    static let outputOptions: Set<String> = ["-o", "--output", "--rejects", "--duplicates"]

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
        if let option, outputOptions.contains(option) {
            guard let standIn = ByteNames.standIn(for: value) else {
                throw UsageError(
                    "\(option) '\(shown)': another name given reads the same in print: txfeed cannot tell them apart")
            }
            return standIn
        }
        var info = stat()
        guard ByteNames.withCString(value, { lstat($0, &info) }) == 0 else {
            switch option {
            case "--state":
                throw UsageError(
                    "--state '\(shown)' is not UTF-8 and names no file: SQLite would create the state file under another name; create it under a UTF-8 name (an existing one may have any name)"
                )
            case "--sink":
                throw UsageError(
                    "--sink '\(shown)' is not UTF-8: a sink's options are UTF-8 text; give a file whose name is not UTF-8 with -o"
                )
            default:
                throw UsageError(
                    "argument \(n), '\(ByteNames.escaped(argument))', is not UTF-8 and names no file: txfeed reads files with such names and writes them with -o, --rejects and --duplicates; any other value must be UTF-8"
                )
            }
        }
        switch ByteNames.link(to: value) {
        case .success(let link): return link
        case .failure(let code):
            throw UsageError("'\(shown)': cannot link it under a UTF-8 name: \(code.description)")
        }
    }
}
