import ArgumentParser
import Glibc

/// `--profiles DIR`: where the csv source finds the user's bank profiles (and `sniff --save`
/// writes one). It is handed on as `TXFEED_PROFILES`, which plugins read wherever they run —
/// in this process or in the children that host them, which inherit the environment.
enum ProfilesFolder {
    static func use(_ folder: String?) throws {
        guard let folder else { return }
        var info = stat()
        guard !folder.isEmpty, stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw usageFailure("--profiles \(folder): not a folder")
        }
        setenv("TXFEED_PROFILES", folder, 1)
    }
}
