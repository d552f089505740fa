#!/usr/bin/env python3
"""Prints the facts README.md states about the camt fixtures, computed without txfeed: the XML
with xml.etree, money with decimal. Run from this folder: python3 expected_facts.py FILE..."""
import sys
import xml.etree.ElementTree as ET
from decimal import Decimal


def local(tag):
    return tag.rsplit("}", 1)[-1]


def child(element, *path):
    """The first descendant along `path` of local names, or None."""
    for name in path:
        if element is None:
            return None
        element = next((c for c in element if local(c.tag) == name), None)
    return element


def text(element, *path):
    found = child(element, *path)
    return found.text.strip() if found is not None and found.text else None


def signed(amount, indicator):
    value = Decimal(amount)
    return -value if indicator == "DBIT" else value


def statement_facts(index, stmt):
    iban = text(stmt, "Acct", "Id", "IBAN") or text(stmt, "Acct", "Id", "Othr", "Id")
    balances = {}
    for bal in (c for c in stmt if local(c.tag) == "Bal"):
        code = text(bal, "Tp", "CdOrPrtry", "Cd")
        balances.setdefault(code, signed(text(bal, "Amt"), text(bal, "CdtDbtInd")))
    rows, booked, pending, info = [], Decimal(0), 0, 0
    for ntry in (c for c in stmt if local(c.tag) == "Ntry"):
        status = text(ntry, "Sts") or text(ntry, "Sts", "Cd")
        amount = signed(text(ntry, "Amt"), text(ntry, "CdtDbtInd"))
        if status == "INFO":
            info += 1
            continue
        if status == "PDNG":
            pending += 1
        else:
            booked += amount
        day = (text(ntry, "BookgDt", "Dt") or text(ntry, "BookgDt", "DtTm") or text(ntry, "ValDt", "Dt"))[:10]
        ref = text(ntry, "AcctSvcrRef") or text(ntry, "NtryRef")
        e2e = text(ntry, "NtryDtls", "TxDtls", "Refs", "EndToEndId")
        rows.append((day, int(amount * 100), ref or (e2e if e2e != "NOTPROVIDED" else None), status))
    opening = balances.get("OPBD", balances.get("PRCD"))
    closing = balances.get("CLBD")
    print(f"Stmt[{index}] {iban}: {len(rows)} rows ({pending} pending, {info} INFO skipped), "
          f"signed sum of amount_minor {sum(r[1] for r in rows)}, booked {booked}")
    print(f"  opening {opening} + booked {booked} = {opening + booked}, closing {closing}: "
          f"{'reconciles' if opening + booked == closing else 'does NOT reconcile'}")
    for day, minor, ref, status in rows:
        print(f"  {day} {minor:>8} {ref} {status}")


for path in sys.argv[1:]:
    print(path)
    root = ET.parse(path).getroot()
    statements = [e for e in root.iter() if local(e.tag) in ("Stmt", "Rpt", "Ntfctn")]
    for index, stmt in enumerate(statements):
        statement_facts(index, stmt)
