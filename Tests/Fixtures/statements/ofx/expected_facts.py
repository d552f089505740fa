#!/usr/bin/env python3
"""Computes the facts the end-to-end tests expect of each fixture, without txfeed: counts,
signed sums in minor units, FITIDs, dates in UTC, account ids. Prints them as Markdown."""
import re
from datetime import datetime, timedelta, timezone
from decimal import Decimal

FILES = {"bank-102.ofx": "cp1252", "bank-220.ofx": "utf-8", "card.qfx": "cp1252"}


def leaf(block, name):
    m = re.search(r"<" + re.escape(name) + r">([^<\r\n]*)", block)
    return m.group(1).strip() if m else None


def utc(text):
    m = re.fullmatch(r"(\d{8})(?:(\d{6})(?:\.\d+)?)?(?:\[([+-]?)(\d+)(?:\.(\d+))?(?::\w+)?\])?", text)
    day, time, sign, hours, fraction = m.groups()
    if time is None:
        return f"{day[:4]}-{day[4:6]}-{day[6:]}"
    minutes = 0
    if fraction:
        as_hours = Decimal("0." + fraction) * 60
        minutes = int(as_hours) if as_hours % 15 == 0 else int(fraction)
    offset = timedelta(hours=int(hours or 0), minutes=minutes) * (-1 if sign == "-" else 1)
    local = datetime.strptime(day + time, "%Y%m%d%H%M%S").replace(tzinfo=timezone(offset))
    return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def facts(name, encoding):
    text = open(name, encoding=encoding).read()
    rows = re.findall(r"<STMTTRN>(.*?)</STMTTRN>", text, re.S)
    minor = [int(Decimal(leaf(r, "TRNAMT")) * 100) for r in rows]
    print(f"### {name}\n")
    print(f"- account id: {leaf(text, 'ACCTID')}, currency {leaf(text, 'CURDEF')}, "
          f"ledger balance {leaf(text, 'BALAMT')}")
    print(f"- transactions: {len(rows)}; signed sum of amount_minor: {sum(minor)}")
    print("- FITID → date (UTC) → amount_minor:")
    for r, m in zip(rows, minor):
        print(f"  - {leaf(r, 'FITID')} → {utc(leaf(r, 'DTPOSTED'))} → {m}")
    print()


if __name__ == "__main__":
    for name, encoding in FILES.items():
        facts(name, encoding)
