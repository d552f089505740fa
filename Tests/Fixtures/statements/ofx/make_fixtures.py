#!/usr/bin/env python3
"""Writes the OFX fixtures: made-up statements, no real data. Run from this folder.

bank-102.ofx is windows-1252 (its CHARSET:1252 header says so), which is why it is generated:
an editor would save it as UTF-8. The truncated and garbled copies are derived from it.
"""

SGML_HEADER = """OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

"""

# (TRNTYPE, DTPOSTED, TRNAMT, FITID, payee lines)
BANK_102 = [
    ("DEBIT", "20240102120000[-5:EST]", "-12.50", "202401020001", "<NAME>Café Müller\n<MEMO>Coffee and cake"),
    ("CREDIT", "20240103090000[-5:EST]", "+2500.00", "202401030001", "<NAME>ACME PAYROLL\n<MEMO>Salary January"),
    ("DEBIT", "20240105", "-45.20", "202401050001", "<NAME>Tom & Jerry's Diner"),
    ("DEBIT", "20240108233000[-5:EST]", "-120.00", "202401080001",
     "<PAYEE><NAME>Grüne Energie AG\n<ADDR1>1 Main St\n<CITY>Springfield\n<STATE>IL\n<POSTALCODE>62701\n</PAYEE>\n<MEMO>Power bill"),
    ("DEBIT", "20240110101500.000[-5:EST]", "-.99", "202401100001", "<NAME>APP STORE\n<MEMO>APP STORE"),
    ("POS", "20240112180000[-5:EST]", "-64.75", "202401120001", "<NAME>Crème Brûlée Bakery"),
    ("CHECK", "20240115120000[-5:EST]", "-800.00", "202401150001", "<MEMO>Check 1042 rent"),
    ("DEBIT", "20240118071000[-5:EST]", "-9.99", "202401180001", "<NAME>STREAMFLIX"),
    ("DEP", "20240120120000[-5:EST]", "150", "202401200001", "<NAME>Mobile deposit"),
    ("DEBIT", "20240124211500[-5:EST]", "-33.40", "202401240001", "<NAME>Züri Pizza"),
    ("DEBIT", "20240129120000[-5:EST]", "-18.00", "202401290001", "<NAME>City Parking"),
    ("INT", "20240131120000[-5:EST]", "0.42", "202401310001", "<NAME>Interest paid"),
]

BANK_220 = [
    ("DEBIT", "20240301083000.250[-5:EST]", "-23.45", "S240301A", "<NAME>GROCERY &amp; MORE</NAME>"),
    ("CREDIT", "20240301", "1000.00", "S240301B", "<NAME>TRANSFER FROM CHECKING</NAME>"),
    ("DEBIT", "20240305120000", "-5.00", "S240305A", "<NAME>MONTHLY FEE</NAME><MEMO>Service charge</MEMO>"),
    ("DEBIT", "20240310140000[+5.45:NPT]", "-75.10", "S240310A", "<NAME>Kathmandu Treks</NAME>"),
    ("CREDIT", "20240315000000[0:GMT]", "2.15", "S240315A", "<NAME>INTEREST</NAME>"),
    ("DEBIT", "20240320093000[5.75]", "-12.00", "S240320A", "<PAYEE><NAME>Everest Tea House</NAME>"
     "<ADDR1>Thamel</ADDR1><CITY>Kathmandu</CITY><STATE>BA</STATE><POSTALCODE>44600</POSTALCODE>"
     "<PHONE>0</PHONE></PAYEE>"),
    ("DEBIT", "20240325160000[-8:PST]", "-250.00", "S240325A", "<NAME>Insurance Co</NAME><MEMO>Policy 77</MEMO>"),
    ("CREDIT", "20240328", "300.00", "S240328A", "<NAME>Refund</NAME>"),
]

CARD = [
    ("DEBIT", "20240402120000[-8:PST]", "-54.99", "C0402001", "<NAME>ONLINE BOOKS*8HT2"),
    ("DEBIT", "20240404193000[-8:PST]", "-120.37", "C0404001", "<NAME>HARBOR GRILL\n<MEMO>Dinner"),
    ("CREDIT", "20240410", "500.00", "C0410001", "<NAME>PAYMENT - THANK YOU"),
    ("DEBIT", "20240415080000[-8:PST]", "-3.50", "C0415001", "<NAME>Parking Meter"),
    ("DEBIT", "20240420120000[-7:PDT]", "-89.00", "C0420001", "<NAME>Café Lumière"),
    ("CREDIT", "20240425120000[-7:PDT]", "15.00", "C0425001", "<NAME>Refund ONLINE BOOKS"),
]


def sgml_transactions(rows):
    out = []
    for kind, posted, amount, fitid, payee in rows:
        out.append(f"<STMTTRN>\n<TRNTYPE>{kind}\n<DTPOSTED>{posted}\n<TRNAMT>{amount}\n<FITID>{fitid}\n{payee}\n</STMTTRN>\n")
    return "".join(out)


def bank_102():
    return SGML_HEADER + f"""<OFX>
<SIGNONMSGSRSV1>
<SONRS>
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<DTSERVER>20240201120000[-5:EST]
<LANGUAGE>ENG
</SONRS>
</SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1001
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<STMTRS>
<CURDEF>USD
<BANKACCTFROM>
<BANKID>121000248
<ACCTID>1234567890
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20240101
<DTEND>20240131
{sgml_transactions(BANK_102)}</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>1925.56
<DTASOF>20240131120000[-5:EST]
</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
"""


def bank_220():
    rows = "".join(
        f"<STMTTRN><TRNTYPE>{k}</TRNTYPE><DTPOSTED>{p}</DTPOSTED><TRNAMT>{a}</TRNAMT><FITID>{f}</FITID>{n}</STMTTRN>\n"
        for k, p, a, f, n in BANK_220)
    return f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
    <DTSERVER>20240401000000</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>2002</TRNUID>
      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
      <STMTRS>
        <CURDEF>EUR</CURDEF>
        <BANKACCTFROM><BANKID>50010517</BANKID><ACCTID>DE89370400440532013000</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>20240301</DTSTART><DTEND>20240331</DTEND>
{rows}        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>8934.60</BALAMT><DTASOF>20240331</DTASOF></LEDGERBAL>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>
"""


def card_qfx():
    header = SGML_HEADER
    return header + f"""<OFX>
<SIGNONMSGSRSV1>
<SONRS>
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<DTSERVER>20240501120000[-7:PDT]
<LANGUAGE>ENG
<FI>
<ORG>Example Card
<FID>3000
</FI>
<INTU.BID>3000
<INTU.USERID>demo
</SONRS>
</SIGNONMSGSRSV1>
<CREDITCARDMSGSRSV1>
<CCSTMTTRNRS>
<TRNUID>0
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<CCSTMTRS>
<CURDEF>USD
<CCACCTFROM>
<ACCTID>4111111111111111
</CCACCTFROM>
<BANKTRANLIST>
<DTSTART>20240401120000[-8:PST]
<DTEND>20240430120000[-7:PDT]
{sgml_transactions(CARD)}</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>-1532.86
<DTASOF>20240430120000[-7:PDT]
</LEDGERBAL>
</CCSTMTRS>
</CCSTMTTRNRS>
</CREDITCARDMSGSRSV1>
</OFX>
"""


def main():
    bank = bank_102().replace("\n", "\r\n").encode("cp1252")
    with open("bank-102.ofx", "wb") as f:
        f.write(bank)
    with open("bank-220.ofx", "w", encoding="utf-8") as f:
        f.write(bank_220())
    with open("card.qfx", "wb") as f:
        f.write(card_qfx().replace("\n", "\r\n").encode("cp1252"))
    # Cut inside the seventh transaction: after "<TRNAMT>-800.00".
    cut = bank.index(b"<TRNAMT>-800.00") + len(b"<TRNAMT>-800.00")
    with open("bank-102-truncated.ofx", "wb") as f:
        f.write(bank[:cut])
    # Line noise over the tenth transaction's end: a stray end tag no element opened.
    start = bank.index(b"<NAME>Z")
    end = bank.index(b"</STMTTRN>", start) + len(b"</STMTTRN>")
    with open("bank-102-garbled.ofx", "wb") as f:
        f.write(bank[:start] + b"\x7f\x1b[2J #@!%</STMTTRX>~~ \x00 <<>>" + bank[end:])


if __name__ == "__main__":
    main()
