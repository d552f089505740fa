// Temporary stand-ins until the presentation branch lands (deleted at merge).
import Foundation

public struct Money: Hashable, Sendable {
    public var minorUnits: Int64
    public var scale: Int
    public static func parse(integer: Int64, scale: Int) throws(AmountError) -> Money {
        guard integer >= 0 else { throw .negative }
        return Money(minorUnits: integer * 100, scale: scale)
    }
    public static func parse(real: Double, scale: Int) throws(AmountError) -> Money {
        guard real.isFinite else { throw .notFinite }
        guard real >= 0 else { throw .negative }
        return Money(minorUnits: Int64((real * 100).rounded()), scale: scale)
    }
    public func appendPlainDecimal(to out: inout [UInt8], negative: Bool) {
        out.append(contentsOf: Array(((negative ? "-" : "") + String(format: "%.2f", Double(minorUnits) / 100)).utf8))
    }
    public var plainDecimal: String { var b: [UInt8] = []; appendPlainDecimal(to: &b, negative: minorUnits < 0); return String(decoding: b, as: UTF8.self) }
}
public enum AmountError: Error, Equatable, CustomStringConvertible {
    case notANumber, notFinite, negative, tooManyDecimals(scale: Int), tooLarge
    public var description: String { "bad amount" }
}
public enum CurrencyScale {
    public static func decimals(forCurrencyCode code: String?) -> Int? { 2 }
}
public struct DateError: Error, CustomStringConvertible { public var description: String }
public enum TransactionDate {
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(DateError) -> Int64 { 0 }
}
public struct RGB: Hashable, Sendable {
    public var r, g, b: UInt8
    public func appendHex(to out: inout [UInt8]) { out.append(contentsOf: Array(String(format: "#%02x%02x%02x", r, g, b).utf8)) }
}
public enum Palette: Equatable, Sendable {
    case legacy, hashed(seed: UInt64)
    public init(parsing spec: String) throws { self = .legacy }
    public func colour(forVendorUTF8 bytes: UnsafeBufferPointer<UInt8>) -> RGB { RGB(r: 0, g: 0, b: 0) }
}
public struct DayFormat {
    public init(timeZone: TimeZone?) {}
    public func appendDay(ofUnixSeconds s: Int64, to out: inout [UInt8]) { out.append(contentsOf: Array("Wed, Sep 01".utf8)) }
    public static func timeZone(named: String) -> TimeZone? { TimeZone(identifier: named) }
}
public enum ISODate {
    public static func appendUTC(unixSeconds: Int64, to out: inout [UInt8]) { out.append(contentsOf: Array("2021-09-01T08:15:00Z".utf8)) }
}
public enum AmountFormat {
    public static func appendText(_ money: Money, isDebit: Bool, to out: inout [UInt8]) { out.append(contentsOf: Array("+ 0.00".utf8)) }
}
