#!/usr/bin/env python3
"""Writes the bank-shaped CSV fixtures in this folder, byte for byte the same on every run.

usage: python3 Tests/Fixtures/bank/make_fixtures.py [FOLDER]   (default: this script's folder)

Every name, number and account below is made up for the repository; none is customer data.
The files are written from Python on purpose: two of them are not UTF-8 (windows-1252 and
UTF-16LE with a BOM), which an editor would silently "fix". expected_facts.py reads them back
on its own and prints the table in README.md.
"""
import os
import sys
from decimal import Decimal


def german(amount):
    """-1250.00 as the Sparkasse writes it: "-1.250,00" (thousands '.', decimal ',')."""
    sign = "-" if amount < 0 else ""
    whole, cents = f"{abs(amount):.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f"{sign}{'.'.join(groups)},{cents}"


def pounds(amount):
    """1234.56 as a UK bank writes it: "£1,234.56"; None is an empty cell."""
    return "" if amount is None else f"£{amount:,.2f}"


def quoted_all(fields, separator=";"):
    return separator.join('"' + f.replace('"', '""') + '"' for f in fields)


def sparkasse_giro():
    """windows-1252, ';', every field quoted, decimal comma, dd.mm.yy, 4 preamble lines, a running
    Saldo and a trailing Kontostand row. Oldest first, as the Sparkasse exports a period."""
    opening = Decimal("2345.67")
    rows = [  # Buchungstag, Valutadatum, Buchungstext, Auftraggeber/Empfänger, Verwendungszweck, IBAN, Betrag
        ("02.01.24", "02.01.24", "LASTSCHRIFT", "Stadtwerke Düsseldorf AG", "Abschlag Strom Januar",
         "DE44 3005 0110 0012 3456 78", "-86.00"),
        ("02.01.24", "02.01.24", "KARTENZAHLUNG", "Bäckerei Müller", "girocard 2024-01-02 07:41",
         "DE21 3005 0110 0098 7654 32", "-7.35"),
        ("03.01.24", "03.01.24", "DAUERAUFTRAG", "Wohnungsbau Süd GmbH", "Miete Januar 1.250 €",
         "DE89 3704 0044 0532 0130 00", "-1250.00"),
        ("05.01.24", "05.01.24", "KARTENZAHLUNG", "EDEKA Schäfer", "girocard 2024-01-05 18:02",
         "DE12 3005 0110 0011 2233 44", "-54.17"),
        ("08.01.24", "08.01.24", "GUTSCHRIFT", "Jürgen Weiß", "Anteil Geschenk Oma",
         "DE75 5001 0517 5407 3249 31", "25.00"),
        ("10.01.24", "10.01.24", "LASTSCHRIFT", "Techniker Krankenkasse", "Zusatzbeitrag 01/2024",
         "DE60 2005 0550 1002 0436 73", "-112.40"),
        ("13.01.24", "15.01.24", "KARTENZAHLUNG", "Rewe Markt Köln-Süd", "girocard 2024-01-13 11:20",
         "DE52 3704 0044 0100 2030 40", "-38.92"),
        ("15.01.24", "15.01.24", "GEHALT", "Müller & Söhne KG", "Lohn/Gehalt Januar 2024",
         "DE02 3005 0110 1234 5678 90", "3104.55"),
        ("16.01.24", "16.01.24", "LASTSCHRIFT", "Großhandel Weiß", "Rechnung 2024-0117",
         "DE27 1007 7777 0209 2997 00", "-58.00"),
        ("19.01.24", "19.01.24", "KARTENZAHLUNG", "Apotheke am Stadtgarten", "girocard 2024-01-19 16:55",
         "DE91 1000 0000 0123 4567 89", "-12.49"),
        ("22.01.24", "22.01.24", "ÜBERWEISUNG", "Finanzamt Düsseldorf-Süd", "Steuernr 133/5000/1234 ESt",
         "DE16 3000 0000 0030 0015 00", "-420.00"),
        ("25.01.24", "26.01.24", "GUTSCHRIFT", "Techniker Krankenkasse", "Erstattung Bonusprogramm",
         "DE60 2005 0550 1002 0436 73", "48.60"),
        ("29.01.24", "31.01.24", "ENTGELTABSCHLUSS", "Sparkasse Düsseldorf", "Kontoführung 01/2024",
         "", "-5.90"),
    ]
    lines = [
        quoted_all(["Kontonummer:", "DE12 3005 0110 0123 4567 89"]),
        quoted_all(["Zeitraum:", "01.01.2024 - 31.01.2024"]),
        "",
        quoted_all(["Kontostand vom 31.12.2023:", german(opening) + " EUR"]),
        quoted_all(["Buchungstag", "Valutadatum", "Buchungstext", "Auftraggeber/Empfänger", "Verwendungszweck",
                    "Kontonummer/IBAN", "Betrag", "Währung", "Saldo"]),
    ]
    balance = opening
    for booked, value, kind, payee, purpose, iban, amount in rows:
        balance += Decimal(amount)
        lines.append(quoted_all([booked, value, kind, payee, purpose, iban, german(Decimal(amount)), "EUR",
                                 german(balance)]))
    lines.append(quoted_all(["Kontostand", "", "", "", "", "", "", "EUR", german(balance)]))
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


def us_card():
    """A card export: trailing comma on every line (an empty 8th column), MM/DD/YYYY, signed amounts,
    Details holding only DEBIT/CREDIT, newest first."""
    header = "Transaction Date,Post Date,Description,Category,Type,Amount,Details,"
    rows = [
        "01/28/2024,01/29/2024,NETFLIX.COM,Entertainment,Sale,-15.49,DEBIT,",
        '01/26/2024,01/27/2024,"AMAZON MKTPL*2K4LM0Q81, SEATTLE WA",Shopping,Sale,-45.20,DEBIT,',
        '01/25/2024,01/25/2024,"JOE\'S ""BEST"" BURGERS",Food & Drink,Sale,-23.80,DEBIT,',
        "01/22/2024,01/22/2024,AUTOMATIC PAYMENT - THANK YOU,,Payment,1200.00,CREDIT,",
        "01/20/2024,01/22/2024,SHELL OIL 57444,Gas,Sale,-41.07,DEBIT,",
        "01/18/2024,01/19/2024,AMAZON MKTPL RETURN,Shopping,Return,19.99,CREDIT,",
        "01/16/2024,01/17/2024,TRADER JOE'S #552,Groceries,Sale,-62.13,DEBIT,",
        "01/13/2024,01/15/2024,UBER *TRIP,Travel,Sale,-18.40,DEBIT,",
        "01/11/2024,01/12/2024,SPOTIFY USA,Entertainment,Sale,-10.99,DEBIT,",
        "01/09/2024,01/10/2024,WHOLEFDS MKT 10234,Groceries,Sale,-87.56,DEBIT,",
        "01/06/2024,01/08/2024,STARBUCKS STORE 08812,Food & Drink,Sale,-6.25,DEBIT,",
        "01/05/2024,01/05/2024,ANNUAL MEMBERSHIP FEE,Fees & Adjustments,Fee,-95.00,DEBIT,",
        "01/03/2024,01/04/2024,CVS/PHARMACY #02145,Health & Wellness,Sale,-12.34,DEBIT,",
        "01/02/2024,01/03/2024,PAYPAL *STEAM GAMES,Shopping,Sale,-33.00,DEBIT,",
    ]
    return ("\n".join([header] + rows) + "\n").encode("utf-8")


def uk_current():
    """Three preamble lines, then Paid out / Paid in columns (one empty per row), "02 Jan 2024"
    dates and "£1,234.56" amounts (quoted when they hold a comma)."""
    opening = Decimal("1234.56")
    rows = [  # date, description, paid out, paid in
        ("02 Jan 2024", "TESCO STORES 2041", "45.20", None),
        ("03 Jan 2024", "SALARY ACME LTD", None, "2450.00"),
        ("05 Jan 2024", "DD COUNCIL TAX", "142.00", None),
        ("08 Jan 2024", "CARD PAYMENT PRET A MANGER", "6.85", None),
        ("12 Jan 2024", "SO RENT 14 HIGH ST", "1050.00", None),
        ("15 Jan 2024", "TFL TRAVEL CH", "3.40", None),
        ("17 Jan 2024", "TRANSFER FROM J SMITH", None, "75.00"),
        ("20 Jan 2024", "AMAZON.CO.UK", "19.99", None),
        ("23 Jan 2024", "BRITISH GAS", "88.50", None),
        ("26 Jan 2024", "INTEREST PAID", None, "0.42"),
        ("29 Jan 2024", "SAINSBURYS S/MKT", "54.31", None),
        ("31 Jan 2024", "REFUND ASOS.COM", None, "24.00"),
    ]

    def cell(text):
        return f'"{text}"' if "," in text else text

    lines = ["Account Name:,Everyday", "Account Number:,12-34-56 12345678", "",
             "Date,Description,Paid out,Paid in,Balance"]
    balance = opening
    for day, description, paid_out, paid_in in rows:
        out = Decimal(paid_out) if paid_out else None
        into = Decimal(paid_in) if paid_in else None
        balance += (into or 0) - (out or 0)
        lines.append(",".join([day, description, cell(pounds(out)), cell(pounds(into)), cell(pounds(balance))]))
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def utf16_export():
    """UTF-16LE with a BOM, tab-separated, ISO dates, signed amounts; vendors outside Latin-1 and one
    outside the BMP (a surrogate pair in UTF-16)."""
    rows = [
        ("2024-03-01", "Payroll ACME Corp", "Salary March", "2500.00", "EUR"),
        ("2024-03-02", "Café Zoë", "Card 4411", "-4.50", "EUR"),
        ("2024-03-04", "東京ストア", "Card 4411", "-18.25", "EUR"),
        ("2024-03-05", "Zürich Versicherung", "Policy 88-1203", "-64.90", "EUR"),
        ("2024-03-07", "\U0001F355 Pizza Palace", "Card 4411", "-23.00", "EUR"),
        ("2024-03-11", "Łódź Market", "Card 4411", "-31.75", "EUR"),
        ("2024-03-14", "Refund, Amazon", "Order 302-118", "12.99", "EUR"),
        ("2024-03-18", "Παντοπωλείο Γιώργος", "Card 4411", "-9.80", "EUR"),
        ("2024-03-22", "Rent - 42 Elm St", "Standing order", "-850.00", "EUR"),
        ("2024-03-28", "Interest", "Q1", "0.37", "EUR"),
    ]
    lines = ["\t".join(["Date", "Payee", "Purpose", "Amount", "Currency"])]
    lines += ["\t".join(row) for row in rows]
    return b"\xff\xfe" + ("\r\n".join(lines) + "\r\n").encode("utf-16-le")  # the BOM, then little-endian


def ambiguous_dates():
    """Every date reads as DD/MM and as MM/DD (day and month both ≤ 12)."""
    rows = [
        "01/02/2024,Corner Shop,-3.20",
        "02/03/2024,Rent,-900.00",
        "03/04/2024,Salary,2100.00",
        "04/05/2024,Electricity,-61.30",
        "05/06/2024,Corner Shop,-7.45",
        "06/07/2024,Train ticket,-24.00",
        "07/08/2024,Gift from Ann,50.00",
        "08/09/2024,Bookshop,-15.99",
        "09/10/2024,Internet,-29.99",
        "10/11/2024,Corner Shop,-2.10",
        "11/12/2024,Pharmacy,-8.75",
    ]
    return ("\n".join(["Date,Description,Amount"] + rows) + "\n").encode("utf-8")


def bad_rows():
    """A clean UTF-8 export but for a short row (line 6) and an amount "1,23,4" (line 10)."""
    lines = [
        "Date,Description,Amount,Currency",
        "2024-02-01,Café Zoë,-4.50,EUR",
        "2024-02-02,Payroll ACME Corp,2500.00,EUR",
        "2024-02-05,Müller Drogerie,-12.95,EUR",
        "2024-02-07,Stadtwerke,-86.00,EUR",
        "2024-02-09,Parking",                       # short: 2 of 4 fields
        "2024-02-12,Bookshop,-15.99,EUR",
        "2024-02-14,Flowers,-29.00,EUR",
        "2024-02-16,Transfer from Savings,300.00,EUR",
        '2024-02-19,Hardware store,"1,23,4",EUR',   # thousands separators out of place
        "2024-02-21,Bakery,-3.80,EUR",
        "2024-02-26,Restaurant Zur Linde,-47.60,EUR",
        "2024-02-29,Interest,0.21,EUR",
    ]
    return ("\n".join(lines) + "\n").encode("utf-8")


FIXTURES = {
    "sparkasse-giro.csv": sparkasse_giro,
    "us-card.csv": us_card,
    "uk-current.csv": uk_current,
    "utf16-export.csv": utf16_export,
    "ambiguous-dates.csv": ambiguous_dates,
    "bad-rows.csv": bad_rows,
}


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for name, make in FIXTURES.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(make())


if __name__ == "__main__":
    main()
