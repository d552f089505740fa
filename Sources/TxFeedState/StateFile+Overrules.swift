import Glibc
import TxFeedModel
import TxFeedSQLite

/// What a person says of records the state file or `--dedupe` would drop: each is a batch of
/// its own, listed by `state show` and forgotten by `state undo`.
public enum Overrule: Sendable, Equatable, CustomStringConvertible {
    /// `txfeed state keep FILE ID`: the record with this id is real; the next run that would
    /// drop it as seen or as a duplicate imports it, once.
    case keep(String)
    /// `txfeed state same FILE A B`: the records with these ids are one payment, though their
    /// ids differ; once either is imported, the other is seen.
    case same(String, String)

    /// What the `overrules` table's `kind`, `first` and `second` say; nil for a row it cannot read.
    init?(kind: String?, first: String?, second: String?) {
        switch (kind, first, second) {
        case ("keep", let id?, _): self = .keep(id)
        case ("same", let a?, let b?): self = .same(a, b)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .keep(let id): "keep \(id)"
        case .same(let a, let b): "same \(a) \(b)"
        }
    }
}

extension StateFile {
    /// Records `overrule` in the existing state file at `path`, as a batch of its own.
    /// - Returns: the batch.
    public static func record(_ overrule: Overrule, path: String, wait: Double) throws(StateError) -> Int64 {
        try checkExists(path)
        let state = try StateFile(path: path, wait: wait)
        try state.record(overrule)
        return state.batch
    }

    /// Records `overrule` as a batch of its own, and lets go of the lock.
    func record(_ overrule: Overrule) throws(StateError) {
        do {
            let now = Self.timestamp(Int64(time(nil)))
            try database.prepare(
                """
                INSERT INTO batches (id, started, finished, txfeed, read, written, remembered, pending, seen, duplicates,
                                     rejected)
                VALUES (?, ?, ?, ?, 0, 0, 0, 0, 0, 0, 0)
                """
            ).run {
                $0.bind(1, batch)
                $0.bind(2, now)
                $0.bind(3, now)
                $0.bind(4, TxFeed.version)
            }
            let insert = try database.prepare("INSERT INTO overrules (batch, kind, first, second) VALUES (?, ?, ?, ?)")
            try insert.run {
                $0.bind(1, batch)
                switch overrule {
                case .keep(let id):
                    $0.bind(2, "keep")
                    $0.bind(3, id)
                    $0.bind(4, nil as String?)
                case .same(let a, let b):
                    $0.bind(2, "same")
                    $0.bind(3, a)
                    $0.bind(4, b)
                }
            }
            try commit()
        } catch {
            abandon()
            throw StateError(error, path: path)
        }
    }

    /// The `keep` ids not yet used, and every `same` pair.
    func overrules() throws -> (keeps: Set<String>, sames: [(String, String)]) {
        var keeps: Set<String> = []
        var sames: [(String, String)] = []
        let rows = try database.prepare("SELECT kind, first, second, used_batch FROM overrules ORDER BY batch")
        while try rows.step() {
            switch Overrule(kind: rows.text(0), first: rows.text(1), second: rows.text(2)) {
            case .keep(let id) where rows.isNull(3): keeps.insert(id)
            case .same(let a, let b): sames.append((a, b))
            default: break
            }
        }
        return (keeps, sames)
    }

    /// Makes each `same` pair one identity in `history`: where either id was imported into an
    /// account, the other counts as imported by the same batch.
    func applySames(_ sames: [(String, String)], to history: inout ImportHistory, accounts: [Int]) {
        for (a, b) in sames {
            let first = IdentityKey.of(recordID: a)
            let second = IdentityKey.of(recordID: b)
            for account in accounts {
                if let batch = history.batch(account: account, key: first.key) {
                    history.add(account: account, key: second.key, kind: second.kind, batch: batch)
                } else if let batch = history.batch(account: account, key: second.key) {
                    history.add(account: account, key: first.key, kind: first.kind, batch: batch)
                }
            }
        }
    }

    /// Marks the `keep`s this run used.
    func useKeeps(_ ids: [String]) throws {
        let use = try database.prepare(
            "UPDATE overrules SET used_batch = ? WHERE kind = 'keep' AND first = ? AND used_batch IS NULL")
        for id in ids {
            try use.run {
                $0.bind(1, batch)
                $0.bind(2, id)
            }
        }
    }
}
