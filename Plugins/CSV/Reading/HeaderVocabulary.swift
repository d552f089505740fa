import StatementText

/// Header names banks use, per role, in English, German, French, Spanish, Dutch and Japanese,
/// the few Hungarian and Russian ones of OTP's, K&H's, Alfa-Bank's, VTB's and Sberbank's exports,
/// and the Italian, Portuguese, Norwegian and Finnish ones of BancoPosta's, Fineco's, CGD's,
/// DNB's, SpareBank 1's, OP's and S-Pankki's.
///
/// All of it in one place so that a new bank's header is one line to add. Names are compared
/// after ``normalise(_:)`` (case, accents and punctuation folded), and earlier names in a
/// role's list win over later ones: `Buchungstag` is the date before `Valutadatum` is.
public enum HeaderVocabulary {
    /// Each role's names, most telling first.
    static let names: [(role: ColumnRole, names: [String])] = [
        (
            .date,
            [
                "Date", "Posting Date", "Transaction Date", "Booking Date", "Trans Date", "Buchungstag",
                "Buchungsdatum",
                // Swedish booking dates (SEB, Skandiabanken, Handelsbanken's `Reskontradatum`),
                // before Länsförsäkringar's `Datum` (the purchase) and the value dates.
                "Bokföringsdatum", "Bokföringsdag", "Bokförd", "Reskontradatum",
                // Nordea's booking dates in Denmark, Norway and Finland (where a hold not booked yet
                // has `Reserveret`, `Reservert`, `Varaus`: by its header even when holds outnumber dates).
                "Bogføringsdato", "Bokføringsdato", "Kirjauspäivä", "Buchung", "Datum", "Date d'opération",
                "Date opération", "Fecha", "Fecha operación",
                // Bankinter, Abanca, Ibercaja: booking dates beside a `Fecha valor`.
                "Fecha contable", "Fecha ctble", "Fecha Oper", "Fecha de operación", "F. Operación",
                "Boekingsdatum", "Transactiedatum", "日付", "取引日", "お取引日", "年月日",
                // BNP Paribas Fortis and Fintro: the execution date, beside a value date.
                "Uitvoeringsdatum", "Date d'exécution",
                "Könyvelés dátuma", "Tranzakció dátuma", "Дата операции", "Дата совершения операции",
                // Italian (BancoPosta's `Data` beside its `Valuta`, Fineco's `Data_Operazione`),
                // Portuguese (CGD's `Data mov.`).
                "Data", "Data contabile", "Data operazione", "Data Registrazione", "Data mov.", "Data lançamento",
                "Data movimento",
                // Portuguese operation dates (Novo Banco), before a `Data valor`.
                "Data Operação", "Data da operação", "Data de operação", "Data de lançamento", "Data do movimento",
                // DNB's and Danske Bank's `Dato`, before a `Rentedato`.
                "Bokført dato", "Dato",
                // Value dates: only when there is no booking date.
                "Value Date", "Post Date", "Valuta", "Valutadatum", "Wertstellung", "Date de valeur", "Date valeur",
                "Fecha valor", "Értéknap", "Valutadag", "Data valuta", "Data valor", "Arvopäivä", "Maksupäivä",
                "Rentedato",
                // Turkish banks' `Tarih` and `İşlem Tarihi`.
                "Tarih", "İşlem Tarihi",
            ]
        ),
        (
            .vendor,
            [
                // SEB's `Beneficiary's name` is the other party either way; its `Description` the text.
                "Payee", "Beneficiary's name", "Description", "Merchant", "Name", "Counterparty",
                // PayPal's Czech and Japanese `Name`.
                "Název", "名前",
                // Italian: the whole text (Intesa's `Descrizione estesa`, Fineco's
                // `Descrizione_Completa`) or Hype's `Nome` before a `Descrizione` that names the
                // kind of entry (`Pagamento Pos`), which is the memo beside them.
                "Descrizione estesa", "Descrizione_Completa", "Descrizione operazioni", "Descrizione operazione",
                "Nome", "Descrizione",
                "Auftraggeber/Empfänger",
                "Beguenstigter/Zahlungspflichtiger", "Begünstigter/Zahlungspflichtiger", "Name Zahlungsbeteiligter",
                "Zahlungsempfänger", "Empfänger", "Auftraggeber", "Libellé", "Libellé opération", "Bénéficiaire",
                "Tiers",
                // N26 in Spanish: the other party (`Beneficiario`) before the payer's text
                // (`Concepto`: `-` on card payments); Banco Galicia's text before a `Concepto`
                // often left empty.
                "Beneficiario", "Descripción", "Concepto",
                // Dutch: the other party's name before the description (Knab's `Omschrijving`
                // is empty on money in, bunq's is the payer's text); KBC's `Naam` is the holder's
                // own, after its `Naam tegenpartij`.
                "Naam / Omschrijving", "Naam tegenpartij", "Tegenrekeninghouder", "Naam",
                "Omschrijving", "Partner neve", "Описание операции", "Описание", "Основание",
                // mBank: the other party, beside `#Opis operacji` (the kind) and `#Tytuł` (the text).
                "Nadawca/Odbiorca",
                // Japanese banks: the details (the counterparty), not 摘要's kind of entry.
                "摘要内容", "お取引内容", "取引内容", "お取り扱い内容", "内容",
                // OP (Finland): the other party, in and out.
                "Saaja/Maksaja",
                "Descrição",
                // Nordea (Denmark, Norway): the other party's `Navn` before its `Beskrivelse`.
                "Navn", "Forklaring", "Beskrivelse",
                // Danske Bank (Denmark, Norway) and Bulder: the text, beside categories.
                "Tekst",
            ]
        ),
        (
            .amount,
            [
                // A net amount first: beside a gross and a fee (PayPal), it is what moved.
            ] + netAmounts + [
                "Amount", "Betrag", "Umsatz", "Montant", "Montant opération", "Importe", "Bedrag", "Transaction Amount",
                "Betrag (EUR)",
                "Bedrag (EUR)", "Tranzakció összege", "Belopp",
                // OP writes the currency as a word (`Määrä  EUROA`); S-Pankki's is `Summa`.
                "Importo", "Määrä", "Määrä EUROA", "Summa", "Beløp", "Beløb",
                // VTB and Sberbank: the amount in the account's currency, beside the operation's own.
                "Сумма пересчитанная в валюту счета", "Сумма в валюте счета",
                // Alipay's `金额` and WeChat Pay's `金额(元)`, unsigned beside their `收/支`.
                "金额", "金额(元)",
                // Turkish banks' `Tutar` (`İşlem Tutarı`), beside a `Bakiye`.
                "Tutar", "İşlem Tutarı",
                // Finom: the amount in the account's currency, beside a card payment's
                // `Ursprungsbetrag` in the shop's (taken, a USD amount was read as EUR).
                "Zahlungsbetrag",
            ]
        ),
        (
            .debit,
            [
                "Debit", "Debit Amount", "Withdrawal", "Withdrawals", "Withdrawn", "Paid out", "Money out", "Soll",
                "Débit", "Cargo",
                // HDFC Bank's statement as a spreadsheet: `Withdrawal Amt.` and `Deposit Amt.`
                "Withdrawal Amt.",
                "Af", "Terhelés", "Расход", "Uttag",
                // PostFinance before 2024 (`Lastschrift in CHF`) and UBS (`Belastung`).
                "Lastschrift", "Belastung",
                // BancoPosta (`Addebiti`), Fineco (`Uscite`), CGD, Galicia, DNB and SpareBank 1.
                "Addebiti", "Uscite", "Débito", "Débitos", "Ut fra konto", "Ut",
                // Banorte (Mexico).
                "Retiros",
                "支払い金額", "お支払金額", "出金金額", "お引出し", "引出額",
                // Turkish, Italian, Hebrew, Korean, Chinese, Indonesian and Polish banks' money out.
                "Borç", "Dare", "חובה", "출금액", "찾으신금액", "출금", "支出", "Debet", "Obciążenia", "Wydatki",
            ]
        ),
        (
            .credit,
            [
                "Credit", "Credit Amount", "Deposit", "Deposits", "Deposit Amt.", "Paid in", "Money in", "Haben",
                "Crédit", "Abono", "Bij", "Jóváírás", "Приход", "Insättningar", "Insättning", "Gutschrift", "預かり金額",
                "お預り金額", "入金金額", "お預入れ", "預入額",
                "Accrediti", "Entrate", "Crédito", "Créditos", "Inn på konto", "Inn", "Depósitos",
                "Alacak", "Avere", "זכות", "입금액", "맡기신금액", "입금", "收入", "Kredit", "Uznania", "Wpływy",
            ]
        ),
        // Alipay's and WeChat Pay's `收/支` (income/expense): `支出`, `收入`, and `不计收支` or `/`
        // for money between the holder's own accounts.
        (.indicator, ["Debit/Credit", "Credit/Debit", "DR/CR", "Soll/Haben", "Af Bij", "Sens", "Cargo/Abono", "收/支"]),
        // UBS abbreviates it per language: `Ccy.`, `Whrg.`, `Mon.`, `Monn.` (its French export
        // left every row without a currency). Taken only over cells of codes, as every name here.
        (
            .currency,
            [
                "Currency", "Währung", "Waehrung", "Devise", "Moneda", "Munt", "Valuta", "Ccy.", "Whrg.", "Mon.",
                "Monn.", "Valutacode", "Valuta rekening", "Devise du compte",
                // PayPal's Czech and Japanese downloads; Finom's account currency.
                "Měna", "通貨", "Zahlungswährung",
                // Swedbank's Estonian, Latvian and Lithuanian exports, Finnish, Polish, Hungarian;
                // Revolut's Spanish and Italian `Divisa`, Portuguese `Moeda`; ING Belgium; AIB.
                "Valuuta", "Valūta", "Valiuta", "Valuutta", "Waluta", "Pénznem", "Divisa", "Moeda", "Munteenheid",
                "Posted Currency",
            ]
        ),
        // A bank's own transaction id. Not `Reference` and its kin (`Referenz`, `Kenmerk`): in
        // most exports that is the payer's text (Starling's `RENT` every month), and as the id
        // --state dropped the next month's payment as seen. A profile may still name one.
        (.id, ["Transaction ID", "Transaction Id", "TransactionID", "Transaktions-ID", "ID de transacción"]),
        (
            .memo,
            [
                "Memo", "Notes", "Verwendungszweck", "Communication", "Mededelingen", "Omschrijving", "Buchungstext",
                "Details",
                "Remarques", "Observaciones", "Közlemény", "摘要", "メモ", "Tytuł", "Viesti", "Descrizione", "Beskrivelse",
                // Nordea Norway's text beside its `Navn`, which a card payment leaves empty.
                "Tittel",
                // Beside a payee named otherwise (SEB's `Beneficiary's name`), the text.
                "Description",
            ]
        ),
        (.status, ["Status", "State", "Estado", "Statut", "Stato", "Статус", "ステータス", "交易状态", "当前状态"]),
        // What the bank charged on the row, apart from its amount (Revolut's `Fee`).
        // Revolut's Italian `Costo`, PayPal's Czech `Poplatek` and Japanese `手数料`.
        (
            .fee,
            [
                "Fee", "Fees", "Gebühr", "Gebühren", "Entgelt", "Frais", "Comisión", "Kosten", "Costo", "Poplatek",
                "手数料",
                // Revolut's Portuguese `Taxa`; Polish, Nordic and Hungarian fee columns.
                "Taxa", "Comissão", "Prowizja", "Gebyr", "Avgift", "Díj",
            ]
        ),
        (
            .balance,
            [
                "Balance", "Running Balance", "Saldo", "Kontostand", "Solde", "Saldo na mutatie", "Egyenleg",
                "Bokfört saldo",
                // CGD: the booked balance before the available one.
                "Saldo contabilístico", "Saldo disponível",
                "差引残高",
                "残高",
                // Turkish banks' running balance.
                "Bakiye",
            ]
        ),
    ]

    /// Headers that name what kind of entry a row is (a card payment, a direct debit): such a
    /// column repeats a few words in a long file, but in a short one its words are all different,
    /// and it must not become the payee then either.
    static let kindNames: Set<String> = Set(
        [
            "Type", "Transaction Type", "Kind", "Category", "Subcategory", "Product", "Umsatzart", "Buchungsart",
            "Transaktionstyp", "Kategorie", "Mutatiesoort", "Code", "Transactietype", "Type de transaction",
            "Type d'opération", "Catégorie", "Tipo", "Tipo de movimiento", "Categoría", "Transaction type",
            // comdirect's `Vorgang` (`Lastschrift / Belastung`) beside its `Buchungstext`; mBank's
            // `#Opis operacji` (`ZAKUP PRZY UŻYCIU KARTY`).
            "Vorgang", "Opis operacji",
            // OP's `Laji` (a code: `106`) and S-Pankki's `Tapahtumalaji`.
            "Laji", "Tapahtumalaji", "Tipologia",
            // Danske Bank's and Bulder's categories (`Helse`, `Kontanter`).
            "Kategori", "Underkategori", "Hovedkategori",
            // BNP Paribas (France): its category and subcategory beside `Libellé opération`.
            "Sous Catégorie", "Catégorie opération", "Sous Catégorie opération",
            // PayPal's German `Typ` and Japanese `タイプ`, Revolut's German `Art`.
            "Typ", "タイプ", "Art",
        ].map(normalise))

    /// The other party's columns per side, money out's first: DKB since 2023 writes the payee
    /// of money out under `Zahlungsempfänger*in` and the payer of money in under
    /// `Zahlungspflichtige*r`, the account holder's own name in the other one.
    static let sidedPayees: [(debit: String, credit: String)] = [
        (normalise("Zahlungsempfänger*in"), normalise("Zahlungspflichtige*r")),
        // S-Pankki (Finland): the payee's name, and the payer.
        (normalise("Saajan nimi"), normalise("Maksaja")),
    ]

    static func namesAKind(_ header: String) -> Bool { kindNames.contains(normaliseHeader(header)) }

    /// Headers of the column naming each row's own account, in an export of several: Mint's,
    /// YNAB's, Monarch's and N26's `Account` or `Account Name`, RBC's `Account Number` (its
    /// chequing account's and its Visa's rows in one download), C24's `Kontoname` (beside a
    /// `Kontonummer`), the Sparkasse's `Auftragskonto`, ING's `Rekening` and Rabobank's
    /// `IBAN/BBAN` (beside the other party's `Tegenrekening`), KBC's `Rekeningnummer` (beside
    /// its `rekeningnummer tegenpartij`). Matched as written, case aside:
    /// Amex's `Account #` is a card's number, one account's, and DKB's `Kontonummer` the other
    /// party's.
    static let accountNames: Set<String> = [
        "account", "account name", "account number", "kontoname", "auftragskonto", "rekening", "iban/bban",
        "rekeningnummer",
    ]

    static func namesTheAccount(_ header: String) -> Bool {
        accountNames.contains(header.trimmingBlanks().lowercased())
    }

    /// Headers of a statement's running number (BNP Paribas Fortis and Fintro: `Volgnummer`,
    /// `2017-0102`, or `2017-` on rows not yet on a statement): never the payee, nor an id, as
    /// its cells repeat.
    static let sequenceNames: Set<String> = Set(
        ["Volgnummer", "Numéro de séquence", "Sequence Number", "Laufende Nummer"].map(normalise))

    static func namesASequence(_ header: String) -> Bool { sequenceNames.contains(normalise(header)) }

    /// The roles a header may name, each with its rank in that role's list (0 is the surest).
    /// Some names mean two things (`Valuta` is a value date in German, the currency in Dutch):
    /// the column's content decides between them.
    public static func roles(of header: String) -> [(role: ColumnRole, rank: Int)] {
        if let known = lookup[normalise(header)] ?? lookup[normaliseHeader(header)] { return known }
        // `Amount (EUR)`, `Saldo in CHF`: a money header that names its currency.
        guard let (name, _) = moneyHeaderCurrency(header) else { return [] }
        return (lookup[normalise(name)] ?? []).filter { moneyRoles.contains($0.role) }
    }

    static let moneyRoles: Set<ColumnRole> = [.amount, .debit, .credit, .balance]

    /// The rank of the first value date among the date names (`Value Date`): a date header at
    /// this rank or after it names a value date, taken only when no other column holds dates.
    static let valueDateRank: Int = {
        let dates = names.first { $0.role == .date }!.names
        return dates.firstIndex(of: "Value Date")!
    }()

    /// Amount headers that say the fee is taken already: a fee column beside one is not taken
    /// again. PayPal's Japanese download: `合計` (gross), `手数料` (fee), `正味` (net).
    static let netAmounts = [
        "Net", "Net Amount", "Netto", "Nettobetrag", "Montant net", "Importe neto", "Neto", "Líquido", "正味",
    ]
    static let netAmountNames: Set<String> = Set(netAmounts.map(normalise))

    /// A header naming its column's currency after the name: `Betrag (EUR)`, `Amount in GBP`,
    /// `Saldo CHF` (the code in capitals); the name without the code, and the code. Nil when
    /// the header names none.
    static func moneyHeaderCurrency(_ header: String) -> (name: String, code: String)? {
        if let named = moneyHeaderSign(header) { return named }
        // Asked of every header: the regex took 0.2 ms a header, and a file of 200,000 columns
        // ran past its timeout. Without three capitals in a row, it cannot match.
        var capitals = 0
        guard
            header.utf8.contains(where: { byte in
                capitals = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? capitals + 1 : 0
                return capitals == 3
            })
        else { return nil }
        guard let match = header.wholeMatch(of: /\s*(.*?[^\s(])[\s(]+(?:in\s+)?([A-Z]{3})\)?\s*/),
            // Qonto's `Total amount (incl. VAT)` names a tax, not a currency.
            CurrencyMinorUnits.codes.contains(String(match.2))
        else { return nil }
        return (String(match.1), String(match.2))
    }

    /// A money header naming its currency by a sign one currency alone writes, in parentheses:
    /// `Betrag (€)`, Rakuten's `入出金(円)`, `סכום (₪)`, `Kwota (zł)`. `$`, `¥` and `元` name several.
    private static func moneyHeaderSign(_ header: String) -> (name: String, code: String)? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard let close = trimmed.last, close == ")" || close == "）",
            let open = trimmed.lastIndex(where: { $0 == "(" || $0 == "（" })
        else { return nil }
        let sign = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, let code = currencySigns[sign.trimmingCharacters(in: .whitespaces)] else { return nil }
        return (name, code)
    }

    private static let currencySigns: [String: String] = [
        "€": "EUR", "£": "GBP", "円": "JPY", "₹": "INR", "₩": "KRW", "₪": "ILS", "₺": "TRY", "₽": "RUB",
        "₴": "UAH", "₱": "PHP", "฿": "THB", "₫": "VND", "zł": "PLN", "Kč": "CZK", "₦": "NGN", "₸": "KZT",
        "₾": "GEL",
    ]

    /// The preamble labels whose next cell is the account's currency (`Währung:;CHF`).
    static let currencyLabels: Set<String> = ["currency", "wahrung", "waehrung", "devise", "moneda", "valuta", "munt"]

    private static let lookup: [String: [(role: ColumnRole, rank: Int)]] = {
        var table: [String: [(role: ColumnRole, rank: Int)]] = [:]
        for (role, names) in names {
            for (rank, name) in names.enumerated()
            where !(table[normalise(name)] ?? []).contains(where: {
                $0.role == role
            }) {
                table[normalise(name), default: []].append((role, rank))
            }
        }
        return table
    }()

    /// The preamble labels whose next cell is the account's number.
    static let accountNumberLabels: Set<String> = [
        "account number", "account no", "kontonummer", "konto", "iban", "numero de compte", "n de compte",
        "numero de cuenta", "rekeningnummer", "rekening",
    ].reduce(into: []) { $0.insert(normalise($1)) }

    // MARK: - Normalising

    /// A header ``normalise(_:)``d with its camel-case words apart: Schwab's `RunningBalance` is
    /// `running balance`. Its check of the amounts was lost, unnamed, where a row broke the chain.
    /// Only headers: a cell's text is compared as written.
    static func normaliseHeader(_ header: String) -> String {
        var spaced = String.UnicodeScalarView()
        var afterLowercase = false
        for scalar in header.unicodeScalars {
            if afterLowercase, scalar.properties.isUppercase { spaced.append(" ") }
            afterLowercase = scalar.properties.isLowercase
            spaced.append(scalar)
        }
        return normalise(String(spaced))
    }

    /// Bytes past which a cell is no word of a vocabulary (a side, a status) and is not
    /// normalised: generous, for cells padded to a fixed width; a 50 MB cell took seconds.
    static let longestWordCell = 256

    /// Lower case, accents and `ß` folded, every run of punctuation or blanks one space:
    /// `Auftraggeber/Empfänger` is `auftraggeber empfanger`, `Date d'opération` `date d operation`.
    public static func normalise(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            let folded = fold(scalar)
            if folded.isEmpty {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(folded)
        }
        return out
    }

    /// A letter or digit without its accent, or "" for anything else.
    private static func fold(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "a"..."z", "0"..."9": return String(scalar)
        case "à", "á", "â", "ã", "ä", "å": return "a"
        case "ç": return "c"
        case "è", "é", "ê", "ë": return "e"
        case "ì", "í", "î", "ï": return "i"
        case "ñ": return "n"
        case "ò", "ó", "ô", "õ", "ö", "ø": return "o"
        case "ù", "ú", "û", "ü": return "u"
        case "ý", "ÿ": return "y"
        case "ß": return "ss"
        case "æ": return "ae"
        case "œ": return "oe"
        default:
            return scalar.properties.isAlphabetic ? String(scalar) : ""
        }
    }
}
