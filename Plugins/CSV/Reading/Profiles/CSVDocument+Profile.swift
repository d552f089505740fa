extension CSVDocument {
    /// Reads a file as the csv source does: inferred from the file first; then, when its header
    /// (or, without one, its rows' cells) is a known layout (or `profile=NAME` names one), again with the profile's options under
    /// the ones given. The profile and every point where it and the file's own evidence
    /// disagree are reported (sniff, and a note in a run); `profile=none` reads without one.
    /// - Parameters:
    ///   - options: the source's options (a `rules` file already merged under them).
    ///   - profiles: the user's profiles first, then the built-in ones: the first that matches wins.
    public static func read(
        bytes: UnsafeRawBufferPointer, origin: String, stem: String, options: [String: String],
        profiles: [BankProfile]
    ) throws(CSVSettingsError) -> CSVDocument {
        var given = options
        let named = given.removeValue(forKey: "profile")
        let inferred = CSVDocument(bytes: bytes, origin: origin, stem: stem, settings: try CSVSettings(options: given))
        let chosen: (profile: BankProfile, why: String)
        switch named {
        case "none": return inferred
        case let name?:
            guard let profile = profiles.first(where: { $0.name == name }) else {
                throw CSVSettingsError(
                    "profile \"\(name)\": no such profile (\(profiles.map(\.name).joined(separator: ", ")), or none)")
            }
            chosen = (profile, "given")
        case nil:
            guard let match = BankProfile.match(inferred, in: profiles) else { return inferred }
            chosen = match
        }
        let settings: CSVSettings
        do {
            settings = try CSVSettings(options: chosen.profile.options.merging(given) { _, given in given })
        } catch {
            throw CSVSettingsError("profile \(chosen.profile.name): \(error.description)")
        }
        let profiled = CSVDocument(bytes: bytes, origin: origin, stem: stem, settings: settings)
        profiled.found.profile = "\(chosen.profile.name) (\(chosen.profile.bank); \(chosen.why))"
        for disagreement in disagreements(chosen.profile, given: given, inferred: inferred, profiled: profiled) {
            profiled.found.profileDisagreements.append(disagreement)
            profiled.addNote("profile \(chosen.profile.name) disagrees with the file: \(disagreement)")
        }
        // A sign the file's own evidence contradicts would turn every figure: refused, as a
        // `sign` the balance column contradicts is.
        if profiled.problems.isEmpty, let said = chosen.profile.options["sign"], given["sign"] == nil,
            let seen = profiled.inferredSign ?? inferred.inferredSign, said != "auto", seen.rawValue != said
        {
            profiled.addProblem(
                "profile \(chosen.profile.name) says sign=\(said), but the file's evidence says \(seen.rawValue) "
                    + "(\(profiled.signEvidence)): set sign=\(seen.rawValue) or sign=\(said), or profile=none")
        }
        return profiled
    }

    /// The profile's options that the file, read without it, shows otherwise: a layout the bank
    /// changed, or a profile that is wrong. Options given with the source are the user's word.
    private static func disagreements(
        _ profile: BankProfile, given: [String: String], inferred: CSVDocument, profiled: CSVDocument
    ) -> [String] {
        var found: [String] = []
        for key in profile.options.keys.sorted() where given[key] == nil {
            let said = profile.options[key]!
            if key == "sign" {
                if let sign = profiled.inferredSign ?? inferred.inferredSign, said != "auto", sign.rawValue != said {
                    found.append("sign: the profile says \(said), the file's evidence \(sign.rawValue)")
                }
                continue
            }
            // A mark no cell settled (LCL's amounts read without the profile: no amount column,
            // so no money cell) is an assumption, not what the file shows.
            if key == "decimal-mark", inferred.found.decimalEvidence?.hasSuffix("assumed") == true { continue }
            guard let seen = inferred.found.options.first(where: { $0.name == key })?.value else {
                // Dates whose every day is 12 or less read both ways, and a file matched by its
                // cells' shapes alone (HSBC's three columns) may be another bank's: said.
                if key == "date-format", !profile.cells.isEmpty,
                    inferred.problems.contains(where: { $0.contains("set date-format") })
                {
                    found.append("date-format: the profile says \"\(said)\", the file's dates fit more than one format")
                }
                continue
            }
            let isColumn = ColumnRole(rawValue: key) != nil
            let same = isColumn ? HeaderVocabulary.normalise(seen) == HeaderVocabulary.normalise(said) : seen == said
            if !same { found.append("\(key): the profile says \"\(said)\", the file reads as \"\(seen)\"") }
        }
        return found
    }

    /// What `sniff --save` writes: a profile matched by this file's header (or, without one, by
    /// its columns' shapes), with every option that was inferred or given (and the sign the
    /// evidence decided), so the layout is settled once. Nil when there is nothing to match by.
    public func profile(bank: String) -> BankProfile? {
        guard !headerCells.isEmpty || !headerlessShapes.isEmpty else { return nil }
        var options: [String: String] = [:]
        for option in found.options { options[option.name] = option.value }
        if options["sign"] == nil, let inferredSign { options["sign"] = inferredSign.rawValue }
        return BankProfile(
            name: bank, bank: bank, header: headerCells.filter { !$0.isEmpty }, cells: headerlessShapes,
            balanceRows: hasStatementBalances && headerCells.isEmpty, options: options)
    }
}
