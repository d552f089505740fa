import Glibc
import TxFeedModel

/// The command line as the kernel hands it over: bytes. Swift's `CommandLine.arguments`
/// replaces bytes that are not UTF-8, so `caf\xe9.json` would name no file. An argument that
/// is not UTF-8 and names a file (or folder) is read through a link with a UTF-8 name
/// (``ByteNames``); any other such argument is refused, naming it, rather than guessed at.
enum RawArguments {
    /// The arguments after the program's name; a usage error for one that cannot be taken.
    static func read() throws(UsageError) -> [String] {
        var arguments: [String] = []
        for n in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[n] else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
            if let text = String(validating: bytes, as: UTF8.self) {
                arguments.append(text)
                continue
            }
            var info = stat()
            guard lstat(pointer, &info) == 0 else {
                throw UsageError(
                    "argument \(n), '\(ByteNames.escaped(bytes))', is not UTF-8 and names no file: txfeed reads files with such names, but writes and names only UTF-8 ones"
                )
            }
            switch ByteNames.link(to: bytes) {
            case .success(let link): arguments.append(link)
            case .failure(let code):
                throw UsageError(
                    "'\(ByteNames.escaped(bytes))': cannot link it under a UTF-8 name: \(code.description)")
            }
        }
        return arguments
    }
}
