import ArgumentParser
import TxFeedOutput
import TxFeedPipeline
import TxFeedRun

/// `txfeed sniff`: what a file is and how txfeed would read it, before a run trusts it.
struct SniffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sniff",
        abstract: "Explain how each file would be read: the plugin, and what it inferred (exit 2 when ambiguous).")

    @Argument(help: "Files or folders, routed as `run` routes them.", completion: .file())
    var files: [String] = []

    @Option(
        name: [.short, .customLong("source")], help: "A source to explain as given: NAME:FILE[,key=value...].",
        completion: PluginNameCompletion.sources)
    var sources: [String] = []

    @Option(
        name: .customLong("plugin-path"), help: "A folder to look for plugins in, before the built-in ones.",
        completion: .directory)
    var pluginPaths: [String] = []

    // This and --save: arrays that only catch a second value (`refuseRepeated`).
    @Option(
        help: "A folder of bank profiles for csv files (default: TXFEED_PROFILES, else ~/.config/txfeed/profiles).",
        completion: .directory)
    var profiles: [String] = []

    @Option(help: "Save what was inferred from the one csv file as the bank profile NAME, in the profiles folder.")
    var save: [String] = []

    func run() throws {
        try refuseRepeated(["--profiles": profiles, "--save": save], because: "it names one folder or profile")
        try ProfilesFolder.use(profiles.first)
        var request = RunRequest()
        request.files = files
        request.sources = sources
        request.pluginPaths = pluginPaths
        let findings: [Sniffer.Finding]
        do {
            findings = try Sniffer.sniff(request, pluginHost: PluginHostChild.executable(), saveProfile: save.first)
        } catch {
            throw usageFailure("\(error)")
        }
        var text = ""
        for (n, finding) in findings.enumerated() {
            if n > 0 { text += "\n" }
            text += finding.subject + "\n"
            for line in finding.lines { text += "  " + line + "\n" }
        }
        StandardStreams.output(text)
        let problems = findings.compactMap(\.problem)
        for problem in problems { StandardStreams.error("txfeed: \(problem)\n") }
        if !problems.isEmpty { throw ExitStatusError(status: .usage) }
    }
}
