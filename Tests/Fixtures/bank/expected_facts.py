#!/usr/bin/env python3
"""Reads the bank fixtures back, on its own (csv module + decimal, nothing from make_fixtures.py),
and prints the facts table of README.md: transactions, rejects, signed sum in minor units per
currency, first and last day. Tests/txfeedTests/BankCSVTests.swift expects the same numbers from txfeed.

usage: python3 Tests/Fixtures/bank/expected_facts.py
"""
import csv
import io
import os
import re
from collections import defaultdict
from datetime import datetime
from decimal import Decimal

FOLDER = os.path.dirname(os.path.abspath(__file__))

# How a person reading each file would read it: the facts follow from this and the bytes.
FILES = [
    dict(name="sparkasse-giro.csv", encoding="cp1252", delimiter=";", header_line=5, date=0,
         date_format="%d.%m.%y", amount="Betrag", currency="Währung", style="german",
         exercises="windows-1252, `;`, all quoted, `-1.250,00`, `dd.mm.yy`, 4 preamble lines, "
                   "running Saldo, trailing `Kontostand` row"),
    dict(name="us-card.csv", encoding="utf-8", delimiter=",", header_line=1, date=0,
         date_format="%m/%d/%Y", amount="Amount", style="plain",
         exercises="trailing empty column, `MM/DD/YYYY`, signed amounts, DEBIT/CREDIT `Details`, "
                   "quoted `,` and `\"\"` in descriptions"),
    dict(name="uk-current.csv", encoding="utf-8", delimiter=",", header_line=4, date=0,
         date_format="%d %b %Y", debit="Paid out", credit="Paid in", style="pounds",
         exercises="3 preamble lines, `02 Jan 2024`, `£1,234.56`, Paid out / Paid in"),
    dict(name="utf16-export.csv", encoding="utf-16", delimiter="\t", header_line=1, date=0,
         date_format="%Y-%m-%d", amount="Amount", currency="Currency", style="plain",
         exercises="UTF-16LE with BOM, tab, ISO dates, signed amounts, a non-BMP vendor"),
    dict(name="ambiguous-dates.csv", encoding="utf-8", delimiter=",", header_line=1, date=0,
         date_format="%d/%m/%Y", amount="Amount", style="plain", ambiguous=True,
         exercises="every day and month ≤ 12: fails naming `date-format`; facts as read with "
                   "`date-format=%d/%m/%Y`"),
    dict(name="bad-rows.csv", encoding="utf-8", delimiter=",", header_line=1, date=0,
         date_format="%Y-%m-%d", amount="Amount", currency="Currency", style="plain",
         exercises="a short row and an amount `1,23,4`: 2 rejects, the rest imported"),
]


def parse_amount(text, style):
    """The cell as an exact Decimal, or ValueError. Grouping must be in threes, as the plugin checks."""
    text = text.strip()
    if style == "german":
        match = re.fullmatch(r"(-?)(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})", text)
    elif style == "pounds":
        match = re.fullmatch(r"(-?)£(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})", text)
    else:
        match = re.fullmatch(r"(-?)(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})", text)
    if not match:
        raise ValueError(f"not an amount: {text!r}")
    sign, whole, cents = match.groups()
    value = Decimal(re.sub(r"[.,]", "", whole) + "." + cents)
    return -value if sign else value


def facts(spec):
    with open(os.path.join(FOLDER, spec["name"]), "rb") as f:
        text = f.read().decode(spec["encoding"])  # "utf-16" takes the BOM off
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=spec["delimiter"]))
    lines = text.splitlines()
    assert all('"' not in line or line.count('"') % 2 == 0 for line in lines), "no record spans lines"
    header = rows[spec["header_line"] - 1]
    sums, days, rejects, trailing = defaultdict(int), [], [], []
    for number, row in enumerate(rows[spec["header_line"]:], start=spec["header_line"] + 1):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < len(header):
            rejects.append(number)
            continue
        cells = dict(zip(header, row))
        try:
            day = datetime.strptime(row[spec["date"]], spec["date_format"]).date()
        except ValueError:
            assert number == len(lines), f"{spec['name']} line {number}: only the last row may be a summary"
            trailing.append(number)
            continue
        try:
            if "amount" in spec:
                amount = parse_amount(cells[spec["amount"]], spec["style"])
            else:
                out, into = cells[spec["debit"]].strip(), cells[spec["credit"]].strip()
                assert bool(out) != bool(into), f"line {number}: exactly one of paid out / paid in"
                amount = parse_amount(into, spec["style"]) if into else -parse_amount(out, spec["style"])
        except ValueError:
            rejects.append(number)
            continue
        currency = cells[spec["currency"]] if "currency" in spec else "(none)"
        sums[currency] += int(amount * 100)
        days.append(day)
        if spec.get("ambiguous"):
            assert day.day <= 12 and day.month <= 12, "an ambiguous file has no day above 12"
    if "Saldo" in header:  # the running balance must add up, row after row
        saldo = [parse_amount(r[header.index("Saldo")], "german") for r in rows[spec["header_line"]:] if r]
        betrag = [parse_amount(r[header.index("Betrag")], "german") for r in rows[spec["header_line"]:-1] if r]
        for before, amount, after in zip(saldo, betrag[1:], saldo[1:]):
            assert before + amount == after, "Saldo is a running balance"
    return dict(count=len(days), rejects=rejects, trailing=trailing, sums=dict(sums),
                first=min(days), last=max(days))


def show(day):
    return f"{day.isoformat()} ({day.strftime('%a, %b %d')})"


def main():
    print("| file | exercises | transactions | rejects | signed sum (minor units) | first day | last day |")
    print("|---|---|---:|---|---|---|---|")
    for spec in FILES:
        found = facts(spec)
        rejects = ", ".join(f"`line {n}`" for n in found["rejects"]) or "0"
        if found["rejects"]:
            rejects = f"{len(found['rejects'])}: {rejects}"
        sums = ", ".join(f"{currency} {total}" for currency, total in found["sums"].items())
        extra = f"; trailing row on line {found['trailing'][0]} not imported" if found["trailing"] else ""
        print(f"| `{spec['name']}` | {spec['exercises']}{extra} | {found['count']} | {rejects} | {sums} | "
              f"{show(found['first'])} | {show(found['last'])} |")


if __name__ == "__main__":
    main()
