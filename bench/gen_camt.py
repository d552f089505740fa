#!/usr/bin/env python3
"""Deterministic generator of a camt.053.001.02 statement with N entries, for bin/bench.

usage: gen_camt.py N OUT [--seed S]

One Stmt of one EUR account, pretty-printed as banks send it: OPBD and CLBD balances that
reconcile exactly with the booked entries, every entry booked (BOOK) with a BookgDt and ValDt
day, an AcctSvcrRef, bank transaction codes, an EndToEndId, both parties with names and IBANs,
two Ustrd lines and an AddtlNtryInf: about 1.2 KB an entry, 100,000 entries about 120 MB.
Amounts in [0.01, 2500.00] with two decimals, summed with integers (cents), never floats.
Same N and seed -> byte-identical file. Needs only Python 3's standard library.
"""
import argparse
import random
from xml.sax.saxutils import escape
from datetime import date, timedelta

from parties import PAYEES, PAYERS
OWN_IBAN = "DE89370400440532013000"


def iban(rng):
    return "DE" + "".join(rng.choice("0123456789") for _ in range(20))


def amount_text(cents):
    return f"{cents // 100}.{cents % 100:02d}"


def entry(rng, n, day):
    debit = rng.random() < 0.7
    cents = rng.randint(1, 250000)
    indicator = "DBIT" if debit else "CRDT"
    other = rng.choice(PAYEES if debit else PAYERS)
    debtor, creditor = ("Muster Handel GmbH", other) if debit else (other, "Muster Handel GmbH")
    debtor_iban, creditor_iban = (OWN_IBAN, iban(rng)) if debit else (iban(rng), OWN_IBAN)
    family = "ICDT" if debit else "RCDT"
    text = f"""      <Ntry>
        <Amt Ccy="EUR">{amount_text(cents)}</Amt>
        <CdtDbtInd>{indicator}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>{day.isoformat()}</Dt></BookgDt>
        <ValDt><Dt>{day.isoformat()}</Dt></ValDt>
        <AcctSvcrRef>{day.strftime('%Y%m%d')}{n:08d}</AcctSvcrRef>
        <BkTxCd>
          <Domn><Cd>PMNT</Cd><Fmly><Cd>{family}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn>
        </BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <MsgId>MSG-{n:010d}</MsgId>
              <EndToEndId>E2E-{rng.randint(10**9, 10**10 - 1)}</EndToEndId>
            </Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">{amount_text(cents)}</Amt></TxAmt></AmtDtls>
            <RltdPties>
              <Dbtr><Nm>{escape(debtor)}</Nm></Dbtr>
              <DbtrAcct><Id><IBAN>{debtor_iban}</IBAN></Id></DbtrAcct>
              <Cdtr><Nm>{escape(creditor)}</Nm></Cdtr>
              <CdtrAcct><Id><IBAN>{creditor_iban}</IBAN></Id></CdtrAcct>
            </RltdPties>
            <RmtInf>
              <Ustrd>Rechnung {rng.randint(1000, 99999)}/{day.year} Kunde {rng.randint(100000, 999999)}</Ustrd>
              <Ustrd>Danke fuer Ihren Einkauf, Beleg {rng.randint(10**7, 10**8 - 1)}</Ustrd>
            </RmtInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>SEPA {'Ueberweisung' if debit else 'Gutschrift'}</AddtlNtryInf>
      </Ntry>
"""
    return text, (-cents if debit else cents)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=20240301)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    first = date(2024, 1, 1)
    entries, total = [], 0
    for n in range(args.count):
        text, cents = entry(rng, n, first + timedelta(days=n * 365 // max(args.count, 1)))
        entries.append(text)
        total += cents
    opening = 5_000_000_00
    closing = opening + total

    def balance(code, cents, day):
        indicator = "DBIT" if cents < 0 else "CRDT"
        return f"""      <Bal>
        <Tp><CdOrPrtry><Cd>{code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="EUR">{amount_text(abs(cents))}</Amt>
        <CdtDbtInd>{indicator}</CdtDbtInd>
        <Dt><Dt>{day}</Dt></Dt>
      </Bal>
"""

    with open(args.out, "w", encoding="utf-8") as out:
        out.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-{args.count}</MsgId><CreDtTm>2025-01-01T06:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-STMT-1</Id>
      <FrToDt><FrDtTm>2024-01-01T00:00:00+01:00</FrDtTm><ToDtTm>2024-12-31T23:59:59+01:00</ToDtTm></FrToDt>
      <Acct><Id><IBAN>{OWN_IBAN}</IBAN></Id><Ccy>EUR</Ccy><Nm>Geschaeftskonto</Nm></Acct>
""")
        out.write(balance("OPBD", opening, "2023-12-31"))
        out.write(balance("CLBD", closing, "2024-12-31"))
        for text in entries:
            out.write(text)
        out.write("    </Stmt>\n  </BkToCstmrStmt>\n</Document>\n")


if __name__ == "__main__":
    main()
