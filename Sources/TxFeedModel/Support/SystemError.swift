#if canImport(Glibc)
    import Glibc
#endif

/// The text of the last system call's failure (`strerror(errno)`), read in one place.
///
/// Read it right after the failing call: anything in between may change `errno`.
package enum SystemError {
    package static var current: String { describe(errno) }

    package static var code: Int32 { errno }

    package static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// A failure's `errno`, kept to describe later, for results that carry it.
    package struct Code: Error, Equatable {
        package var value: Int32
        package var description: String { SystemError.describe(value) }
    }
}
