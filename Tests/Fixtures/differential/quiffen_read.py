"""A QIF file as quiffen (PyPI, isaacharrisholt/quiffen) reads it, as JSON on stdout.

usage: quiffen_read.py FILE [--day-first] [--encoding NAME]

One object per account quiffen finds (its `!Account` name, else "Quiffen Default Account"):
each transaction of its bank, card, cash and other-asset/liability blocks (`!Type:Invst` is left
out: txfeed skips it) with its date (ISO, from dateutil, month first unless `--day-first`),
signed amount in minor units (a string when it is not whole cents), check number (`N`, as
quiffen keeps it: an int for digits, else the text), payee and the number of splits; and the
account's total, the sum of those amounts. The file is decoded as `--encoding` (default UTF-8)
and split into lines on LF, CRLF or CR. A file quiffen cannot read prints `{"error": "..."}`.
Used by Tests/txfeedTests/QIFDifferentialTests.swift.
"""
import json
import sys
from decimal import Decimal
from pathlib import Path

import quiffen


def minor(amount):
    cents = Decimal(amount) * 100
    return int(cents) if cents == cents.to_integral_value() else str(amount)


def transaction(entry):
    return {
        "date": entry.date.date().isoformat(),
        "minor": minor(entry.amount),
        "check_number": entry.check_number,
        "payee": entry.payee,
        "splits": len(entry.splits or []),
    }


def account(item):
    lines = []
    total = Decimal(0)
    for kind, entries in item.transactions.items():
        if str(getattr(kind, "value", kind)) == "Invst":
            continue
        for entry in entries:
            lines.append(transaction(entry))
            total += Decimal(entry.amount)
    return {"name": item.name, "total": minor(total), "transactions": lines}


def main():
    arguments = sys.argv[1:]
    path = arguments[0]
    day_first = "--day-first" in arguments
    encoding = arguments[arguments.index("--encoding") + 1] if "--encoding" in arguments else "utf-8"
    try:
        text = Path(path).read_bytes().decode(encoding)
        text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
        qif = quiffen.Qif.parse_string(text.strip("\n"), day_first=day_first)
    except Exception as error:  # quiffen's own refusal, reported to the test
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return
    print(json.dumps({"accounts": [account(item) for item in qif.accounts.values()]}, default=str))


main()
