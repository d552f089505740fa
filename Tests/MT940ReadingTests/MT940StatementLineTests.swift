import MT940Reading
import StatementText
import XCTest

/// `:61:` lines: dates across a year end, marks and reversals, funds codes, decimal commas,
/// references; what is rejected and whether its amount still counts.
final class MT940StatementLineTests: XCTestCase {
    private func entry(_ line: String, _ details: String? = nil) -> MT940Read {
        MT940Read(
            message(
                ":60F:C240101EUR0,", ":61:" + line, details.map { ":86:" + $0 } ?? ":62F:C240101EUR0,",
                details == nil ? "" : ":62F:C240101EUR0,"))
    }

    func testMarksReversalsAndFundsCodesSignTheAmount() {
        let cases: [(String, String)] = [
            ("240301C12,50NTRFNONREF", "12.50"), ("240301D12,50NTRFNONREF", "-12.50"),
            ("240301CR12,5NTRFNONREF", "12.5"), ("240301DR1234,NTRFNONREF", "-1234"),
            // A reversal of a credit takes money out; of a debit, puts it back.
            ("240301RC7,00NMSCNONREF", "-7.00"), ("240301RD7,00NMSCNONREF", "7.00"),
            ("240301RCR7,00NMSCNONREF", "-7.00"), ("2403010301RDR0,01NMSCNONREF", "0.01"),
        ]
        for (line, amount) in cases {
            XCTAssertEqual(entry(line).entries.map(\.amount), [amount], line)
        }
    }

    func testTheEntryDateIsTheDayAndTakesTheNearestYear() {
        XCTAssertEqual(entry("2403010304C1,00NTRFNONREF").entries.first?.date, "2024-03-04")
        XCTAssertEqual(entry("240301C1,00NTRFNONREF").entries.first?.date, "2024-03-01", "no entry date")
        // Value date 31 December, booked on 2 January: the next year.
        XCTAssertEqual(entry("2312310102C1,00NTRFNONREF").entries.first?.date, "2024-01-02")
        // Value date 2 January, booked on 30 December: the year before.
        XCTAssertEqual(entry("2401021230C1,00NTRFNONREF").entries.first?.date, "2023-12-30")
        // 29 February exists only in the leap year.
        XCTAssertEqual(entry("2403010229C1,00NTRFNONREF").entries.first?.date, "2024-02-29")
        XCTAssertEqual(entry("990615C1,00NTRFNONREF").entries.first?.date, "1999-06-15")
    }

    /// Only the bank's reference names a booking: the customer's is the account owner's or the
    /// payer's, and PostFinance writes a transaction type's code there on every line.
    func testOnlyTheBankReferenceIsTheId() {
        XCTAssertEqual(entry("240301C1,00NTRFKD-4711//2024030100001").entries.first?.id, "2024030100001")
        XCTAssertNil(entry("240301C1,00NTRFKD-4711").entries.first?.id)
        XCTAssertNil(entry("240301C1,00NTRF01916//NONREF").entries.first?.id)
        XCTAssertNil(entry("240301C1,00NTRFNONREF").entries.first?.id)
    }

    /// PostFinance writes `//NONREF` on every line; ING and Rabobank write `EREF`, `PREF` or
    /// `MARF` where a customer's reference would be (it is in `:86:`), Commerzbank the ZKA's
    /// `KREF+`: none of them names a transaction, nor its payee.
    func testNONREFAndReferenceMarkersAreNoId() {
        XCTAssertNil(entry("240301C1,00NTRFKD-4711//NONREF").entries.first?.id)
        XCTAssertNil(entry("240301C1,00NTRFNONREF//NONREF").entries.first?.id)
        for marker in ["EREF", "PREF", "MARF", "EREF+", "KREF+", "MREF+"] {
            let read = entry("240301C1,00N102\(marker)          ")
            XCTAssertNil(read.entries.first?.id, marker)
            XCTAssertEqual(read.entries.first?.vendor, "N102", marker)
        }
        XCTAssertEqual(entry("240301C1,00NTRFEREF//00000000001005").entries.first?.id, "00000000001005")
        XCTAssertEqual(entry("240301C1,00NTRFEREFX").entries.first?.vendor, "EREFX", "a reference, not the marker")
    }

    /// Commerzbank and Deutsche Bank write a space between the amount and the type.
    func testASpaceBeforeTheTypeIsRead() {
        let read = entry("2006080608D12,35 NRTIKREF+//2016021783252833\n/OCMT/EUR11,85//CHGS/EUR0,50/")
        XCTAssertEqual(read.rejects.map(\.reason), [])
        XCTAssertEqual(read.entries.map(\.amount), ["-12.35"])
        XCTAssertEqual(read.entries.first?.id, "2016021783252833")
        XCTAssertEqual(read.entries.first?.date, "2020-06-08")
    }

    /// SWIFT's field 61 puts the bank's reference `[//16x]` on the line itself and the
    /// supplementary details `[34x]` on the next: a next line starting with `//` (Mt940.NET's
    /// `wrapped-61.sta`, the only such file met) is supplementary details, not the reference, and
    /// the entry has no id, as Mt940.NET reads it too.
    func testANextLineStartingWithSlashesIsNoBankReference() {
        let read = entry("2601020102C100,00NTRFVERYLONGCUSTREF1\n//BANKREF999")
        XCTAssertNil(read.entries.first?.id)
        XCTAssertEqual(read.entries.first?.vendor, "//BANKREF999")
        XCTAssertEqual(entry("2601020102C100,00NTRFVERYLONGCUSTREF1//BANKREF999").entries.first?.id, "BANKREF999")
    }

    func testWithoutDetailsTheSupplementaryLineOrReferenceNamesIt() {
        XCTAssertEqual(entry("240301C1,00NTRFNONREF//B1\nGUTSCHRIFT ZINSEN").entries.first?.vendor, "GUTSCHRIFT ZINSEN")
        XCTAssertEqual(entry("240301C1,00NTRFRENT-DEC//B1").entries.first?.vendor, "RENT-DEC")
        XCTAssertEqual(entry("240301C1,00NTRFNONREF").entries.first?.vendor, "NTRF")
    }

    /// A line whose date is no day is rejected with its line; its amount still counts, so the
    /// statement reconciles and the rest is kept.
    func testABadDateIsARejectWhoseAmountStillCounts() {
        let read = MT940Read(
            message(
                ":60F:C240101EUR10,00", ":61:241301C5,00NTRFNONREF//X1", ":86:Somebody",
                ":61:240102C5,00NTRFNONREF//X2", ":62F:C240102EUR20,00"))
        XCTAssertEqual(read.kinds, ["begin", "reject", "entry", "end"])
        XCTAssertEqual(read.rejects.first?.location, "line 5")
        XCTAssertEqual(
            read.rejects.first?.reason,
            #":61: "241301C5,00NTRFNONREF//X1" starts with no value date YYMMDD ("241301" is no day)"#)
        XCTAssertEqual(
            String(decoding: read.rejects.first?.raw ?? [], as: UTF8.self),
            ":61:241301C5,00NTRFNONREF//X1\n:86:Somebody")
        XCTAssertNil(read.ends.first?.failure)
    }

    func testAnAmountThatCannotBeReadFailsTheStatementWithBothFigures() {
        let read = MT940Read(
            message(
                ":60F:C240101EUR10,00", ":61:240102C5.00NTRFNONREF//X1", ":61:240102C5,00NTRFNONREF//X2",
                ":62F:C240102EUR20,00"))
        XCTAssertEqual(
            read.rejects.map(\.reason),
            [#":61: "240102C5.00NTRFNONREF//X1" has no amount such as 1234,56 after its mark"#])
        XCTAssertEqual(
            read.ends.first?.failure,
            "balances do not reconcile: opening 10.00 + entries 5.00 = 15.00, but the statement closes at 20.00 "
                + "(1 :61: line with no amount that can be read: line 5)")
        // Two, the first named: mt940js's test file writes `C500NTRF`, no decimal comma.
        let two = MT940Read(
            message(
                ":60F:C240101EUR10,00", ":61:240102C5.00NTRFNONREF//X1", ":61:240102C500NTRFNONREF//X2",
                ":62F:C240102EUR20,00"))
        XCTAssertEqual(
            two.ends.first?.failure,
            "balances do not reconcile: opening 10.00 + entries 0.00 = 10.00, but the statement closes at 20.00 "
                + "(2 :61: lines with no amount that can be read, the first on line 5)")
    }

    /// Citi writes four spaces where the entry date would be (`240312    DD212,39`): no entry
    /// date, the line read by its value date; they were taken for a missing mark.
    func testFourSpacesWhereTheEntryDateIsAreNoEntryDate() {
        let read = entry("240312    DD212,39NMSCNONREF//\n/ABC/DEF/MISCELLANEOUS")
        XCTAssertEqual(read.rejects.map(\.reason), [])
        XCTAssertEqual(read.entries.map(\.amount), ["-212.39"])
        XCTAssertEqual(read.entries.first?.date, "2024-03-12")
    }

    /// German banks write 30 February (30/360 interest days): the line is booked by its entry
    /// date, and the run's log names the line. Without an entry date it is rejected, quoting
    /// the date that is no day.
    func testAValueDateOf30FebruaryIsBookedByItsEntryDate() {
        let text = message(":60F:C160229EUR10,00", ":61:1602300301DR6,00N024NONREF", ":62F:C160301EUR4,00")
        let reader = MT940Reader(text: text)
        var entries: [StatementEntry] = []
        var failures: [String] = []
        while let event = reader.next() {
            if case .entry(let entry) = event { entries.append(entry) }
            if case .reject(let reject) = event { failures.append(reject.reason) }
            if case .statementEnd(let end) = event, let failure = end.failure { failures.append(failure) }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(entries.map(\.date), ["2016-03-01"])
        XCTAssertEqual(entries.map(\.amount), ["-6.00"])
        XCTAssertEqual(
            reader.notes,
            [#"line 5: :61: value date "160230" is no day (a 30/360 interest date): booked by its entry date "0301""#])

        let alone = entry("160230DR6,00N024NONREF")
        XCTAssertEqual(
            alone.rejects.map(\.reason),
            [#":61: "160230DR6,00N024NONREF" starts with no value date YYMMDD ("160230" is no day)"#])
        // 29 February of a year without one under 30/360 too; 31 February is no 30/360 day.
        XCTAssertEqual(entry("1502290302DR6,00N024NONREF").entries.map(\.date), ["2015-03-02"])
        XCTAssertEqual(entry("1602310301DR6,00N024NONREF").rejects.count, 1)
    }

    /// A bank that zero-pads the amount past SWIFT's 15 characters writes the same value.
    func testAnAmountZeroPaddedPast15CharactersIsItsValue() {
        let read = MT940Read(
            message(
                ":60F:C180410TRY0000000000000000,00", ":61:180410C000000000000012,50NTRFNONREF",
                ":62F:C180410TRY000000000000012,50"))
        XCTAssertEqual(read.rejects.map(\.reason), [])
        XCTAssertEqual(read.entries.map(\.amount), ["12.50"])
        XCTAssertNil(read.ends.first?.failure)
        // A 16th digit that is not a padding zero is still no SWIFT amount.
        XCTAssertEqual(entry("240301C1234567890123,45NTRFNONREF").rejects.count, 1)
    }

    /// Zenith Bank writes no transaction type: the amount runs straight into `//` and the bank's
    /// reference. The type is absent; the line is read.
    func testALineWithoutATypeBeforeItsBankReferenceIsRead() {
        let read = entry("2011301130CN220000,00//19239782213", "11302020-TRANSFER-PAYROLL")
        XCTAssertEqual(read.rejects.map(\.reason), [])
        XCTAssertEqual(read.entries.map(\.amount), ["220000.00"])
        XCTAssertEqual(read.entries.first?.id, "19239782213")
        XCTAssertEqual(read.entries.first?.date, "2020-11-30")
    }

    func testATypeAndAMarkAreRequired() {
        XCTAssertEqual(entry("240301X1,00NTRFNONREF").rejects.count, 1)
        XCTAssertEqual(entry("240301C1,00XTRFNONREF").rejects.count, 1)
        XCTAssertEqual(entry("240301C1,00").rejects.count, 1)
    }
}
