"""An MT940/MT942 file as the mt-940 library (PyPI, WoLpH/mt940) reads it, as JSON on stdout.

usage: mt940_read.py FILE [--legacy]

One object per statement (the library's `parse_statements`, which splits at each `:20:`;
`parse` merges a file's statements and keeps only the last one's balances): its opening and
closing balances (final or intermediate, amounts with two decimals), whether opening + entries =
closing (null without both balances), and each `:61:` line's value date, entry date, signed
amount in minor units, currency and bank reference. The library's fixes (`Options.all()`) are
on unless `--legacy` asks for its default, release 5.0.0's output. A file the library cannot
read prints `{"error": "..."}`. Used by Tests/txfeedTests/MT940DifferentialTests.swift.
"""
import json
import sys
from decimal import Decimal

import mt940


def balance(data, *keys):
    for key in keys:
        if key in data:
            return data[key].amount.amount
    return None


def minor(amount):
    cents = amount * 100
    return int(cents) if cents == cents.to_integral_value() else str(amount)


def statement(block):
    lines = []
    for transaction in block:
        data = transaction.data
        entry = data.get("entry_date")
        lines.append({
            "value_date": data["date"].isoformat(),
            "entry_date": entry.isoformat() if entry else None,
            "minor": minor(data["amount"].amount),
            "currency": data["amount"].currency,
            "bank_reference": data.get("bank_reference"),
        })
    opening = balance(block.data, "final_opening_balance", "intermediate_opening_balance")
    closing = balance(block.data, "final_closing_balance", "intermediate_closing_balance")
    total = sum((Decimal(t.data["amount"].amount) for t in block), Decimal(0))
    return {
        "opening": None if opening is None else f"{opening:.2f}",
        "closing": None if closing is None else f"{closing:.2f}",
        "reconciles": None if opening is None or closing is None else opening + total == closing,
        "transactions": lines,
    }


def main():
    options = None if "--legacy" in sys.argv[2:] else mt940.Options.all()
    try:
        blocks = mt940.parse_statements(sys.argv[1], options=options)
    except Exception as error:  # the library's own refusal, reported to the test
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return
    print(json.dumps({"statements": [statement(block) for block in blocks]}))


main()
