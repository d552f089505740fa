import TxFeedPluginHost

/// `identify` asked of a plugin host child: every plugin named about every file. A file comes
/// with its head when the caller has one; otherwise the child reads the head itself, so a
/// folder's heads never cross the pipe.
struct IdentifyRequest: Sendable {
    var pluginPaths: [String]
    var files: [(path: String, head: [UInt8]?)]

    func encode(into w: inout WireEncoder) {
        w.integer(UInt32(pluginPaths.count))
        for path in pluginPaths { w.string(path) }
        w.integer(UInt32(files.count))
        for file in files {
            w.string(file.path)
            w.bool(file.head != nil)
            if let head = file.head { w.bytes(head) }
        }
    }

    static func decode(from r: inout WireDecoder) throws(WireDecoder.Malformed) -> IdentifyRequest {
        let pluginPaths = try r.list { r throws(WireDecoder.Malformed) in try r.string() }
        let files = try r.list { r throws(WireDecoder.Malformed) -> (path: String, head: [UInt8]?) in
            let path = try r.string()
            return (path, try r.bool() ? try r.byteArray() : nil)
        }
        return IdentifyRequest(pluginPaths: pluginPaths, files: files)
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
