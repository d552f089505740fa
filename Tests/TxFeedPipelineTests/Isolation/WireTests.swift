import Foundation
import TxFeedModel
import TxFeedPluginHost
import XCTest

@testable import TxFeedPipeline

final class WireTests: XCTestCase {
    private func sample() -> SourceData {
        var data = SourceData()
        data.accounts = [
            Account(
                name: "Checking", id: "DE02", balance: Money(minorUnits: -12_345, scale: 2), currency: "EUR",
                profile: Profile(id: "7", firstName: "Ada", lastName: nil), source: 4, origin: "a.json", scale: 2),
            Account(name: "Card", balance: nil, currency: nil, profile: nil, source: 4, origin: "b.json", scale: 0),
        ]
        let coffee = data.vendors.intern("Coffee ☕")
        let rent = data.vendors.intern("Rent")
        data.details = [TransactionDetails(id: "FIT1", memo: nil), TransactionDetails(id: nil, memo: "line\none")]
        data.transactions = [
            Transaction(
                unixSeconds: 1_700_000_000, amountMinor: 450, vendor: coffee, account: 0, isDebit: true, details: 1),
            Transaction(
                unixSeconds: -5, amountMinor: 99, vendor: rent, account: 1, isDebit: false, isPending: true,
                isCivilDate: true),
        ]
        data.rejects = [Reject(origin: "a.json", path: "transactions[3]", reason: "bad", raw: [0, 255, 10])]
        data.failures = ["b.json: line 2, column 3: expected ','"]
        data.documents = 3
        return data
    }

    /// Sends `data` through a file as the child would, and puts it back together as txfeed does.
    private func roundTrip(_ data: SourceData, source: Int = 4) throws -> (SourceData?, frames: Int) {
        let (chunk, frames) = try roundTrip(data, as: .committed, source: source)
        return (chunk?.data, frames)
    }

    private func roundTrip(_ data: SourceData, as delivery: Delivery, source: Int = 4) throws
        -> (ChunkAssembler.Chunk?, frames: Int)
    {
        try throughWireFile { out, back in
            XCTAssertTrue(data.send(to: FrameWriter(fd: out), as: delivery, hostTime: 0))
            var reader = FrameReader(fd: back)
            var chunks = ChunkAssembler(source: source)
            var frames = 0
            while case .frame(let kind, let payload) = reader.next() {
                frames += 1
                let chunk = kind == .data ? try chunks.head(payload) : try chunks.transactions(payload)
                if let chunk { return (chunk, frames) }
            }
            return (nil, frames)
        }
    }

    func testAChunkSurvivesTheWireExactly() throws {
        let data = sample()
        let (received, frames) = try roundTrip(data)
        let back = try XCTUnwrap(received)
        XCTAssertEqual(frames, 2)
        XCTAssertEqual(back.accounts.map(\.name), ["Checking", "Card"])
        XCTAssertEqual(back.accounts[0].balance, Money(minorUnits: -12_345, scale: 2))
        XCTAssertEqual(back.accounts[0].profile, Profile(id: "7", firstName: "Ada", lastName: nil))
        XCTAssertNil(back.accounts[1].id)
        XCTAssertEqual(back.vendors.name(of: 0), "Coffee ☕")
        XCTAssertEqual(back.vendors.name(of: 1), "Rent")
        XCTAssertEqual(back.details, data.details)
        XCTAssertEqual(back.transactions.map(\.unixSeconds), [1_700_000_000, -5])
        XCTAssertEqual(back.transactions.map(\.signedMinor), [-450, 99])
        XCTAssertEqual(back.transactions.map(\.isPending), [false, true])
        XCTAssertEqual(back.transactions.map(\.isCivilDate), [false, true])
        XCTAssertEqual(back.transactions.map(\.details), [1, Transaction.noDetails])
        XCTAssertEqual(back.rejects.first?.raw, [0, 255, 10])
        XCTAssertEqual(back.failures, data.failures)
        XCTAssertEqual(back.documents, 3)
    }

    /// Every chunk carries the child's host time; an empty one carries it alone and delivers
    /// nothing.
    func testTheHostTimeRidesOnChunksAndAnEmptyOneCarriesItAlone() throws {
        try throughWireFile { out, back in
            let writer = FrameWriter(fd: out)
            XCTAssertTrue(sample().send(to: writer, hostTime: 1_500_000))
            XCTAssertTrue(SourceData().send(to: writer, hostTime: 2_500_000))
            var reader = FrameReader(fd: back)
            var chunks = ChunkAssembler(source: 4)
            guard case .frame(.data, let head) = reader.next() else { return XCTFail("the first head") }
            XCTAssertNil(try chunks.head(head), "its transactions follow")
            XCTAssertEqual(chunks.hostTime, 1_500_000)
            guard case .frame(.transactions, let records) = reader.next() else { return XCTFail("its records") }
            XCTAssertEqual(try chunks.transactions(records)?.data.transactions.count, 2)
            guard case .frame(.data, let empty) = reader.next() else { return XCTFail("the time alone") }
            XCTAssertNil(try chunks.head(empty), "an empty chunk is not delivered")
            XCTAssertEqual(chunks.hostTime, 2_500_000)
            XCTAssertFalse(chunks.isWaiting)
        }
    }

    func testHowAChunkStandsToTheOpenAccountSurvivesTheWire() throws {
        for delivery in [Delivery.committed, .provisional, .closing, .withdrawing] {
            let (chunk, _) = try roundTrip(sample(), as: delivery)
            XCTAssertEqual(chunk?.delivery, delivery)
            XCTAssertEqual(chunk?.data.transactions.count, 2)
        }
        // A standing this txfeed does not know is refused, not guessed.
        var w = WireEncoder(), committed = WireEncoder()
        var data = sample()
        data.transactions = []
        data.encodeHead(into: &w, as: .withdrawing)
        data.encodeHead(into: &committed, as: .committed)
        var head = w.bytes
        // The one byte in which the two standings differ.
        let standing = try XCTUnwrap(head.indices.first { head[$0] != committed.bytes[$0] })
        head[standing] = 9
        var chunks = ChunkAssembler(source: 4)
        XCTAssertNoThrow(try chunks.head(w.bytes[...]))
        var garbled = ChunkAssembler(source: 4)
        XCTAssertThrowsError(try garbled.head(head[...]))
    }

    /// A later part of an open account carries only its new vendors: its records may name the
    /// ones earlier parts carried, and nothing else may say it continues them.
    func testAPartOfAnOpenAccountCarriesOnlyItsNewVendors() throws {
        var part = sample()
        part.vendorBase = 40
        part.transactions[1].vendor = 41  // the second of its own names
        part.transactions[0].vendor = 7  // one an earlier part carried
        let (chunk, _) = try roundTrip(part, as: .provisional)
        XCTAssertEqual(chunk?.data.vendorBase, 40)
        XCTAssertEqual(chunk?.data.transactions.map(\.vendor), [7, 41])
        part.transactions[1].vendor = 42  // past its names
        XCTAssertNil(try? roundTrip(part, as: .provisional).0)
        part.transactions[1].vendor = 41
        for delivery in [Delivery.committed, .withdrawing] {
            XCTAssertNil(try? roundTrip(part, as: delivery).0, "\(delivery)")
        }
        XCTAssertEqual(try roundTrip(part, as: .closing).0?.data.vendorBase, 40)
    }

    func testALargeChunkTravelsInFramesOfBoundedSize() throws {
        var data = sample()
        let many = SourceData.recordsPerFrame * 2 + 7
        data.transactions = (0..<many).map { (i: Int) -> Transaction in
            let vendor = UInt32(i % 2)
            return Transaction(
                unixSeconds: Int64(i), amountMinor: Int64(i), vendor: vendor, account: 0, isDebit: i % 3 == 0)
        }
        let (received, frames) = try roundTrip(data)
        let back = try XCTUnwrap(received)
        XCTAssertEqual(frames, 1 + 3)
        XCTAssertEqual(back.transactions.count, many)
        XCTAssertEqual(back.transactions.map(\.signedMinor), data.transactions.map(\.signedMinor))
    }

    func testEveryCutOrGarbledChunkIsRefusedNotCrashed() throws {
        var w = WireEncoder()
        sample().encodeHead(into: &w)
        let head = w.bytes
        for cut in 0..<head.count {
            var chunks = ChunkAssembler(source: 4)
            XCTAssertThrowsError(try chunks.head(head[0..<cut]), "cut at \(cut) of \(head.count)")
        }
        // An account claiming another source.
        var other = ChunkAssembler(source: 5)
        XCTAssertThrowsError(try other.head(head[...]))
        // A transaction pointing past the vendors.
        var chunks = ChunkAssembler(source: 4)
        XCTAssertNil(try chunks.head(head[...]))
        var records = WireEncoder()
        records.records([Transaction(unixSeconds: 0, amountMinor: 1, vendor: 9, account: 0, isDebit: false)])
        var more = WireEncoder()
        more.records([Transaction(unixSeconds: 0, amountMinor: 1, vendor: 0, account: 0, isDebit: false)])
        XCTAssertNil(try chunks.transactions(more.bytes[...]))
        XCTAssertThrowsError(try chunks.transactions(records.bytes[...]))
        // Transactions with no chunk to belong to.
        var orphan = ChunkAssembler(source: 4)
        XCTAssertThrowsError(try orphan.transactions(more.bytes[...]))
    }

    func testSizesReadAsPeopleWriteThem() {
        XCTAssertEqual(ByteSize.parse("512M"), 512 << 20)
        XCTAssertEqual(ByteSize.parse("1g"), 1 << 30)
        XCTAssertEqual(ByteSize.parse("64KiB"), 64 << 10)
        XCTAssertEqual(ByteSize.parse("100"), 100)
        XCTAssertNil(ByteSize.parse("-1M"))
        XCTAssertEqual(ByteSize.parse("1.5G"), 3 << 29)
        XCTAssertNil(ByteSize.parse("1,5G"))
        XCTAssertNil(ByteSize.parse("M"))
        XCTAssertNil(ByteSize.parse("99999999999T"))
        XCTAssertEqual(ByteSize.describe(512 << 20), "512 MiB")
        XCTAssertEqual(ByteSize.describe(1000), "1000 bytes")
    }

    /// `identify` crosses as paths only; the answer says each file's confidences or why it
    /// could not be read, and a cut answer is refused.
    func testAnIdentifyRequestAndItsClaimsSurviveTheWire() throws {
        let request = IdentifyRequest(pluginPaths: ["/p/libcsv.so", "/p/libofx.so"], paths: ["a.csv", "b.ofx"])
        var w = WireEncoder()
        request.encode(into: &w)
        let decoded = try w.bytes.withUnsafeBytes { raw in
            var r = WireDecoder(raw)
            return try IdentifyRequest.decode(from: &r)
        }
        XCTAssertEqual(decoded.pluginPaths, request.pluginPaths)
        XCTAssertEqual(decoded.paths, ["a.csv", "b.ofx"])

        let claims: [FileClaims] = [.confidences([80, 0]), .unreadable("Permission denied"), .confidences([0, 250])]
        var answer = WireEncoder()
        FileClaims.encode(claims, into: &answer)
        let back = try answer.bytes.withUnsafeBytes { raw in
            var r = WireDecoder(raw)
            return try FileClaims.decode(files: 3, plugins: 2, from: &r)
        }
        XCTAssertEqual(back, [.confidences([80, 0]), .unreadable("Permission denied"), .confidences([0, 100])])
        XCTAssertThrowsError(
            try answer.bytes.dropLast().withUnsafeBytes { raw in
                var r = WireDecoder(raw)
                return try FileClaims.decode(files: 3, plugins: 2, from: &r)
            })
    }

    /// Frames held leave together, in order, when released; a second hold joins the first; a large one leaves at once; only frames held long enough leave on age.
    func testHeldFramesLeaveTogetherInOrder() {
        throughWireFile { out, back in
            let writer = FrameWriter(fd: out)
            var reader = FrameReader(fd: back)
            var written: Int { Int(lseek(out, 0, SEEK_CUR)) }
            writer.hold()
            writer.send(.log) { $0.string("first") }
            writer.hold()
            writer.send(.data) { $0.integer(UInt64(7)) }
            writer.send(.answer) { $0.integer(UInt8(0)) }
            writer.release(heldLongerThan: .seconds(60))
            XCTAssertEqual(written, 0, "nothing leaves before the hold is released or old enough")
            usleep(20_000)
            writer.release(heldLongerThan: .milliseconds(10))
            XCTAssertGreaterThan(written, 0)
            var kinds: [FrameKind] = []
            for _ in 0..<3 {
                guard case .frame(let kind, _) = reader.next(timeout: 1) else { return XCTFail("a frame is missing") }
                kinds.append(kind)
            }
            XCTAssertEqual(kinds, [.log, .data, .answer])

            let before = written
            writer.send(.log) { $0.string("not held") }
            XCTAssertGreaterThan(written, before, "a frame sent after the release leaves at once")
            guard case .frame(.log, _) = reader.next(timeout: 1) else { return XCTFail("the frame after release") }

            let large = written
            writer.hold()
            writer.send(.log) { $0.bytes([UInt8](repeating: 1, count: FrameWriter.largestHeld + 1)) }
            XCTAssertGreaterThan(written, large + FrameWriter.largestHeld, "a frame past the held size leaves at once")
            writer.release()
            guard case .frame(.log, let payload) = reader.next(timeout: 1) else { return XCTFail("the large frame") }
            XCTAssertEqual(payload.count, FrameWriter.largestHeld + 5)
        }
    }

    /// The writer builds each frame in a buffer it keeps: a frame after a larger one carries
    /// only its own bytes, and one past the size kept (freed after its write) leaves whole too.
    func testEachFrameCarriesItsOwnBytesWhateverWentBefore() {
        throughWireFile { out, back in
            let writer = FrameWriter(fd: out)
            var reader = FrameReader(fd: back)
            let sizes = [1_000, FrameWriter.largestKept + 1, 3, 70_000, 0]
            for (n, size) in sizes.enumerated() {
                writer.send(.log) { $0.bytes([UInt8](repeating: UInt8(n + 1), count: size)) }
            }
            for (n, size) in sizes.enumerated() {
                guard case .frame(.log, let payload) = reader.next(timeout: 1) else { return XCTFail("frame \(n)") }
                XCTAssertEqual(payload.count, size + 4, "frame \(n): its length and its bytes")
                XCTAssertTrue(payload.dropFirst(4).allSatisfy { $0 == UInt8(n + 1) }, "frame \(n): only its own bytes")
            }
        }
    }

    /// A reader says a whole frame is waiting only once all of it is read: the rest of a write
    /// of two frames is, a frame cut short is not.
    func testAReaderKnowsWhenAWholeFrameIsWaiting() {
        var pipe: [Int32] = [-1, -1]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        defer { for fd in pipe { close(fd) } }
        do {
            let (back, out) = (pipe[0], pipe[1])
            let writer = FrameWriter(fd: out)
            var reader = FrameReader(fd: back)
            XCTAssertFalse(reader.hasFrame)
            writer.hold()
            writer.send(.log) { $0.string("first") }
            writer.send(.log) { $0.string("second") }
            writer.release()
            guard case .frame(.log, _) = reader.next(timeout: 1) else { return XCTFail("the first frame") }
            XCTAssertTrue(reader.hasFrame, "the second came in the same read")
            guard case .frame(.log, _) = reader.next(timeout: 1) else { return XCTFail("the second frame") }
            XCTAssertFalse(reader.hasFrame)
            // A frame's head and half its payload.
            var w = WireEncoder()
            w.string("cut short")
            let bytes = [FrameKind.log.rawValue] + withUnsafeBytes(of: UInt64(w.bytes.count).littleEndian, Array.init)
            XCTAssertTrue(FrameWriter.writeAll(out, bytes + Array(w.bytes.prefix(4))))
            guard case .waiting = reader.next(timeout: 0.01) else { return XCTFail("half a frame is no frame") }
            XCTAssertFalse(reader.hasFrame)
            XCTAssertTrue(FrameWriter.writeAll(out, Array(w.bytes.dropFirst(4))))
            guard case .frame(.log, _) = reader.next(timeout: 1) else { return XCTFail("the whole frame") }
        }
    }

    /// A share's requests leave in one write, each a whole frame; with the reader gone, none
    /// is counted as sent.
    func testFramesOfAShareLeaveInOneWriteAndCountWhatLeft() {
        throughWireFile { out, back in
            let writer = FrameWriter(fd: out)
            var reader = FrameReader(fd: back)
            writer.hold()
            writer.send(.log) { $0.string("held first") }
            let sent = writer.send(.call, each: [3, 5, 8]) { index, w in w.integer(UInt32(index)) }
            XCTAssertEqual(sent, 3)
            guard case .frame(.log, _) = reader.next(timeout: 1) else { return XCTFail("the held frame goes first") }
            var indexes: [UInt32] = []
            for _ in 0..<3 {
                guard case .frame(.call, let payload) = reader.next(timeout: 1) else { return XCTFail("a request") }
                indexes.append(
                    WireDecoder.read(payload) { r throws(WireDecoder.Malformed) in try r.integer(UInt32.self) } ?? 0)
            }
            XCTAssertEqual(indexes, [3, 5, 8])
        }
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[0])
        let old = signal(SIGPIPE, SIG_IGN)
        defer {
            signal(SIGPIPE, old)
            close(ends[1])
        }
        XCTAssertEqual(FrameWriter(fd: ends[1]).send(.call, each: [1, 2]) { i, w in w.integer(UInt32(i)) }, 0)
    }
}
