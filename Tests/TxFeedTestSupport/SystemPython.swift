import Foundation
import Synchronization

extension TestPython {
    /// The `python3` on PATH as the interpreter's own file, found once per test process.
    /// `/usr/bin/env python3` looks anew each time, and a version manager's shim first on PATH
    /// (pyenv's, a shell script that starts a dozen more) took 0.2 s of CPU a call, the
    /// interpreter 0.09: StateRunTests alone starts Python 43 times (3.4 s of its 30).
    public static func system() throws -> String {
        if let known = systemPath.withLock({ $0 }) { return known }
        let found = try runCommand("/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"])
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard found.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(description: "python3 on PATH did not say where it is: \(found.stderr)")
        }
        systemPath.withLock { $0 = path }
        return path
    }

    private static let systemPath = Mutex<String?>(nil)
}
