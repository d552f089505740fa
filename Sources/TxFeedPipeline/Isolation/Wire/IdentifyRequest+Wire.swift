import TxFeedPluginHost

/// `identify` asked of a plugin host child: every plugin named about every file, whose head
/// the child reads itself, so a folder's heads never cross the pipe.
struct IdentifyRequest: Sendable {
    var pluginPaths: [String]
    var paths: [String]

    func encode(into w: inout WireEncoder) {
        w.integer(UInt32(pluginPaths.count))
        for path in pluginPaths { w.string(path) }
        w.integer(UInt32(paths.count))
        for path in paths { w.string(path) }
    }

    static func decode(from r: inout WireDecoder) throws(WireDecoder.Malformed) -> IdentifyRequest {
        IdentifyRequest(
            pluginPaths: try r.list { r throws(WireDecoder.Malformed) in try r.string() },
            paths: try r.list { r throws(WireDecoder.Malformed) in try r.string() })
    }
}

/// The answer: for each file, its plugins' confidences or why it could not be read.
extension FileClaims {
    static func encode(_ claims: [FileClaims], into w: inout WireEncoder) {
        for claim in claims {
            switch claim {
            case .confidences(let confidences):
                w.bool(true)
                for confidence in confidences { w.integer(UInt8(min(max(confidence, 0), 100))) }
            case .unreadable(let reason):
                w.bool(false)
                w.string(reason)
            }
        }
    }

    static func decode(files: Int, plugins: Int, from r: inout WireDecoder) throws(WireDecoder.Malformed)
        -> [FileClaims]
    {
        var claims: [FileClaims] = []
        claims.reserveCapacity(files)
        for _ in 0..<files {
            if try r.bool() {
                var confidences: [Int] = []
                for _ in 0..<plugins { confidences.append(Int(try r.integer(UInt8.self))) }
                claims.append(.confidences(confidences))
            } else {
                claims.append(.unreadable(try r.string()))
            }
        }
        return claims
    }
}
