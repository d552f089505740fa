/// The OFX spec's elements (leaves, which hold a value and never other elements) that a
/// statement file carries, by name.
///
/// In SGML a leaf has no end tag, so an empty one (`<FITID>` then `<NAME>…`, as Banco do Brasil
/// writes) looks like an aggregate's start: the normaliser would nest its siblings inside it and
/// they would be lost. A name listed here is closed before the next tag, text or not; a name not
/// listed (a bank's own extension) keeps the aggregate reading, as aggregates are not listed.
enum OFXLeaves {
    /// Compared among the names of its length: a `Set` of arrays wanted an array made of the
    /// slice, an allocation and a hash each time (900 instructions, once a transaction).
    static func contains(_ name: ArraySlice<UInt8>) -> Bool {
        name.count < byLength.count && byLength[name.count].contains { $0.elementsEqual(name) }
    }

    /// The names by their length: `byLength[6]` holds `CURDEF`, `BANKID`…
    private static let byLength: [[[UInt8]]] = {
        var lists = [[[UInt8]]](repeating: [], count: (names.map(\.count).max() ?? 0) + 1)
        for name in names { lists[name.count].append(name) }
        return lists
    }()

    private static let names: [[UInt8]] =
        [
            // Sign-on and responses (OFX 2.1.1 §2.5, §3.1).
            "CODE", "SEVERITY", "MESSAGE", "DTSERVER", "USERKEY", "TSKEYEXPIRE", "LANGUAGE", "DTPROFUP", "DTACCTUP",
            "ORG", "FID", "SESSCOOKIE", "ACCESSKEY", "TRNUID", "CLTCOOKIE", "TOKEN", "INTU.BID", "INTU.USERID",
            // Accounts and statements (§11).
            "CURDEF", "BANKID", "BRANCHID", "ACCTID", "ACCTTYPE", "ACCTKEY", "BROKERID", "DTSTART", "DTEND", "DTASOF",
            "BALAMT", "MKTGINFO", "CURRATE", "CURSYM",
            // STMTTRN and PAYEE (§11.4.4, §12.5.2.1).
            "TRNTYPE", "DTPOSTED", "DTUSER", "DTAVAIL", "TRNAMT", "FITID", "CORRECTFITID", "CORRECTACTION", "SRVRTID",
            "CHECKNUM", "REFNUM", "SIC", "PAYEEID", "NAME", "EXTDNAME", "MEMO", "INV401KSOURCE", "ADDR1", "ADDR2",
            "ADDR3", "CITY", "STATE", "POSTALCODE", "COUNTRY", "PHONE", "DTTRAN", "IMAGETYPE", "IMAGEREF",
            "IMAGEREFTYPE", "CHECKSUP",
            // Balances (§11.4.4.2, §13.9.2.7).
            "DESC", "BALTYPE", "VALUE", "AVAILCASH", "MARGINBALANCE", "SHORTBALANCE", "BUYPOWER",
            // Investment transactions, positions and securities (§13).
            "DTTRADE", "DTSETTLE", "UNIQUEID", "UNIQUEIDTYPE", "UNITS", "UNITPRICE", "MARKUP", "MARKDOWN",
            "COMMISSION", "TAXES", "FEES", "LOAD", "TOTAL", "WITHHOLDING", "STATEWITHHOLDING", "PENALTY", "GAIN",
            "INCOMETYPE", "SUBACCTSEC", "SUBACCTFUND", "SUBACCTFROM", "SUBACCTTO", "BUYTYPE", "SELLTYPE",
            "OPTBUYTYPE", "OPTSELLTYPE", "SHPERCTRCT", "RELFITID", "RELTYPE", "SECURED", "TFERACTION", "POSTYPE",
            "AVGCOSTBASIS", "DTPURCHASE", "OLDUNITS", "NEWUNITS", "NUMERATOR", "DENOMINATOR", "FRACCASH",
            "OPTACTION", "ACCRDINT", "LOANID", "LOANPMTINT", "LOANPMTPRIN", "PRIOR", "PMTDATE", "MKTVAL", "HELDINACCT",
            "DTPRICEASOF", "SECNAME", "TICKER", "RATING", "FIID", "YIELD", "DTYIELDASOF", "ASSETCLASS", "PERCENT",
            "PARVALUE", "DEBTTYPE", "DEBTCLASS", "COUPONRT", "DTCOUPON", "COUPONFREQ", "CALLPRICE", "YIELDTOCALL",
            "DTCALL", "CALLTYPE", "YIELDTOMAT", "DTMAT", "MFTYPE", "OPTTYPE", "STRIKEPRICE", "DTEXPIRE", "STOCKTYPE",
            "TYPEDESC",
        ].map { Array($0.utf8) }
}
