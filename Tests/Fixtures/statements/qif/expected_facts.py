#!/usr/bin/env python3
"""Prints each fixture's facts as README.md lists them, computed without txfeed: a plain
reading of the records (split on ^), dates by the format the README states, amounts exact."""
from datetime import datetime
from decimal import Decimal

FILES = [
    ("checking.qif", "utf-8", lambda d: datetime.strptime(d.replace(" ", "").replace("'", "/20"), "%m/%d/%Y"), "."),
    ("card.qif", "windows-1252", lambda d: datetime.strptime(d, "%d.%m.%Y"), ","),
    ("ambiguous.qif", "utf-8", lambda d: datetime.strptime(d, "%d/%m/%Y"), "."),
]


def amount(text, mark):
    group = "," if mark == "." else "."
    return Decimal(text.replace(group, "").replace(mark, "."))


for name, encoding, date, mark in FILES:
    text = open(name, encoding=encoding, newline="").read().replace("\r\n", "\n")
    block = text[text.index("!Type:Bank") if "!Type:Bank" in text else text.index("!Type:CCard"):]
    records = [r for r in block.split("^\n")[0:] if any(l.startswith("D") for l in r.splitlines())]
    days, total = [], 0
    for record in records:
        fields = {}
        for line in record.splitlines():
            if line and line[0] not in fields:
                fields[line[0]] = line[1:]
        days.append(date(fields["D"]).strftime("%Y-%m-%d"))
        total += int(amount(fields["T"], mark) * 100)
    print(f"{name}: {len(records)} records, sum {total} minor units, {min(days)} … {max(days)}")
