/// The export layouts txfeed knows, matched by their headers (or, for the few without one, by
/// their cells' shapes). Each pins only what the layout fixes (columns, date format, decimal
/// mark, sign, currency); what varies by a user's locale is still inferred. Every profile has a
/// test file in its bank's layout in `Tests/Fixtures/bank/profiles/NAME.csv`.
public enum BankProfiles {
    public static let builtIn: [BankProfile] =
        unitedStates + unitedKingdom + europe + switzerland + france + japan + worldwide

    static let unitedStates: [BankProfile] = [
        BankProfile(
            name: "amex-us", bank: "American Express (US), with additional details",
            header: [
                "Date", "Description", "Card Member", "Account #", "Amount", "Extended Details",
                "Appears On Your Statement As", "Address", "City/State", "Zip Code", "Country", "Reference", "Category",
            ],
            options: amex),
        BankProfile(
            name: "amex-us-activity", bank: "American Express (US)",
            header: [
                "Date", "Description", "Amount", "Extended Details", "Appears On Your Statement As", "Address",
                "City/State", "Zip Code", "Country", "Reference", "Category",
            ],
            options: amex),
        BankProfile(
            name: "chase-card", bank: "Chase credit card (US)",
            header: ["Transaction Date", "Post Date", "Description", "Category", "Type", "Amount", "Memo"],
            options: [
                "date": "Transaction Date", "vendor": "Description", "amount": "Amount", "memo": "Memo",
                "date-format": "%m/%d/%Y", "decimal-mark": ".", "sign": "as-is", "default-currency": "USD",
            ]),
        BankProfile(
            name: "chase-checking", bank: "Chase checking (US)",
            header: ["Details", "Posting Date", "Description", "Amount", "Type", "Balance", "Check or Slip #"],
            options: [
                "date": "Posting Date", "vendor": "Description", "amount": "Amount", "balance": "Balance",
                "date-format": "%m/%d/%Y", "decimal-mark": ".", "default-currency": "USD",
            ]),
        BankProfile(
            name: "apple-card", bank: "Apple Card (US), with the purchaser",
            header: [
                "Transaction Date", "Clearing Date", "Description", "Merchant", "Category", "Type", "Amount (USD)",
                "Purchased By",
            ],
            options: appleCard),
        BankProfile(
            name: "apple-card-single", bank: "Apple Card (US)",
            header: [
                "Transaction Date", "Clearing Date", "Description", "Merchant", "Category", "Type", "Amount (USD)",
            ],
            options: appleCard),
        BankProfile(
            name: "capital-one-card", bank: "Capital One credit card (US)",
            header: ["Transaction Date", "Posted Date", "Card No.", "Description", "Category", "Debit", "Credit"],
            options: [
                "date": "Transaction Date", "vendor": "Description", "debit": "Debit", "credit": "Credit",
                "date-format": "%Y-%m-%d", "decimal-mark": ".", "default-currency": "USD",
            ]),
        BankProfile(
            name: "bank-of-america", bank: "Bank of America checking (US)",
            header: ["Date", "Description", "Amount", "Running Bal."],
            options: [
                "date": "Date", "vendor": "Description", "amount": "Amount", "balance": "Running Bal.",
                "date-format": "%m/%d/%Y", "decimal-mark": ".", "default-currency": "USD",
            ]),
        BankProfile(
            name: "citi-card", bank: "Citi credit card (US)",
            header: ["Status", "Date", "Description", "Debit", "Credit"], options: citi),
        BankProfile(
            name: "citi-card-members", bank: "Citi credit card (US), with the card member",
            header: ["Status", "Date", "Description", "Debit", "Credit", "Member Name"], options: citi),
        BankProfile(
            name: "wells-fargo", bank: "Wells Fargo checking and card (US), no header",
            // "01/02/2024","-12.34","*","","DESCRIPTION": the fourth cell is a check's number.
            cells: [
                CellShape(.date("%m/%d/%Y")), CellShape(.amount), CellShape(.literal("*")),
                CellShape(.digits, orEmpty: true), CellShape(.text),
            ],
            options: [
                // Both exports are the holder's view (card: charges negative, `AUTOMATIC PAYMENT -
                // THANK YOU` positive): a checking account paying cards is no issuer's view.
                "date": "1", "amount": "2", "vendor": "5", "date-format": "%m/%d/%Y", "decimal-mark": ".",
                "default-currency": "USD", "sign": "as-is",
            ]),
    ]

    /// Purchases positive, payments, returns and Daily Cash negative: the issuer's view, which
    /// nothing in a month of purchases alone says (no balance; a payment is `ACH DEPOSIT …`, no
    /// payment word). A payment has no `Merchant`: its `Description` names it.
    private static let appleCard: [String: String] = [
        "date": "Transaction Date", "vendor": "Merchant", "memo": "Description", "amount": "Amount (USD)",
        "date-format": "%m/%d/%Y", "decimal-mark": ".", "sign": "inverted", "default-currency": "USD",
    ]

    /// Purchases in Debit, payments and refunds in Credit as negative cells: the columns say
    /// which way the money went, not the sign.
    private static let citi: [String: String] = [
        "date": "Date", "vendor": "Description", "debit": "Debit", "credit": "Credit", "status": "Status",
        "date-format": "%m/%d/%Y", "decimal-mark": ".", "default-currency": "USD",
    ]

    /// Charges positive, payments and credits negative: the issuer's view.
    private static let amex: [String: String] = [
        "date": "Date", "vendor": "Description", "amount": "Amount", "id": "Reference",
        "date-format": "%m/%d/%Y", "decimal-mark": ".", "sign": "inverted", "default-currency": "USD",
    ]

    static let unitedKingdom: [BankProfile] = [
        BankProfile(
            name: "barclays-uk", bank: "Barclays (UK)",
            header: ["Number", "Date", "Account", "Amount", "Subcategory", "Memo"],
            options: [
                "date": "Date", "vendor": "Memo", "amount": "Amount", "date-format": "%d/%m/%Y", "decimal-mark": ".",
                "default-currency": "GBP",
            ]),
        BankProfile(
            name: "lloyds-uk", bank: "Lloyds Bank (UK)",
            header: [
                "Transaction Date", "Transaction Type", "Sort Code", "Account Number", "Transaction Description",
                "Debit Amount", "Credit Amount", "Balance",
            ],
            options: [
                "date": "Transaction Date", "vendor": "Transaction Description", "debit": "Debit Amount",
                "credit": "Credit Amount", "balance": "Balance", "date-format": "%d/%m/%Y", "decimal-mark": ".",
                "default-currency": "GBP",
            ]),
        BankProfile(
            name: "monzo-uk", bank: "Monzo (UK)",
            header: [
                "Transaction ID", "Date", "Time", "Type", "Name", "Emoji", "Category", "Amount", "Currency",
                "Local amount", "Local currency", "Notes and #tags", "Address", "Receipt", "Description",
                "Category split",
            ],
            options: [
                "date": "Date", "vendor": "Name", "amount": "Amount", "currency": "Currency", "id": "Transaction ID",
                "memo": "Notes and #tags", "date-format": "%d/%m/%Y", "decimal-mark": ".",
            ]),
        // Monzo's export with `Money Out` and `Money In` after the signed `Amount` (the header
        // other projects' Monzo fixtures show since 2023): read by its `Amount` as the other.
        BankProfile(
            name: "monzo-uk-money-out-in", bank: "Monzo (UK), with Money Out and Money In",
            header: [
                "Transaction ID", "Date", "Time", "Type", "Name", "Emoji", "Category", "Amount", "Currency",
                "Local amount", "Local currency", "Notes and #tags", "Address", "Receipt", "Description",
                "Category split", "Money Out", "Money In",
            ],
            options: [
                "date": "Date", "vendor": "Name", "amount": "Amount", "currency": "Currency", "id": "Transaction ID",
                "memo": "Notes and #tags", "date-format": "%d/%m/%Y", "decimal-mark": ".",
            ]),
        BankProfile(
            name: "nationwide-uk", bank: "Nationwide (UK)",
            header: ["Date", "Transaction type", "Description", "Paid out", "Paid in", "Balance"],
            preamble: "Account Name:",
            options: [
                "date": "Date", "vendor": "Description", "debit": "Paid out", "credit": "Paid in", "balance": "Balance",
                "date-format": "%d %b %Y", "decimal-mark": ".", "default-currency": "GBP",
            ]),
        BankProfile(
            name: "hsbc-uk", bank: "HSBC (UK), no header",
            cells: [CellShape(.date("%d/%m/%Y")), CellShape(.text), CellShape(.amount)],
            options: [
                "date": "1", "vendor": "2", "amount": "3", "date-format": "%d/%m/%Y", "decimal-mark": ".",
                "default-currency": "GBP",
            ]),
    ]

    static let europe: [BankProfile] = [
        BankProfile(
            name: "revolut", bank: "Revolut",
            header: [
                "Type", "Product", "Started Date", "Completed Date", "Description", "Amount", "Fee", "Currency",
                "State",
                "Balance",
            ],
            options: [
                "date": "Started Date", "vendor": "Description", "amount": "Amount", "fee": "Fee",
                "currency": "Currency", "status": "State", "balance": "Balance", "date-format": "%Y-%m-%d %H:%M:%S",
                "decimal-mark": ".", "sign": "as-is",
            ]),
        BankProfile(
            name: "n26", bank: "N26",
            header: [
                "Booking Date", "Value Date", "Partner Name", "Partner Iban", "Type", "Payment Reference",
                "Account Name", "Amount (EUR)", "Original Amount", "Original Currency", "Exchange Rate",
            ],
            options: [
                "date": "Booking Date", "vendor": "Partner Name", "amount": "Amount (EUR)",
                "memo": "Payment Reference", "date-format": "%Y-%m-%d", "decimal-mark": ".",
                "default-currency": "EUR", "sign": "as-is",
            ]),
        BankProfile(
            name: "ing-nl", bank: "ING (Netherlands)",
            header: [
                "Datum", "Naam / Omschrijving", "Rekening", "Tegenrekening", "Code", "Af Bij", "Bedrag (EUR)",
                "Mutatiesoort", "Mededelingen", "Saldo na mutatie", "Tag",
            ],
            options: [
                "separator": ";", "date": "Datum", "vendor": "Naam / Omschrijving", "amount": "Bedrag (EUR)",
                "indicator": "Af Bij", "memo": "Mededelingen", "balance": "Saldo na mutatie", "date-format": "%Y%m%d",
                "decimal-mark": ",", "default-currency": "EUR",
            ]),
        // Fintro's (BNP Paribas Fortis') Visa export: each record two lines (the dates and the
        // amount, then the card's text, `Wisselkoers##rate` and `Gerelateerde kost##fee`), read
        // as one (``TableLayout/findsLinePairs(text:separator:)``); the merchant is `Details`.
        BankProfile(
            name: "fintro-visa-be", bank: "Fintro / BNP Paribas Fortis Visa (Belgium)",
            header: [
                "Uitvoeringsdatum", "Valutadatum", "Bedrag", "Valuta rekening", "Details", "Wisselkoers",
                "Gerelateerde kost",
            ],
            options: [
                "date": "Uitvoeringsdatum", "vendor": "Details", "amount": "Bedrag", "currency": "Valuta rekening",
                "date-format": "%d/%m/%Y", "decimal-mark": ",",
            ]),
        BankProfile(
            name: "rabobank-nl", bank: "Rabobank (Netherlands)",
            header: [
                "IBAN/BBAN", "Munt", "BIC", "Volgnr", "Datum", "Rentedatum", "Bedrag", "Saldo na trn",
                "Tegenrekening IBAN/BBAN", "Naam tegenpartij", "Naam uiteindelijke partij", "Naam initiërende partij",
                "BIC tegenpartij", "Code", "Batch ID", "Transactiereferentie", "Machtigingskenmerk", "Incassant ID",
                "Betalingskenmerk", "Omschrijving-1", "Omschrijving-2", "Omschrijving-3", "Reden retour",
                "Oorspr bedrag", "Oorspr munt", "Koers",
            ],
            options: [
                "date": "Datum", "vendor": "Naam tegenpartij", "amount": "Bedrag", "balance": "Saldo na trn",
                "currency": "Munt", "id": "Volgnr", "memo": "Omschrijving-1", "date-format": "%Y-%m-%d",
                "decimal-mark": ",",
            ]),
        BankProfile(
            name: "sparkasse-camt", bank: "Sparkasse, CSV-CAMT (Germany)",
            header: [
                "Auftragskonto", "Buchungstag", "Valutadatum", "Buchungstext", "Verwendungszweck", "Glaeubiger ID",
                "Mandatsreferenz", "Kundenreferenz (End-to-End)", "Sammlerreferenz", "Lastschrift Ursprungsbetrag",
                "Auslagenersatz Ruecklastschrift", "Beguenstigter/Zahlungspflichtiger", "Kontonummer/IBAN",
                "BIC (SWIFT-Code)", "Betrag", "Waehrung", "Info",
            ],
            options: [
                "separator": ";", "date": "Buchungstag", "vendor": "Beguenstigter/Zahlungspflichtiger",
                "amount": "Betrag", "memo": "Verwendungszweck", "currency": "Waehrung", "status": "Info",
                "date-format": "%d.%m.%y", "decimal-mark": ",",
            ]),
        BankProfile(
            name: "commerzbank", bank: "Commerzbank (Germany)",
            header: [
                "Buchungstag", "Wertstellung", "Umsatzart", "Buchungstext", "Betrag", "Währung", "Auftraggeberkonto",
                "Bankleitzahl Auftraggeberkonto", "IBAN Auftraggeberkonto", "Kategorie",
            ],
            options: [
                "separator": ";", "date": "Buchungstag", "vendor": "Buchungstext", "amount": "Betrag",
                "currency": "Währung", "date-format": "%d.%m.%Y", "decimal-mark": ",",
            ]),
        BankProfile(
            name: "ing-de", bank: "ING (Germany), Umsatzanzeige",
            header: [
                "Buchung", "Valuta", "Auftraggeber/Empfänger", "Buchungstext", "Kategorie", "Verwendungszweck", "Saldo",
                "Währung", "Betrag", "Währung",
            ],
            // Two `Währung` columns: the first is the balance's, the second (by position: a name
            // finds the first) the amount's. The booking date, not the value date.
            options: [
                "separator": ";", "date": "Buchung", "vendor": "Auftraggeber/Empfänger", "amount": "Betrag",
                "memo": "Verwendungszweck", "balance": "Saldo", "currency": "10", "date-format": "%d.%m.%Y",
                "decimal-mark": ",",
            ]),
        BankProfile(
            name: "deutsche-bank", bank: "Deutsche Bank (Germany), since 2024",
            header: [
                "Buchungstag", "Wert", "Umsatzart", "Begünstigter / Auftraggeber", "Verwendungszweck",
                "IBAN / Kontonummer", "BIC", "Kundenreferenz", "Mandatsreferenz", "Gläubiger ID", "Fremde Gebühren",
                "Betrag", "Abweichender Empfänger", "Anzahl der Aufträge", "Anzahl der Schecks", "Soll", "Haben",
                "Währung",
            ],
            // Betrag is signed and always filled; Soll or Haben repeats it.
            options: [
                "separator": ";", "date": "Buchungstag", "vendor": "Begünstigter / Auftraggeber", "amount": "Betrag",
                "memo": "Verwendungszweck", "currency": "Währung", "date-format": "%d.%m.%Y", "decimal-mark": ",",
            ]),
        BankProfile(
            name: "deutsche-bank-legacy", bank: "Deutsche Bank (Germany), before 2024",
            header: [
                "Buchungstag", "Wert", "Umsatzart", "Begünstigter / Auftraggeber", "Verwendungszweck", "IBAN", "BIC",
                "Kundenreferenz", "Mandatsreferenz", "Gläubiger ID", "Fremde Gebühren", "Betrag",
                "Abweichender Empfänger", "Abweichender Auftraggeber", "Anzahl der Aufträge", "Anzahl der Schecks",
                "Soll", "Haben", "Währung",
            ],
            // Betrag is empty: the money is in Soll (written negative) or Haben.
            options: [
                "separator": ";", "date": "Buchungstag", "vendor": "Begünstigter / Auftraggeber", "debit": "Soll",
                "credit": "Haben", "memo": "Verwendungszweck", "currency": "Währung", "date-format": "%d.%m.%Y",
                "decimal-mark": ",",
            ]),
        BankProfile(
            name: "dkb-legacy", bank: "DKB Girokonto (Germany), before 2023",
            header: [
                "Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Verwendungszweck",
                "Kontonummer", "BLZ", "Betrag (EUR)", "Gläubiger-ID", "Mandatsreferenz", "Kundenreferenz",
            ],
            options: [
                "separator": ";", "date": "Buchungstag", "vendor": "Auftraggeber / Begünstigter",
                "amount": "Betrag (EUR)", "memo": "Verwendungszweck", "date-format": "%d.%m.%Y", "decimal-mark": ",",
                "default-currency": "EUR",
            ]),
        BankProfile(
            name: "dkb", bank: "DKB Girokonto (Germany), since 2023",
            header: [
                "Buchungsdatum", "Wertstellung", "Status", "Zahlungspflichtige*r", "Zahlungsempfänger*in",
                "Verwendungszweck", "Umsatztyp", "IBAN", "Betrag (€)", "Gläubiger-ID", "Mandatsreferenz",
                "Kundenreferenz",
            ],
            // The other party is the payee of money out and the payer of money in: the column
            // beside it holds the account holder's own name.
            options: [
                "separator": ";", "date": "Buchungsdatum", "vendor-debit": "Zahlungsempfänger*in",
                "vendor-credit": "Zahlungspflichtige*r", "amount": "Betrag (€)", "memo": "Verwendungszweck",
                "status": "Status", "date-format": "%d.%m.%y", "decimal-mark": ",", "default-currency": "EUR",
            ]),
        BankProfile(
            name: "abn-amro-tab", bank: "ABN AMRO (Netherlands), TXT download (.TAB), no header",
            // Account number, currency, date, the balance before and after the row, value date,
            // amount, description: the balance after is the running balance the chain walks.
            cells: [
                CellShape(.digits), CellShape(.currency), CellShape(.date("%Y%m%d")), CellShape(.amount),
                CellShape(.amount), CellShape(.date("%Y%m%d")), CellShape(.amount), CellShape(.text),
            ],
            // A download of several accounts gives each row's account number first: an account each.
            options: [
                "separator": "tab", "date": "3", "account-column": "1", "currency": "2", "balance": "5", "amount": "7",
                "vendor": "8", "date-format": "%Y%m%d", "decimal-mark": ",",
            ]),
    ]

    static let switzerland: [BankProfile] = [
        BankProfile(
            name: "postfinance", bank: "PostFinance (Switzerland), since 2024",
            header: [
                "Datum", "Bewegungstyp", "Avisierungstext", "Gutschrift in CHF", "Lastschrift in CHF", "Label",
                "Kategorie",
            ],
            // Debits are written negative in their own column.
            options: [
                "separator": ";", "date": "Datum", "vendor": "Avisierungstext", "debit": "Lastschrift in CHF",
                "credit": "Gutschrift in CHF", "date-format": "%d.%m.%Y", "decimal-mark": ".",
                "default-currency": "CHF",
            ]),
        BankProfile(
            name: "ubs", bank: "UBS (Switzerland), since 2022",
            header: [
                "Abschlussdatum", "Abschlusszeit", "Buchungsdatum", "Valutadatum", "Währung", "Belastung", "Gutschrift",
                "Einzelbetrag", "Saldo", "Transaktions-Nr.", "Beschreibung1", "Beschreibung2", "Beschreibung3",
                "Fussnoten",
            ],
            // The trade date: a card payment not booked yet has no Buchungsdatum.
            options: [
                "separator": ";", "date": "Abschlussdatum", "vendor": "Beschreibung1", "memo": "Beschreibung2",
                "debit": "Belastung", "credit": "Gutschrift", "balance": "Saldo", "currency": "Währung",
                "id": "Transaktions-Nr.", "date-format": "%Y-%m-%d", "decimal-mark": ".",
            ]),
    ]

    static let france: [BankProfile] = [
        BankProfile(
            name: "lcl", bank: "LCL (France), no header, between the opening and closing balance rows",
            // Date, amount, kind (Carte, Virement, Prélèvement, Chèque), cheque number, the payee
            // of money out, the payee of money in, then a column of zeros and a category on card
            // rows: neither is money nor a payee. The balance rows around the table are checked
            // against the rows, never imported (StatementBalances).
            cells: [
                CellShape(.date("%d/%m/%Y")), CellShape(.amount), CellShape(.text, orEmpty: true),
                CellShape(.text, orEmpty: true), CellShape(.text, orEmpty: true), CellShape(.text, orEmpty: true),
                CellShape(.digits, orEmpty: true), CellShape(.text, orEmpty: true),
            ],
            balanceRows: true,
            options: [
                "separator": ";", "date": "1", "amount": "2", "memo": "3", "vendor-debit": "5", "vendor-credit": "6",
                "date-format": "%d/%m/%Y", "decimal-mark": ",", "default-currency": "EUR",
            ]),
        BankProfile(
            name: "societe-generale", bank: "Société Générale (France)",
            header: ["Date de l'opération", "Libellé", "Détail de l'écriture", "Montant de l'opération", "Devise"],
            options: [
                "separator": ";", "date": "Date de l'opération", "vendor": "Détail de l'écriture", "memo": "Libellé",
                "amount": "Montant de l'opération", "currency": "Devise", "date-format": "%d/%m/%Y",
                "decimal-mark": ",",
            ]),
        BankProfile(
            name: "credit-agricole", bank: "Crédit Agricole (France)",
            header: ["Date", "Libellé", "Débit euros", "Crédit euros"],
            options: [
                "separator": ";", "date": "Date", "vendor": "Libellé", "debit": "Débit euros", "credit": "Crédit euros",
                "date-format": "%d/%m/%Y", "decimal-mark": ",", "default-currency": "EUR",
            ]),
    ]

    static let japan: [BankProfile] = [
        BankProfile(
            name: "mufg-jp", bank: "MUFG Bank (Japan)",
            header: ["日付", "摘要", "摘要内容", "支払い金額", "預かり金額", "差引残高", "メモ", "未資金化区分", "入払区分"],
            options: [
                "date": "日付", "vendor": "摘要内容", "memo": "摘要", "debit": "支払い金額",
                "credit": "預かり金額", "balance": "差引残高", "date-format": "%Y/%m/%d", "decimal-mark": ".",
                "default-currency": "JPY",
            ])
    ]

    static let worldwide: [BankProfile] = [
        BankProfile(
            name: "paypal", bank: "PayPal, activity download with the default fields",
            header: [
                "Date", "Time", "TimeZone", "Name", "Type", "Status", "Currency", "Gross", "Fee", "Net",
                "From Email Address", "To Email Address", "Transaction ID", "Shipping Address", "Address Status",
                "Item Title", "Item ID", "Shipping and Handling Amount", "Insurance Amount", "Sales Tax",
                "Option 1 Name", "Option 1 Value", "Option 2 Name", "Option 2 Value", "Reference Txn ID",
                "Invoice Number", "Custom Number", "Quantity", "Receipt ID", "Balance", "Address Line 1",
                "Address Line 2/District/Neighborhood", "Town/City",
                "State/Province/Region/County/Territory/Prefecture/Republic", "Zip/Postal Code", "Country",
                "Contact Phone Number", "Subject", "Note", "Country Code", "Balance Impact",
            ],
            // Net is what moved (the fee taken). The date order and decimal mark follow the
            // account's country, so they are left to inference; a row without a Name (a bank
            // deposit, a withdrawal) is named by its Type.
            options: [
                "date": "Date", "vendor": "Name", "memo": "Type", "amount": "Net", "currency": "Currency",
                "status": "Status", "balance": "Balance", "id": "Transaction ID", "sign": "as-is",
            ]),
        // PayPal's balance-affecting download (18 fields), in German and Czech (jakobhellermann/
        // beancount-paypal's and anion0278/mapp's samples): its `Beschreibung` / `Popis` is the
        // kind of entry, which names a bank top-up or withdrawal without a `Name` (read by
        // inference, such rows were rejected for an empty payee: a third of a real export).
        BankProfile(
            name: "paypal-de", bank: "PayPal, balance-affecting download in German",
            header: [
                "Datum", "Uhrzeit", "Zeitzone", "Beschreibung", "Währung", "Brutto", "Entgelt", "Netto", "Guthaben",
                "Transaktionscode", "Absender E-Mail-Adresse", "Name", "Name der Bank", "Bankkonto",
                "Versand- und Bearbeitungsgebühr", "Umsatzsteuer", "Rechnungsnummer", "Zugehöriger Transaktionscode",
            ],
            options: [
                "date": "Datum", "vendor": "Name", "memo": "Beschreibung", "amount": "Netto", "currency": "Währung",
                "balance": "Guthaben", "id": "Transaktionscode", "sign": "as-is",
            ]),
        BankProfile(
            name: "paypal-cz", bank: "PayPal, balance-affecting download in Czech",
            header: [
                "Datum", "Čas", "Časové pásmo", "Popis", "Měna", "Brutto", "Poplatek", "Netto", "Zůstatek",
                "ID transakce", "E-mailová adresa odesílatele", "Název", "Název banky", "Bankovní účet",
                "Výše poštovného a balného", "Daň z prodeje", "ID faktury", "Referenční ID transakce",
            ],
            options: [
                "date": "Datum", "vendor": "Název", "memo": "Popis", "amount": "Netto", "currency": "Měna",
                "balance": "Zůstatek", "id": "ID transakce", "sign": "as-is",
            ]),
    ]
}
