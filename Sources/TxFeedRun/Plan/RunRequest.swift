/// What the user asked for on the command line, before anything is loaded.
public struct RunRequest: Sendable {
    /// Bare FILE arguments: each means `fixture:FILE`.
    public var files: [String] = []
    /// `-s SPEC`, in order.
    public var sources: [String] = []
    /// `--sink SPEC`, in order.
    public var sinks: [String] = []
    /// `-o PATH`, in order.
    public var outputs: [String] = []
    public var configFile: String?
    public var pluginPaths: [String] = []
    public var timeout: Double?
    public var strict = false
    public var rejectsFile: String?
    /// `--dedupe`: keep one record of each identity in each account.
    public var dedupe = false
    /// `--duplicates FILE`: where the records `--dedupe` dropped are written.
    public var duplicatesFile: String?
    public var skippedFile: String?
    /// `--state FILE`: what earlier runs imported; only what it has not seen is written.
    public var stateFile: String?
    /// `--state-wait SECONDS`: how long to wait for another run holding the state file.
    public var stateWait: Double?
    /// `--rules FILE`, in order: every file's rules, the first file's first.
    public var rulesFiles: [String] = []
    /// `--explain`: each record names the rule that set each of its fields.
    public var explain = false
    /// `--pending-window DAYS`, `--pending-tolerance PERCENT` (with `--state`).
    public var pendingWindow: Int?
    public var pendingTolerance: String?
    /// `--no-transfers` makes it false; `--transfer-window DAYS`.
    public var transfers = true
    public var transferWindow: Int?
    /// `--shard I/N`: run only that part of the sources, and write it as a part file.
    public var shard: String?
    public var palette: String?
    public var timeZone: String?
    public var colour: ColourMode = .auto
    public var progress = true
    /// `-v`, `--verbose`: show plugins' debug log lines.
    public var verbose = false
    /// `-q`, `--quiet`: only problems on stderr (no progress, no `ok` lines, no info).
    public var quiet = false
    /// Worker threads for decoding large documents and rendering a large feed's rows (`--threads`);
    /// nil means one per core.
    public var threads: Int?
    /// `--isolation process|in-process`.
    public var isolation: Isolation?
    /// `--plugin-memory SIZE`: the address space each plugin host child may use.
    public var pluginMemory: String?
    /// `--memory SIZE`, as typed; nil for the default budget.
    public var memory: String?
    /// `--temp-dir DIR`; nil for `$TMPDIR` or `/tmp`.
    public var tempDirectory: String?

    public init() {}
}

/// Where source plugins run: each in a plugin host child (the default), or inside txfeed
/// (for debugging a plugin, and the benchmark's comparison).
public enum Isolation: String, Sendable, CaseIterable {
    case process
    case inProcess = "in-process"
}

/// `--color auto|always|never`.
public enum ColourMode: String, Sendable, CaseIterable {
    case auto, always, never
}
