#!/usr/bin/env python3
"""Deterministic generator of an MT940 file with N statement lines (`:61:`), for bin/bench.

usage: gen_mt940.py N OUT [--seed S]

What a German bank's online banking exports as a `.sta` file: windows-1252, CRLF, no SWIFT
block headers, one EUR account, a statement a day of 2024 (`:20:`, `:25:` BLZ/account,
`:28C:` number, `:60F:`/`:62F:` balances that reconcile exactly, `:64:`), N `:61:` lines
spread over the days, each with entry date, funds code `R`, bank reference and a `:86:` in
the ZKA's structured subfields: a Geschaeftsvorfallcode, `?00` booking text, `?10` primanota,
`?20`-`?29` a SEPA purpose (`EREF+` … `SVWZ+` …) in 27-character slices, `?30` BIC, `?31`
IBAN, `?32`/`?33` the payee (umlauts in windows-1252), lines cut at 65 characters as banks
cut them. About 230 bytes a line: 100,000 lines are 22.7 MB. Amounts in [0.01, 2500.00],
summed with integers (cents), never floats. Same N and seed -> byte-identical file. Needs only
Python 3's standard library.
"""
import argparse
import random
from datetime import date, timedelta

from parties import PAYEES, PAYERS
ACCOUNT = "37040044/0532013000"


def amount_text(cents):
    return f"{cents // 100},{cents % 100:02d}"


def iban(rng):
    return "DE" + "".join(rng.choice("0123456789") for _ in range(20))


def cut(text, width=65):
    """A field's text as the bank writes it: lines of at most `width` characters."""
    return [text[i:i + width] for i in range(0, len(text), width)] or [""]


def details(rng, n, day, debit, other):
    code, booking = ("106", "SEPA-LASTSCHRIFT") if debit else ("166", "SEPA-GUTSCHRIFT")
    purpose = (f"EREF+{day.strftime('%Y%m%d')}{n:08d} SVWZ+Rechnung {rng.randint(1000, 99999)}/{day.year} "
               f"Kunde {rng.randint(100000, 999999)} Danke")
    parts = [f"{code}?00{booking}?10{rng.randint(900, 9999)}"]
    for i, start in enumerate(range(0, len(purpose), 27)):
        parts.append(f"?{20 + i}{purpose[start:start + 27]}")
    parts.append(f"?30COBADEFFXXX?31{iban(rng)}?32{other[:27]}")
    if len(other) > 27:
        parts.append(f"?33{other[27:54]}")
    return cut("".join(parts))


def statement_line(rng, n, day):
    debit = rng.random() < 0.7
    cents = rng.randint(1, 250000)
    other = rng.choice(PAYEES if debit else PAYERS)
    head = (f":61:{day.strftime('%y%m%d%m%d')}{'D' if debit else 'C'}R{amount_text(cents)}"
            f"N{'DDT' if debit else 'TRF'}NONREF//{day.strftime('%Y%m%d')}{n:08d}")
    lines = [head] + [(":86:" if i == 0 else "") + text for i, text in enumerate(details(rng, n, day, debit, other))]
    return lines, (-cents if debit else cents)


def balance(tag, cents, day):
    return f":{tag}:{'D' if cents < 0 else 'C'}{day.strftime('%y%m%d')}EUR{amount_text(abs(cents))}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=20240301)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    first = date(2024, 1, 1)
    days = min(366, max(args.count, 1))
    balance_cents = 5_000_000_00
    n = 0
    with open(args.out, "w", encoding="cp1252", newline="\r\n") as out:
        for number in range(days):
            day = first + timedelta(days=number)
            lines = [f":20:STARTUMS{number + 1:05d}", f":25:{ACCOUNT}", f":28C:{number + 1:05d}/001",
                     balance("60F", balance_cents, day - timedelta(days=1))]
            for _ in range(args.count * (number + 1) // days - n):
                entry, cents = statement_line(rng, n, day)
                lines += entry
                balance_cents += cents
                n += 1
            lines += [balance("62F", balance_cents, day), balance("64", balance_cents, day), "-"]
            out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
