#!/usr/bin/env python3
"""Deterministic generator of an OFX 1.02 SGML bank statement with N transactions.

usage: gen_ofx.py N OUT [--seed S]

What a bank's "Download to Quicken/Money" export looks like: the `OFXHEADER:100` block with
`CHARSET:1252`, CRLF line breaks, one `STMTRS` (CHECKING, USD) whose `BANKTRANLIST` holds N
`STMTTRN`s newest first, and `LEDGERBAL`/`AVAILBAL` after them. Leaves have no end tags;
aggregates do. Each transaction has TRNTYPE, DTPOSTED (a day, or a time with `[-5:EST]`),
TRNAMT (signed, two decimals), FITID, NAME (windows-1252 bytes: `Café`, `Müller`, and a bare
`&` as in `AT&T`, which SGML allows), and MEMO on about half, CHECKNUM on some. The ledger
balance is the sum of the amounts. 731,136 transactions are about 106 MB. Same N and seed ->
byte-identical file. Needs only Python 3's standard library.
"""
import argparse
import random
from datetime import datetime, timedelta, timezone

DEBIT = [
    "STARBUCKS STORE #1234", "AMAZON MKTPLACE PMTS", "TESCO STORES 3021", "WHOLE FOODS MARKET",
    "TRADER JOE'S #552", "MCDONALD'S F1234", "UBER *TRIP", "SHELL OIL 57442", "NETFLIX.COM",
    "SPOTIFY USA", "WALMART SUPERCENTER #1234", "TARGET T-0123", "COSTCO WHSE #0481",
    "CVS/PHARMACY #08123", "HOME DEPOT #4711", "Café Zoë", "Müller Bäckerei", "Crème de la Crème",
    "Ñandú Café", "Zürich Versicherung", "AT&T WIRELESS", "PG&E WEB ONLINE", "Ben & Jerry's",
    "CHECKCARD 0901 SAFEWAY #1711", "SQ *BLUE BOTTLE COFFEE", "PAYPAL *EBAY INC",
    "Gym – FitLife", "ATM WITHDRAWAL 0042",
]
CREDIT = ["ACME PAYROLL", "TRANSFER FROM SAVINGS", "INTEREST PAID", "REFUND AMAZON", "Zelle from José Núñez"]
MEMOS = ["POS PURCHASE", "RECURRING PAYMENT", "Coffee and cake", "ONLINE TRANSFER", "DEBIT CARD PURCHASE"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("n", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=20240901)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    newest = datetime(2024, 12, 31, 18, 0, 0, tzinfo=timezone.utc)
    rows = []
    total = 0
    when = newest
    for i in range(args.n):
        when -= timedelta(seconds=rng.randint(0, 600))
        credit = rng.random() < 0.15
        cents = rng.randint(1, 500000 if credit else 30000)
        total += cents if credit else -cents
        rows.append((i, when, credit, cents))
    end = newest.strftime("%Y%m%d")
    start = when.strftime("%Y%m%d")
    out = []
    w = out.append
    w("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\n"
      "CHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n")
    w("<OFX>\r\n<SIGNONMSGSRSV1>\r\n<SONRS>\r\n<STATUS>\r\n<CODE>0\r\n<SEVERITY>INFO\r\n</STATUS>\r\n"
      f"<DTSERVER>{end}180000[-5:EST]\r\n<LANGUAGE>ENG\r\n</SONRS>\r\n</SIGNONMSGSRSV1>\r\n"
      "<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n<TRNUID>1001\r\n<STATUS>\r\n<CODE>0\r\n<SEVERITY>INFO\r\n</STATUS>\r\n"
      "<STMTRS>\r\n<CURDEF>USD\r\n<BANKACCTFROM>\r\n<BANKID>121000248\r\n<ACCTID>1234567890\r\n"
      f"<ACCTTYPE>CHECKING\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n<DTSTART>{start}\r\n<DTEND>{end}\r\n")
    with open(args.out, "wb") as f:
        f.write("".join(out).encode("cp1252"))
        chunk = []
        for i, when, credit, cents in rows:
            name = rng.choice(CREDIT if credit else DEBIT)
            if rng.random() < 0.6:
                posted = when.strftime("%Y%m%d")
            else:
                posted = (when - timedelta(hours=5)).strftime("%Y%m%d%H%M%S") + "[-5:EST]"
            amount = ("" if credit else "-") + f"{cents // 100}.{cents % 100:02d}"
            t = [f"<STMTTRN>\r\n<TRNTYPE>{'CREDIT' if credit else 'DEBIT'}\r\n<DTPOSTED>{posted}\r\n"
                 f"<TRNAMT>{amount}\r\n<FITID>{when.strftime('%Y%m%d')}{i:08d}\r\n"]
            if not credit and rng.random() < 0.05:
                t.append(f"<CHECKNUM>{1000 + i % 9000}\r\n")
            t.append(f"<NAME>{name}\r\n")
            if rng.random() < 0.5:
                t.append(f"<MEMO>{rng.choice(MEMOS)}\r\n")
            t.append("</STMTTRN>\r\n")
            chunk.append("".join(t))
            if len(chunk) >= 10000:
                f.write("".join(chunk).encode("cp1252"))
                chunk = []
        f.write("".join(chunk).encode("cp1252"))
        balance = f"{'-' if total < 0 else ''}{abs(total) // 100}.{abs(total) % 100:02d}"
        f.write(("</BANKTRANLIST>\r\n<LEDGERBAL>\r\n"
                 f"<BALAMT>{balance}\r\n<DTASOF>{end}180000[-5:EST]\r\n</LEDGERBAL>\r\n"
                 f"<AVAILBAL>\r\n<BALAMT>{balance}\r\n<DTASOF>{end}180000[-5:EST]\r\n</AVAILBAL>\r\n"
                 "</STMTRS>\r\n</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n</OFX>\r\n").encode("cp1252"))


if __name__ == "__main__":
    main()
