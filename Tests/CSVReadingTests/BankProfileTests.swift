import CSVReading
import Foundation
import XCTest

/// The built-in profiles: each has a test file in its bank's layout, which that profile and no
/// other matches, and which reads with no problem and no disagreement it does not expect.
final class BankProfileTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/bank/profiles").standardized.path

    func testEveryProfileHasATestFileThatOnlyItMatches() throws {
        XCTAssertEqual(Set(BankProfiles.builtIn.map(\.name)).count, BankProfiles.builtIn.count, "names are unique")
        for profile in BankProfiles.builtIn {
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/\(profile.name).csv"))
            try bytes.withUnsafeBytes { buffer in
                let document = try CSVDocument.read(
                    bytes: buffer, origin: profile.name, stem: profile.name, options: [:], profiles: [])
                let matching = BankProfiles.builtIn.filter { BankProfile.match(document, in: [$0]) != nil }
                XCTAssertEqual(matching.map(\.name), [profile.name])
                let profiled = try CSVDocument.read(
                    bytes: buffer, origin: profile.name, stem: profile.name, options: [:],
                    profiles: BankProfiles.builtIn)
                XCTAssertEqual(profiled.problems, [], profile.name)
                XCTAssertTrue(profiled.report.contains("profile       \(profile.name) ("), profiled.report)
            }
        }
    }

    func testAProfilesOwnOptionsAreValidAndTheGivenOnesWin() throws {
        for profile in BankProfiles.builtIn {
            XCTAssertNoThrow(try CSVSettings(options: profile.options), profile.name)
        }
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/chase-card.csv"))
        try bytes.withUnsafeBytes { buffer in
            let document = try CSVDocument.read(
                bytes: buffer, origin: "c.csv", stem: "c", options: ["sign": "inverted"],
                profiles: BankProfiles.builtIn)
            XCTAssertTrue(document.report.contains("sign          inverted (given)"), document.report)
        }
    }

    func testHeaderMatchingFoldsCaseAndPunctuationButNotColumns() {
        let profile = BankProfiles.builtIn.first { $0.name == "barclays-uk" }!
        XCTAssertEqual(
            profile.matches(header: ["number", "DATE", "Account", "Amount", "Subcategory", "Memo"], preamble: []),
            "header: 6 of 6 columns")
        XCTAssertNil(profile.matches(header: ["Number", "Date", "Account", "Amount", "Memo"], preamble: []))
        XCTAssertNil(
            profile.matches(
                header: ["Number", "Date", "Account", "Amount", "Subcategory", "Memo", "Extra"], preamble: []))
        let nationwide = BankProfiles.builtIn.first { $0.name == "nationwide-uk" }!
        let header = ["Date", "Transaction type", "Description", "Paid out", "Paid in", "Balance"]
        XCTAssertNil(nationwide.matches(header: header, preamble: []), "the preamble is its tell")
        XCTAssertNotNil(nationwide.matches(header: header, preamble: ["\"Account Name:\",\"FlexAccount\""]))
    }

    /// A test file read through its profile, as the plugin reads it.
    private func readProfiled(_ name: String, options: [String: String] = [:]) throws -> ReadResult {
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/\(name).csv"))
        return try bytes.withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: name, stem: name, options: options, profiles: BankProfiles.builtIn))
        }
    }

    /// The minor units of a written amount (`-23.4`, `2450`) in a currency of two decimals.
    private func cents(_ amount: String) -> Int {
        let parts = amount.split(separator: ".", omittingEmptySubsequences: false)
        let decimals = parts.count == 2 ? String(parts[1]) : ""
        guard decimals.count <= 2,
            let whole = Int(parts[0] + decimals.padding(toLength: 2, withPad: "0", startingAt: 0))
        else { return .min }
        return whole
    }

    /// DKB since 2023: the holder's own name is in Zahlungspflichtige*r on money out and in
    /// Zahlungsempfänger*in on money in. The profile names the other party on both sides, and
    /// so does inference alone from that pair of headers (a file that misses the profile by a
    /// column had the holder as the payee of money in).
    func testDKBsPayeeIsTheOtherPartyOnBothSides() throws {
        let read = try readProfiled("dkb")
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(
            read.reportLine("profile"), "dkb (DKB Girokonto (Germany), since 2023; header: 12 of 12 columns)")
        let entries = try XCTUnwrap(read.entries.first)
        XCTAssertEqual(
            entries.map(\.vendor),
            ["REWE Markt GmbH", "ACME GmbH", "Stadtwerke Köln GmbH", "Hausverwaltung Berg", "Max Beispiel"])
        XCTAssertEqual(entries.map { cents($0.amount) }, [-2340, 245000, -5850, -85000, 4500])
        XCTAssertEqual(entries.map(\.date), ["2024-03-29", "2024-03-27", "2024-03-15", "2024-03-04", "2024-03-01"])
        XCTAssertEqual(entries.map(\.pending), [true, false, false, false, false])
        XCTAssertEqual(read.accounts.map(\.currency), ["EUR"])

        let inferred = try readProfiled("dkb", options: ["profile": "none"])
        XCTAssertEqual(inferred.entries.first?.map(\.vendor), entries.map(\.vendor))
    }

    /// PayPal's balance-affecting download in German and Czech: a bank top-up has no `Name`,
    /// and its kind (`Beschreibung`, `Popis`) names it; read by inference, a third of a real
    /// German export was rejected for an empty payee.
    func testPayPalsEighteenFieldDownloadNamesATopUpByItsKind() throws {
        for (name, topUp, others) in [
            ("paypal-de", "Bankgutschrift auf PayPal-Konto", ["Musik Dienst GmbH", "Laura Beispiel"]),
            ("paypal-cz", "General Card Deposit", ["Obchod s.r.o.", "Jan Novák"]),
        ] {
            let read = try readProfiled(name)
            XCTAssertEqual(read.problems, [], name)
            XCTAssertEqual(read.rejects.first?.count, 0, name)
            XCTAssertEqual(read.entries.first?.map(\.vendor), [others[0], topUp, others[1]], name)
            XCTAssertEqual(
                read.entries.first?.map { cents($0.amount) }.reduce(0, +), name == "paypal-de" ? 1400 : 30000)
        }
    }

    /// `vendor-debit` and `vendor-credit` pick the row's payee by the side its money moved;
    /// an empty side cell, or an amount of zero, falls back to `vendor`.
    func testVendorDebitAndVendorCreditPickThePayeeBySide() throws {
        let text = """
            Date;Payer;Payee;Text;Amount
            2024-01-02;Me;Bakery;Bread;-3,50
            2024-01-03;Employer;Me;Salary;100,00
            2024-01-04;;;Card fee waived;0,00
            2024-01-05;Me;;Cash;-20,00

            """
        let read = try CSVReading.read(
            text, options: ["vendor-debit": "Payee", "vendor-credit": "2", "vendor": "Text"])
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(
            read.entries.first?.map(\.vendor), ["Bakery", "Employer", "Card fee waived", "Cash"])
        let sides = try CSVReading.read(text, options: ["vendor-debit": "Payee", "vendor-credit": "Payer"])
        XCTAssertEqual(sides.reportLine("spec")?.contains("vendor-debit=Payee,vendor-credit=Payer"), true, sides.report)
        // Without `vendor`, the money-out payee's column stands in: empty there, and no memo, is a reject.
        XCTAssertEqual(sides.entries.first?.map(\.vendor), ["Bakery", "Employer"])
        XCTAssertEqual(sides.rejects.first?.map(\.line), [4, 5])
        XCTAssertEqual(sides.rejects.first?.first?.reason, "vendor is empty, and there is no memo to use")
    }

    /// Layouts without a header, matched by their cells: exact counts, signed sums, days, and
    /// the currency the profile settles.
    func testHeaderlessLayoutsReadThroughTheirProfiles() throws {
        let expected: [(name: String, why: String, cents: [Int], first: String, last: String, currency: String)] = [
            (
                "wells-fargo", "cells: 5 of 5 columns in every row", [-8999, 250000, -15000, -4567, -2000],
                "2024-01-08", "2024-01-30", "USD"
            ),
            (
                "hsbc-uk", "cells: 3 of 3 columns in every row", [-3860, 215000, -4125, -110000, -450], "2024-02-05",
                "2024-02-28", "GBP"
            ),
            (
                "abn-amro-tab", "cells: 8 of 8 columns in every row", [-1250, 215000, -90000, -4550, -225],
                "2024-01-02", "2024-01-31", "EUR"
            ),
        ]
        for facts in expected {
            let read = try readProfiled(facts.name)
            XCTAssertEqual(read.problems, [], facts.name)
            XCTAssertEqual(read.reportLine("header")?.hasPrefix("none"), true, facts.name)
            XCTAssertEqual(read.reportLine("profile")?.hasSuffix("; \(facts.why))"), true, read.report)
            XCTAssertNil(read.reportLine("disagrees"), read.report)
            let entries = try XCTUnwrap(read.entries.first)
            XCTAssertEqual(entries.map { cents($0.amount) }, facts.cents, facts.name)
            XCTAssertEqual(entries.map(\.date).min(), facts.first, facts.name)
            XCTAssertEqual(entries.map(\.date).max(), facts.last, facts.name)
            XCTAssertEqual(read.accounts.map(\.currency), [facts.currency], facts.name)
        }
        let abn = try readProfiled("abn-amro-tab")
        XCTAssertEqual(abn.reportLine("balance chain"), "4 of 4 rows agree (oldest first)")
        XCTAssertEqual(abn.entries.first?.last?.vendor.hasPrefix("ABN AMRO Bank N.V."), true)
        let wellsFargo = try readProfiled("wells-fargo")
        XCTAssertEqual(wellsFargo.entries.first?[2].vendor, "CHECK # 1042")
    }

    /// ABN AMRO's TXT download of two accounts, each row's account number first: an account each,
    /// each with its own balance chain (read as one, the chain broke where the second began).
    func testABNAMROsDownloadOfTwoAccountsIsTwoAccounts() throws {
        let first = try XCTUnwrap(FileManager.default.contents(atPath: "\(Self.folder)/abn-amro-tab.csv"))
        let second =
            Array(
                "987654321\tEUR\t20240103\t500,00\t450,00\t20240103\t-50,00\tBEA, Betaalpas   BAKKERIJ\n"
                    .utf8)
            + Array("987654321\tEUR\t20240110\t450,00\t470,00\t20240110\t20,00\tSEPA Overboeking Naam: J JANSEN\n".utf8)
        // The fixture ends without a line end, as the bank's file does.
        let read = try (Array(first) + [0x0A] + second).withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: "TXT240201.TAB", stem: "TXT240201", options: [:],
                    profiles: BankProfiles.builtIn))
        }
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(read.accounts.map(\.name), ["123456789", "987654321"])
        XCTAssertEqual(
            read.entries.map { $0.map { cents($0.amount) } }, [[-1250, 215000, -90000, -4550, -225], [-5000, 2000]])
        XCTAssertEqual(read.reportLine("balance chain"), "5 of 5 rows agree (oldest first)")
    }

    /// A cell profile matches only a file without a header whose every sampled row has its
    /// columns and shapes: one row off (a day above 12 in the month's place, a fourth column)
    /// and the file is read by inference, as before.
    func testCellsMatchOnlyWhenEveryRowFits() throws {
        let hsbc = try XCTUnwrap(BankProfiles.builtIn.first { $0.name == "hsbc-uk" })
        let rows = [["28/02/2024", "TESCO", "-1.00"], ["05/02/2024", "ACME", "\"2,150.00\""]]
        XCTAssertNil(
            hsbc.matches(rows: rows, every: true),
            "cells are matched as read, quotes taken off: one left on is no amount")
        XCTAssertEqual(
            hsbc.matches(rows: [["28/02/2024", "TESCO", "-1.00"], ["05/02/2024", "ACME", "2,150.00"]], every: false),
            "cells: 3 of 3 columns in the first 2 rows")
        XCTAssertNil(hsbc.matches(rows: [["02/28/2024", "TESCO", "-1.00"]], every: true))
        XCTAssertNil(hsbc.matches(rows: [["28/02/2024", "TESCO", "-1.00", "x"]], every: true))
        XCTAssertNil(hsbc.matches(header: [], preamble: []), "a file without a header matches no header")

        let american = "02/28/2024,TESCO,-1.00\n03/01/2024,ACME,20.00\n"
        let read = try Array(american.utf8).withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: "us.csv", stem: "us", options: [:], profiles: BankProfiles.builtIn))
        }
        XCTAssertNil(read.reportLine("profile"), read.report)
        XCTAssertEqual(read.entries.first?.map(\.date), ["2024-02-28", "2024-03-01"])
    }

    /// Where a file's own dates cannot tell day from month, a profile matched by cells is all
    /// that decides: said where disagreements are.
    func testAProfileThatAloneDecidesTheDateFormatSaysSo() throws {
        let text = "01/02/2024,STORE A,-1.00\n03/04/2024,STORE B,-2.00\n"
        let read = try Array(text.utf8).withUnsafeBytes { buffer in
            CSVReading.result(
                of: try CSVDocument.read(
                    bytes: buffer, origin: "a.csv", stem: "a", options: [:], profiles: BankProfiles.builtIn))
        }
        XCTAssertEqual(
            read.reportLine("disagrees"),
            "date-format: the profile says \"%d/%m/%Y\", the file's dates fit more than one format")
        XCTAssertEqual(read.entries.first?.map(\.date), ["2024-02-01", "2024-04-03"])
    }

    func testCellShapesReadAndWriteTheirText() throws {
        for text in ["date %m/%d/%Y", "amount", "currency", "digits?", "text", "empty", "literal *"] {
            XCTAssertEqual(CellShape(text: text)?.description, text)
        }
        for text in ["date", "date %Q", "amounts", "literal", "text x"] { XCTAssertNil(CellShape(text: text), text) }
        let checkNumber = try XCTUnwrap(CellShape(text: "digits?"))
        XCTAssertEqual(checkNumber, CellShape(.digits, orEmpty: true))
        let wellsFargo = try XCTUnwrap(BankProfiles.builtIn.first { $0.name == "wells-fargo" })
        XCTAssertTrue(
            wellsFargo.json.hasPrefix(
                #"{\#n  "match": {"cells": ["date %m/%d/%Y", "amount", "literal *", "digits?", "text"]},"#),
            wellsFargo.json)
    }
}
