#!/usr/bin/env python3
"""Writes the damaged copies of camt053-two-statements.xml that the end-to-end tests read:

- camt053-truncated.xml: cut inside Stmt[1]'s second entry (as a download cut short).
- camt053-garbled.xml: Stmt[0]'s third entry closes <Cdtr> with </Cdtor> (not well-formed).

Run from this folder: python3 make_broken_copies.py
"""
from pathlib import Path

source = Path("camt053-two-statements.xml").read_text(encoding="utf-8")

second_statement = source.index("<Id>20240331-DE02-0001</Id>")
second_entry = source.index("<Ntry>", source.index("</Ntry>", second_statement))
cut = source.index("<CdtDbtInd>DBIT", second_entry) + len("<CdtDbtInd>DB")
Path("camt053-truncated.xml").write_text(source[:cut], encoding="utf-8")

third_entry = source.index("Hausverwaltung Schmidt KG")
close = source.index("</Cdtr>", third_entry)
garbled = source[:close] + "</Cdtor>" + source[close + len("</Cdtr>"):]
Path("camt053-garbled.xml").write_text(garbled, encoding="utf-8")
