import TxFeedPluginHost

/// The descriptor a plugin host child read, as it sends it up after loading the plugin.
extension PluginDescription {
    func encode(into w: inout WireEncoder) {
        w.integer(UInt8(kind == .source ? 0 : 1))
        w.string(name)
        w.string(summary)
        w.string(version)
        w.integer(abiVersion)
        w.integer(UInt32(options.count))
        for option in options {
            w.string(option.name)
            w.string(option.help)
            w.bool(option.isMain)
        }
        w.string(sampleConfig)
        w.bool(canIdentify)
        w.bool(canExplain)
    }

    static func decode(from r: inout WireDecoder) throws(WireDecoder.Malformed) -> PluginDescription {
        let kind: PluginKind
        switch try r.integer(UInt8.self) {
        case 0: kind = .source
        case 1: kind = .sink
        default: throw .init()
        }
        let name = try r.string(), summary = try r.string(), version = try r.string()
        let abi = try r.integer(UInt32.self)
        var options: [PluginOption] = []
        for _ in 0..<(try r.count(limit: 10_000)) {
            options.append(PluginOption(name: try r.string(), help: try r.string(), isMain: try r.bool()))
        }
        return PluginDescription(
            kind: kind, name: name, summary: summary, version: version, abiVersion: abi, options: options,
            sampleConfig: try r.string(), canIdentify: try r.bool(), canExplain: try r.bool())
    }
}
