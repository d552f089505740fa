import CSVReading
import XCTest

/// Encodings the file may come in, and how sure the csv source is about a file.
final class EncodingAndConfidenceTests: XCTestCase {
    func testUTF16LittleEndianWithBOM() throws {
        let text = "Date,Payee,Amount\r\n2024-03-01,Café Zoë,-3.20\r\n2024-03-02,Salary,100\r\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let result = try CSVReading.read(bytes)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(
            result.entries[0],
            [
                ReadEntry(line: 2, date: "2024-03-01", vendor: "Café Zoë", amount: "-3.20"),
                ReadEntry(line: 3, date: "2024-03-02", vendor: "Salary", amount: "100"),
            ])
        XCTAssertEqual(result.reportLine("encoding"), "utf-16 (byte order mark)")
        XCTAssertTrue(result.reportLine("spec")?.contains(",encoding=utf-16,") ?? false)
    }

    /// `encoding=utf-16le` (or `utf-16be`) on a file with the byte order mark of that order:
    /// the mark is no text. It was read as U+FEFF, so the header was `\u{FEFF}Date` and the
    /// suggested rules named `"date": "\u{FEFF}Date"`.
    func testADeclaredByteOrderSkipsItsByteOrderMark() throws {
        let text = "Date,Payee,Amount\r\n2024-03-01,Café Zoë,-3.20\r\n2024-03-02,Salary,100\r\n"
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for (bytes, name) in [(little, "utf-16le"), (big, "utf-16be")] {
            let result = try CSVReading.read(bytes, options: ["encoding": name, "date": "Date"])
            XCTAssertEqual(result.problems, [], name)
            XCTAssertEqual(result.entries[0].map(\.vendor), ["Café Zoë", "Salary"], name)
            XCTAssertEqual(result.reportLine("header"), "line 1: Date,Payee,Amount", name)
        }
    }

    /// UTF-16LE without a byte order mark whose text is mostly Japanese (and a `Café`, whose `é`
    /// is 0xE9 beside a NUL): fewer than nine in ten pairs hold a NUL, and the file was read as windows-1252 and failed naming Shift_JIS and
    /// others, never `utf-16le`; nor was it routed to csv.
    func testUnmarkedUTF16OfJapaneseTextNamesTheEncoding() throws {
        let text =
            "日付,摘要内容,金額,残高\r\n2024/03/01,株式会社ヤマダ電機,-12000,988000\r\n"
            + "2024/03/05,給与　ミュラー,250000,1238000\r\n2024/03/07,Café　東京,-980,1237020\r\n"
        var bytes: [UInt8] = []
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let result = try CSVReading.read(bytes)
        XCTAssertTrue(
            result.problems.first?.contains(
                "the bytes look like UTF-16LE without a byte order mark (a NUL byte beside every ASCII character): "
                    + "set encoding=utf-16le") ?? false, "\(result.problems)")
        XCTAssertGreaterThan(confidence("export.csv", bytes), 0)
        let named = try CSVReading.read(bytes, options: ["encoding": "utf-16le"])
        XCTAssertEqual(named.problems, [])
        XCTAssertEqual(named.entries[0].map(\.vendor), ["株式会社ヤマダ電機", "給与　ミュラー", "Café　東京"])
        // Text with no NUL in it is no UTF-16: its failure names other encodings.
        let western = Array("Date;Payee;Amount\n13/03/2024;Caf".utf8) + [0x81] + Array(";-45,20\n".utf8)
        let failed = try CSVReading.read(western)
        XCTAssertFalse(failed.problems.contains { $0.contains("UTF-16") }, "\(failed.problems)")
    }

    /// A UTF-8 export with one row in windows-1252 (`Caf\xE9`, pasted in from another file):
    /// each line is read in its own encoding. Read whole as windows-1252, every other row's
    /// `Société` came out `SociÃ©tÃ©`, with exit 0 and a note that only said windows-1252.
    func testAUTF8FileWithAWindows1252LineReadsEachLineInItsOwn() throws {
        let bytes =
            Array("Date;Payee;Amount\r\n13/03/2024;Société Générale;-45,20\r\n14/03/2024;Müller;-10,00\r\n".utf8)
            + Array("15/03/2024;Caf".utf8) + [0xE9] + Array(" Zo".utf8) + [0xEB] + Array(";-3,20\r\n".utf8)
        let result = try CSVReading.read(bytes)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Société Générale", "Müller", "Café Zoë"])
        XCTAssertEqual(
            result.notes,
            ["read as UTF-8, but 1 line not valid UTF-8 read as windows-1252 (line 4): the file mixes encodings"])
        XCTAssertEqual(
            result.reportLine("encoding"), "utf-8, but windows-1252 on 1 line not valid UTF-8 (line 4)")
        XCTAssertFalse(result.reportLine("spec")?.contains("encoding=") ?? true)
        // With a UTF-8 BOM, the same: it failed, naming encoding=windows-1252, which would have
        // mangled the UTF-8 rows.
        let marked = try CSVReading.read([0xEF, 0xBB, 0xBF] + bytes)
        XCTAssertEqual(marked.problems, [])
        XCTAssertEqual(marked.entries[0].map(\.vendor), ["Société Générale", "Müller", "Café Zoë"])
        XCTAssertEqual(marked.notes, result.notes)
        // A windows-1252 file with no UTF-8 beyond ASCII is windows-1252, as before.
        let latin = Array("Date;Payee;Amount\r\n13/03/2024;Caf".utf8) + [0xE9] + Array(";-3,20\r\n".utf8)
        XCTAssertEqual(try CSVReading.read(latin).entries[0].map(\.vendor), ["Café"])
    }

    /// A UTF-8 file whose line that is not UTF-8 holds 0x81, which windows-1252 leaves undefined:
    /// the file is in neither, so it is not read a line at a time, and fails as such.
    func testAMixedFileWithAByteWindows1252LeavesUndefinedIsNotReadLineByLine() throws {
        let bytes =
            Array("Date;Payee;Amount\r\n13/03/2024;Société Générale;-45,20\r\n15/03/2024;Caf".utf8)
            + [0xE9, 0x81] + Array(";-3,20\r\n".utf8)
        let result = try CSVReading.read(bytes)
        XCTAssertEqual(result.problems.count, 1, "\(result.problems)")
        XCTAssertTrue(result.problems[0].contains("neither UTF-8 nor windows-1252"), result.problems[0])
        XCTAssertFalse(result.notes.contains { $0.contains("mixes encodings") }, "\(result.notes)")
    }

    /// A Tinkoff export in windows-1251, and Alipay's in GBK, were read as windows-1252: the
    /// headers were no words, so a `Статус` of `FAILED` was imported as booked and Alipay's
    /// `收/支` spending written as income, with exit 0 and a note naming only the guess.
    func testLettersInRunsOfHighBytesAreAnotherScriptsCodePage() throws {
        // Cyrillic А–я are 0xC0–0xFF in windows-1251.
        func cp1251(_ text: String) -> [UInt8] {
            text.unicodeScalars.map {
                (0x410...0x44F).contains($0.value) ? UInt8($0.value - 0x410 + 0xC0) : UInt8($0.value)
            }
        }
        let tinkoff = cp1251(
            "Дата,Описание,Сумма,Статус\n2024-03-01,Магазин,-4100.00,OK\n2024-03-02,Перевод,-99999.00,FAILED\n"
                + "2024-03-03,Кафе,-350.00,OK\n")
        let refused = try CSVReading.read(tinkoff).problems
        assertOneProblem(refused, "its bytes above 0x7F run together (line 1)", "cp1251 or koi8-r for Cyrillic")
        let read = try CSVReading.read(tinkoff, options: ["encoding": "cp1251"])
        XCTAssertEqual(read.entries.first?.map(\.amount), ["-4100.00", "-350.00"])
        XCTAssertEqual(read.neverMoved.first?.map(\.line), [3])
        // GBK: 收/支 is CA D5 2F D6 A7, 支出 D6 A7 B3 F6, 收入 CA D5 C8 EB, 超市 B3 AC CA D0.
        let alipay: [UInt8] =
            Array("Date,Vendor,".utf8) + [0xCA, 0xD5, 0x2F, 0xD6, 0xA7] + Array(",Amount\n2024-03-01,".utf8)
            + [0xB3, 0xAC, 0xCA, 0xD0, 0x2C, 0xD6, 0xA7, 0xB3, 0xF6] + Array(",49.74\n2024-03-02,Pay,".utf8)
            + [0xCA, 0xD5, 0xC8, 0xEB] + Array(",28.50\n".utf8)
        XCTAssertTrue(try CSVReading.read(alipay).problems.first?.contains("gb18030 for Alipay") == true)
        XCTAssertEqual(
            try CSVReading.read(alipay, options: ["encoding": "gb18030"]).entries.first?.map(\.amount),
            ["-49.74", "28.50"])
        // Western accents stand alone between ASCII letters: still windows-1252, with its note.
        let western: [UInt8] =
            Array("Date,Empf".utf8) + [0xE4] + Array("nger,Amount\n2024-03-01,Caf".utf8) + [0xE9]
            + Array(",-3.20\n2024-03-02,Soci".utf8) + [0xE9, 0x74, 0xE9] + Array(",100.00\n".utf8)
        XCTAssertEqual(try CSVReading.read(western).problems, [])
    }

    /// ISO-8859-15's `€` is 0xA4, windows-1252's `¤`: the bytes cannot say which, so the guess
    /// stands, but its note names the byte and the option. It only said "read as windows-1252",
    /// and `Café 3€` came out `Café 3¤`.
    func testA0xA4ReadAsWindows1252NamesISO885915() throws {
        let bytes =
            Array("Date;Payee;Amount\r\n13/03/2024;Caf".utf8) + [0xE9, 0x20, 0x33, 0xA4] + Array(";-3,20\r\n".utf8)
        let guessed = try CSVReading.read(bytes)
        XCTAssertEqual(guessed.entries[0].map(\.vendor), ["Café 3¤"])
        XCTAssertEqual(
            guessed.notes,
            [
                "read as windows-1252: not valid UTF-8 and no encoding given; byte 0xA4 on line 2 reads as ¤, "
                    + "which is € in ISO-8859-15: if the bank wrote €, set encoding=iso-8859-15"
            ])
        XCTAssertEqual(
            guessed.reportLine("encoding"),
            "windows-1252 (not valid UTF-8 and none declared); byte 0xA4 on line 2 reads as ¤, which is € in "
                + "ISO-8859-15: if the bank wrote €, set encoding=iso-8859-15")
        let named = try CSVReading.read(bytes, options: ["encoding": "iso-8859-15"])
        XCTAssertEqual(named.entries[0].map(\.vendor), ["Café 3€"])
        XCTAssertEqual(named.notes, [])
    }

    /// `encoding=utf-16` on a file without a BOM: the byte order its NULs show. Big-endian failed
    /// as "an invalid sequence in utf-16 at byte N", iconv having read it little-endian.
    func testUTF16WithoutAByteOrderMarkIsReadInTheOrderItsNULsShow() throws {
        let text = "Date,Payee,Amount\r\n2024-03-01,Café Zoë,-3.20\r\n2024-03-02,Salary,100\r\n"
        var little: [UInt8] = []
        var big: [UInt8] = []
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [little, big] {
            let result = try CSVReading.read(bytes, options: ["encoding": "utf-16"])
            XCTAssertEqual(result.problems, [])
            XCTAssertEqual(result.entries.first?.map(\.vendor), ["Café Zoë", "Salary"])
            XCTAssertEqual(result.reportLine("encoding"), "utf-16 (given)")
        }
    }

    func testUTF8BOMIsSkippedAndNoNoteIsWritten() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Date,Payee,Amount\n2024-03-01,Zoë,-1.00\n".utf8)
        let result = try CSVReading.read(bytes)
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Zoë"])
        XCTAssertEqual(result.notes, [])
        XCTAssertEqual(result.reportLine("encoding"), "utf-8 (byte order mark)")
    }

    func testInvalidBytesInADeclaredEncodingNameTheOffset() throws {
        // 0x81 is undefined in windows-1252; a lone 0xE9 is not UTF-8.
        let latin: [UInt8] = Array("Date,Payee,Amount\n2024-03-01,Caf".utf8) + [0x81] + Array(",1.00\n".utf8)
        let declared = try CSVReading.read(latin, options: ["encoding": "windows-1252"])
        assertOneProblem(declared.problems, "at byte 32")
        let utf8: [UInt8] = Array("Date,Payee,Amount\n2024-03-01,Caf".utf8) + [0xE9] + Array(",1.00\n".utf8)
        let strict = try CSVReading.read(utf8, options: ["encoding": "utf-8"])
        XCTAssertEqual(
            strict.problems,
            [
                "bank.csv: byte 32 is not UTF-8: set encoding (windows-1252, shift_jis, euc-jp, gb18030, iso-8859-2, cp1250, koi8-r…)"
            ])
        let guessed = try CSVReading.read(utf8)
        XCTAssertEqual(guessed.entries[0].map(\.vendor), ["Café"])
        let latin9 = try CSVReading.read(
            Array("Date,Payee,Amount\n2024-03-01,".utf8) + [0xA4] + Array(",1.00\n".utf8),
            options: ["encoding": "iso-8859-15"])
        XCTAssertEqual(latin9.entries[0].map(\.vendor), ["€"])
    }

    /// Japanese bank text in Shift_JIS (cp932) is told from windows-1252 by its lead bytes; a
    /// Western file whose `é` comes before a letter (`Société`) still reads as windows-1252.
    func testShiftJISIsDetectedAndWesternTextIsNot() throws {
        let japanese = "Date,Payee,Amount\n2024-03-01,ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店,-540\n2024-03-02,振込 カ）ヤマダ,120000\n"
        let sjis = try XCTUnwrap(japanese.data(using: .shiftJIS))
        let detected = try CSVReading.read(Array(sjis))
        XCTAssertEqual(detected.problems, [])
        XCTAssertEqual(detected.entries[0].map(\.vendor), ["ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店", "振込 カ）ヤマダ"])
        XCTAssertEqual(detected.reportLine("encoding"), "cp932 (not valid UTF-8 and none declared)")
        XCTAssertEqual(
            detected.notes,
            ["read as cp932 (Shift_JIS): not valid UTF-8, no encoding given, and its bytes pair up as Japanese"])
        let given = try CSVReading.read(Array(sjis), options: ["encoding": "Shift_JIS"])
        XCTAssertEqual(given.entries[0].map(\.vendor), ["ｾﾌﾞﾝｲﾚﾌﾞﾝ 渋谷店", "振込 カ）ヤマダ"])
        XCTAssertEqual(given.reportLine("encoding"), "shift_jis (given)")
        // `商` is 0x8F 0xA4: a trail byte, not windows-1252's `¤` to name ISO-8859-15 for.
        let shop = try XCTUnwrap((japanese + "2024-03-03,山田商店,-980\n").data(using: .shiftJIS))
        XCTAssertEqual(
            try CSVReading.read(Array(shop)).reportLine("encoding"), "cp932 (not valid UTF-8 and none declared)")

        let french = "Date,Libellé,Montant\n2024-03-01,Société Générale,-12.00\n2024-03-02,Crédit Agricole été,4.00\n"
        let western = try CSVReading.read(Array(try XCTUnwrap(french.data(using: .windowsCP1252))))
        XCTAssertEqual(western.entries[0].map(\.vendor), ["Société Générale", "Crédit Agricole été"])
        XCTAssertEqual(western.reportLine("encoding"), "windows-1252 (not valid UTF-8 and none declared)")
    }

    /// A UK export in windows-1252 whose only letters beyond ASCII are the apostrophes of
    /// `Sainsbury’s`, `McDonald’s` and `Macy’s` (0x92 then `s`: a Shift_JIS lead and trail) and a
    /// `£` (a half-width katakana there): each pair stands alone, as no Japanese word does. It
    /// was read as Shift_JIS: `Sainsbury痴`, `｣5 off`.
    func testLoneApostrophesBeforeLettersAreNoShiftJIS() throws {
        let text =
            "Date,Description,Amount,Memo\r\n13/03/2024,Sainsbury’s,-45.20,£5 off\r\n"
            + "14/03/2024,McDonald’s,-8.99,Meal\r\n15/03/2024,Macy’s,-20.00,Gift\r\n"
        let bytes = text.flatMap { $0 == "’" ? [UInt8(0x92)] : $0 == "£" ? [UInt8(0xA3)] : Array($0.utf8) }
        let result = try CSVReading.read(bytes)
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Sainsbury’s", "McDonald’s", "Macy’s"])
        XCTAssertEqual(result.reportLine("encoding"), "windows-1252 (not valid UTF-8 and none declared)")
    }

    /// Any encoding iconv knows is read when named: ISO 8859-2 from a Polish bank.
    func testAnyEncodingIconvKnowsIsReadWhenNamed() throws {
        let polish = "Data,Opis,Kwota\n2024-03-01,Płatność kartą Żabka,-12.50\n"
        let bytes = Array(try XCTUnwrap(polish.data(using: .isoLatin2)))
        let read = try CSVReading.read(bytes, options: ["encoding": "iso-8859-2"])
        XCTAssertEqual(read.problems, [])
        XCTAssertEqual(read.entries[0].map(\.vendor), ["Płatność kartą Żabka"])
        // Not told, the bytes read as windows-1252 (they are valid there): the note says it was a guess.
        let guessed = try CSVReading.read(bytes)
        XCTAssertEqual(guessed.notes, ["read as windows-1252: not valid UTF-8 and no encoding given"])
    }

    /// Bytes that are neither UTF-8 nor windows-1252 name what to try.
    func testAFileInNoGuessedEncodingListsWhatToTry() throws {
        // 0x81 is no character in windows-1252, and alone it is no Shift_JIS either.
        let bytes: [UInt8] = Array("Date,Payee,Amount\n2024-03-01,A".utf8) + [0x81] + Array(",1.00\n".utf8)
        let read = try CSVReading.read(bytes)
        XCTAssertEqual(
            read.problems,
            [
                "bank.csv: an invalid sequence in windows-1252 at byte 30: the file is neither UTF-8 nor windows-1252; set encoding (shift_jis, euc-jp, gb18030, iso-8859-2, cp1250, koi8-r…)"
            ])
    }

    // MARK: - Confidence

    private func confidence(_ path: String, _ head: String) -> Int {
        confidence(path, Array(head.utf8))
    }

    private func confidence(_ path: String, _ head: [UInt8]) -> Int {
        head.withUnsafeBufferPointer { CSVDocument.confidence(path: path, head: $0) }
    }

    func testConfidence() {
        let bank =
            "Date,Description,Amount,Balance\n2024-01-02,Coffee,-3.50,96.50\n2024-01-03,Tea,-2.00,94.50\n2024-01-0"
        XCTAssertEqual(confidence("export.csv", bank), 80)
        XCTAssertEqual(confidence("export", bank), 70)
        let plain = "a;b;c\n1;2;3\n4;5;6\n"
        XCTAssertEqual(confidence("data.csv", plain), 50)
        XCTAssertEqual(confidence("data", plain), 40)
        XCTAssertEqual(confidence("feed.json", #"{"status": 200, "body": {"name": "a,b,c"}}"#), 0)
        XCTAssertEqual(confidence("feed.csv", "  \n[{\"a\": 1, \"b\": 2, \"c\": 3}]"), 0)
        XCTAssertEqual(confidence("stmt.csv", "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n"), 0)
        XCTAssertEqual(confidence("stmt.qif", "!Type:Bank\nD01/02/2024\nT-3.50\n"), 0)
        XCTAssertEqual(confidence("stmt.xml", "<?xml version=\"1.0\"?><Document/>"), 0)
        XCTAssertEqual(confidence("notes.csv", "just some words\nno separators here\n"), 10)
        XCTAssertEqual(confidence("image.csv", [0x89, 0x50, 0x4E, 0x47, 0x00, 0x0D, 0x0A, 0x1A, 0x0A]), 0)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in bank.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(confidence("export.csv", utf16), 80)
    }

    // MARK: - Settings

    func testSettingsRefuseBadValues() {
        let cases: [(String, String, String)] = [
            ("separator", "x", #"separator "x": expected , ; tab or |"#),
            ("skip", "-1", #"skip "-1": expected a number of lines, 0 or more"#),
            ("decimal-mark", ";", #"decimal-mark ";": expected . or ,"#),
            (
                "encoding", "ebcdic-9000",
                #"encoding "ebcdic-9000": not an encoding iconv knows (utf-8, utf-16, windows-1252, iso-8859-1, shift_jis, euc-jp, gb18030, iso-8859-2, cp1250, koi8-r…; iconv -l lists them)"#
            ),
            ("tz", "Europe/Berln", #"tz "Europe/Berln": not a time zone this system knows (Europe/Berlin, UTC…)"#),
            ("amount", " ", #"amount " ": expected a column's header name or its position (1, 2…)"#),
            ("debit-words", ",", #"debit-words ",": expected words separated by commas (DR,Debit)"#),
        ]
        for (name, value, message) in cases {
            XCTAssertThrowsError(try CSVSettings(options: [name: value]), name) { error in
                XCTAssertEqual((error as? CSVSettingsError)?.description, message)
            }
        }
        XCTAssertThrowsError(try CSVSettings(options: ["date-format": "%d.%m.%Q"])) { error in
            XCTAssertTrue((error as? CSVSettingsError)?.description.hasPrefix(#"date-format "%d.%m.%Q": "#) ?? false)
        }
    }

    func testSettingsTakeGoodValues() throws {
        let settings = try CSVSettings(options: [
            "separator": "tab", "skip": "3", "decimal-mark": ",", "tz": "Europe/Berlin", "date": "2",
            "vendor": "Empfänger", "debit-words": "Lastschrift, Abbuchung", "unknown": "ignored",
        ])
        XCTAssertEqual(settings.separator, 0x09)
        XCTAssertEqual(settings.skip, 3)
        XCTAssertEqual(settings.columns[.date], .index(2))
        XCTAssertEqual(settings.columns[.vendor], .name("Empfänger"))
        XCTAssertEqual(settings.sideWords.side(of: "LASTSCHRIFT"), .debit)
        XCTAssertEqual(settings.sideWords.side(of: "Haben"), .credit)
        XCTAssertEqual(CSVSettings.declared.first?.name, "path")
        XCTAssertTrue(CSVSettings.declared.contains { $0.name == "rules" })
        let names = Set(CSVSettings.declared.map(\.name))
        for role in ColumnRole.allCases { XCTAssertTrue(names.contains(role.rawValue), role.rawValue) }
    }

    /// A tab-separated file read with `separator=tab`, a time zone for timed cells.
    func testTabsAndTimedDatesInAZone() throws {
        let text = "Date\tPayee\tAmount\n2024-07-01 08:15\tCafe\t-2.5\n2024-07-02 23:00\tBar\t-8\n"
        let result = try CSVReading.read(
            text, options: ["separator": "tab", "date-format": "%Y-%m-%d %H:%M", "tz": "Europe/Berlin"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.entries[0].map(\.date), ["2024-07-01T08:15:00+02:00", "2024-07-02T23:00:00+02:00"])
        XCTAssertEqual(result.reportLine("separator"), "tab  (given)")
    }

    func testHeaderVocabularyFoldsCaseAccentsAndPunctuation() {
        XCTAssertEqual(HeaderVocabulary.normalise("  Auftraggeber/Empfänger "), "auftraggeber empfanger")
        XCTAssertEqual(HeaderVocabulary.roles(of: "DATE D'OPÉRATION").map(\.role), [.date])
        XCTAssertEqual(HeaderVocabulary.roles(of: "Naam / Omschrijving").map(\.role), [.vendor])
        XCTAssertEqual(Set(HeaderVocabulary.roles(of: "Valuta").map(\.role)), [.date, .currency])
        XCTAssertEqual(HeaderVocabulary.roles(of: "Fecha operación").map(\.role), [.date])
        XCTAssertEqual(HeaderVocabulary.roles(of: "Libellé").map(\.role), [.vendor])
        XCTAssertEqual(HeaderVocabulary.roles(of: "Saldo").map(\.role), [.balance])
        XCTAssertTrue(HeaderVocabulary.roles(of: "Colour").isEmpty)
    }
}

/// The separator: the most consistent field count, and the one tie rule.
final class SeparatorTests: XCTestCase {
    func testMostConsistentCountWinsOverPreambleLines() throws {
        let text = "Konto: 1, Giro\n\nDatum|Name|Betrag\n21.01.2024|Kiosk, Bahnhof|-2,00\n22.01.2024|Bäcker|-3,10\n"
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.reportLine("separator"), "|  (3 fields on 3 of 4 lines)")
        XCTAssertEqual(result.entries[0].map(\.vendor), ["Kiosk, Bahnhof", "Bäcker"])
    }

    /// Deutsche Bank's older export: one decimal comma on every row and in the preamble, so `,`
    /// gives two fields on more lines than `;` gives the table's seven. Two fields are no table
    /// of transactions: `;` wins.
    func testThreeFieldsOrMoreBeatTwoOnMoreLines() throws {
        let text = """
            Umsätze Girokonto;;;Kundennummer: 123 4567890
            01.11.2023 - 30.11.2023
            Alter Kontostand;;;;1.240,15;EUR
            Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Soll;Haben;Währung
            06.11.2023;06.11.2023;Kartenzahlung;REWE Markt;-54,20;;EUR
            24.11.2023;24.11.2023;Gutschrift;Acme GmbH;;2.310,00;EUR
            Kontostand;30.11.2023;;;2.606,00;EUR

            """
        let result = try CSVReading.read(text)
        XCTAssertEqual(result.reportLine("separator"), ";  (7 fields on 3 of 7 lines)")
        XCTAssertEqual(result.entries[0].map(\.amount), ["-54.20", "2310.00"])
    }

    /// `;` and `,` both give two fields on every line: the decimal commas say `;`.
    func testDecimalCommasBreakATieForSemicolon() throws {
        let result = try CSVReading.read("21.01.2024;1,50\n22.01.2024;2,75\n")
        XCTAssertEqual(result.reportLine("separator"), ";  (2 fields on 2 of 2 lines)")
        let commas = try CSVReading.read("21.01.2024,1;50\n22.01.2024,2;75\n")
        XCTAssertEqual(commas.reportLine("separator"), ",  (2 fields on 2 of 2 lines)")
    }

    /// The count skips bytes eight at a time: a quote or separator at every place in a word is
    /// still seen (a quoted `|` never counts, so every line gives three fields).
    func testSeparatorsAndQuotesAtEveryOffsetAreCounted() throws {
        let rows = (0..<17).map { k in "21.01.2024|\"\(String(repeating: "a", count: k))|b\"|-\(k + 1),00" }
        let result = try CSVReading.read((["Datum|Name|Betrag"] + rows).joined(separator: "\n") + "\n")
        XCTAssertEqual(result.reportLine("separator"), "|  (3 fields on 18 of 18 lines)")
        XCTAssertEqual(result.entries[0].map(\.vendor).last, String(repeating: "a", count: 16) + "|b")
    }
}
