/// How a chunk from a plugin host child stands to the streamed account the plugin has open.
public enum Delivery: UInt8, Sendable {
    /// Kept as it arrives.
    case committed = 0
    /// Records of the account still open, held apart until it ends. One that does not continue
    /// the account held replaces it: that account never ended, and the source's end drops it.
    case provisional = 1
    /// The rest of the held account, which ended well: it is kept with what was held.
    case closing = 2
    /// The held account failed: what was held is dropped and this chunk (its failure) kept.
    case withdrawing = 3
}
