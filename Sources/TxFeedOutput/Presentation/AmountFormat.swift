import TxFeedModel

/// The amount as the text view shows it: `+ 4.50` for a credit, `- 4.50` for a debit.
///
/// The sign comes from the transaction's type, not from the number (amounts are never negative), and
/// is set apart by a space so that the colour and the column line up the same for both.
public enum AmountFormat {
    /// Appends `+ ` or `- ` and the unsigned plain decimal in the amount's own minor units.
    public static func appendText(_ money: Money, isDebit: Bool, to buffer: inout [UInt8]) {
        buffer.append(isDebit ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        buffer.append(UInt8(ascii: " "))
        money.appendUnsignedDecimal(to: &buffer)
    }
}
