"""An ISO 20022 camt file as ofxstatement-iso20022 (PyPI, kedder/ofxstatement-iso20022) reads it,
as JSON on stdout.

usage: iso20022_read.py FILE

One object per statement (`Stmt` of a camt.053, `Rpt` of a camt.052; the plugin reads camt.054
not at all). The plugin reads only a file's first statement, so each one is handed to its
parser in turn (its `_get_statement_el`): its account id and currency, opening balance (`OPBD`,
else `PRCD`) and closing balance (`CLBD`) with their days, whether opening + lines = closing, and
each line the plugin makes of an `Ntry` (its `_parse_line`, which leaves out entries in another
currency): its booking day (`BookgDt`), value day (`ValDt`), signed amount in minor units (a
string when it is not whole cents) and reference. The plugin has no notion of an entry's status
and makes a line of every `Ntry`; the `Ntry`'s own `Sts` (`BOOK`, `PDNG`, `INFO`; from .08
`Sts/Cd` or `Sts/Prtry`) is added beside it, read here with ElementTree, for the test to tell
booked lines from the rest. A file the plugin cannot read prints `{"error": "..."}`. Used by
Tests/txfeedTests/CAMTDifferentialTests.swift.
"""
import json
import sys
import xml.etree.ElementTree as ET
from decimal import Decimal

from ofxstatement.plugins.iso20022 import Iso20022Parser


def minor(amount):
    cents = Decimal(amount) * 100
    return int(cents) if cents == cents.to_integral_value() else str(amount)


def day(moment):
    return None if moment is None else moment.date().isoformat()


def status(ntry, xmlns):
    sts = ntry.find("s:Sts", xmlns)
    if sts is None:
        return None
    code = sts.find("s:Cd", xmlns)
    if code is None:
        code = sts.find("s:Prtry", xmlns)
    return (code.text if code is not None else sts.text or "").strip()


def statement(path, element):
    parser = Iso20022Parser(path)
    parser._get_statement_el = lambda tree: element  # the plugin's own reading, of this statement
    result = parser.parse()
    lines = []
    for ntry in parser._findall(element, "Ntry"):
        line = parser._parse_line(ntry)
        if line is None:
            continue
        lines.append({
            "booking_date": day(line.date),
            "value_date": day(line.date_user),
            "minor": minor(line.amount),
            "reference": line.refnum,
            "status": status(ntry, parser.xmlns),
        })
    opening, closing = result.start_balance, result.end_balance
    total = sum((Decimal(line.amount) for line in result.lines), Decimal(0))
    return {
        "account": result.account_id,
        "currency": result.currency,
        "opening": None if opening is None else f"{opening:.2f}",
        "opening_date": day(result.start_date),
        "closing": None if closing is None else f"{closing:.2f}",
        "closing_date": day(result.end_date),
        "reconciles": None if opening is None or closing is None else opening + total == closing,
        "lines": lines,
    }


def main():
    path = sys.argv[1]
    try:
        root = ET.parse(path).getroot()
        namespace = root.tag[1:].split("}")[0] if root.tag.startswith("{") else ""
        elements = root.findall("./*/s:Stmt", {"s": namespace}) + root.findall("./*/s:Rpt", {"s": namespace})
        if not elements:  # the plugin's own refusal of anything else (camt.054 among them)
            Iso20022Parser(path).parse()
        statements = [statement(path, element) for element in elements]
    except Exception as error:  # the plugin's own refusal, reported to the test
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return
    print(json.dumps({"statements": statements}))


main()
