"""An OFX/QFX file as ofxparse (PyPI) reads it, as JSON on stdout.

usage: ofxparse_read.py FILE

One object per account: its currency, the statement's ledger balance and its date (null for an
investment statement, whose balance ofxparse does not read), and each transaction's FITID, date
(UTC, as ofxparse converts the file's offset), signed amount in minor units (a string when it is
not whole cents), payee (`NAME`/`PAYEE`; null for an investment transaction) and memo. An
investment transaction's amount is its `TOTAL` and its date `DTTRADE`. A file ofxparse cannot read
prints `{"error": "..."}`. Used by Tests/txfeedTests/OFXDifferentialTests.swift.
"""
import json
import sys
import warnings

from ofxparse import OfxParser

warnings.simplefilter("ignore")  # BeautifulSoup's notes on parsing SGML as HTML


def minor(amount):
    cents = amount * 100
    return int(cents) if cents == cents.to_integral_value() else str(amount)


def utc(moment):
    return None if moment is None else moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def transaction(entry):
    investment = hasattr(entry, "tradeDate")
    return {
        "id": entry.id,
        "date": utc(entry.tradeDate if investment else entry.date),
        "minor": minor(entry.total if investment else entry.amount),
        "payee": None if investment else entry.payee,
        "memo": entry.memo,
    }


def account(item):
    statement = item.statement
    balance = getattr(statement, "balance", None)
    return {
        "id": item.account_id,
        "currency": (statement.currency or "").upper(),
        "balance": None if balance is None else str(balance),
        "balance_date": utc(getattr(statement, "balance_date", None)),
        "transactions": [transaction(entry) for entry in statement.transactions],
    }


def main():
    try:
        with open(sys.argv[1], "rb") as file:
            ofx = OfxParser.parse(file)
    except Exception as error:  # ofxparse's own refusal, reported to the test
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return
    print(json.dumps({"accounts": [account(item) for item in ofx.accounts]}))


main()
