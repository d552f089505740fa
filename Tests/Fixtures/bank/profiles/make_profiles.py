#!/usr/bin/env python3
"""Writes one export per built-in bank profile, in that bank's layout (header, order, quoting,
date and number style, encoding), byte for byte the same on every run. Every name, number and
amount is made up; where the layout has a running balance, it follows from the amounts.

    python3 Tests/Fixtures/bank/profiles/make_profiles.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, text, encoding="utf-8", bom=False, newline="\r\n"):
    data = text.strip("\n").replace("\n", newline) + newline
    raw = data.encode(encoding)
    if bom:
        raw = b"\xef\xbb\xbf" + raw
    with open(os.path.join(HERE, name + ".csv"), "wb") as f:
        f.write(raw)


# American Express (US), "include additional transaction details": charges positive,
# payments and credits negative; an address cell spans two lines.
write("amex-us", '''
Date,Description,Card Member,Account #,Amount,Extended Details,Appears On Your Statement As,Address,City/State,Zip Code,Country,Reference,Category
01/28/2024,UBER TRIP,JANE Q DOE,-41004,23.17,"UBER *TRIP HELP.UBER.COM CA",UBER *TRIP,"1455 MARKET ST",SAN FRANCISCO CA,94103,UNITED STATES,'320240280123456789',Transportation-Taxis & Coach
01/25/2024,AUTOPAY PAYMENT - THANK YOU,JANE Q DOE,-41004,-1250.00,,AUTOPAY PAYMENT - THANK YOU,,,,,'320240250000000001',
01/20/2024,WHOLE FOODS MARKET,JANE Q DOE,-41004,86.42,"WHOLE FOODS MKT #10234
AUSTIN TX",WHOLE FOODS MARKET,"525 N LAMAR BLVD",AUSTIN TX,78703,UNITED STATES,'320240200456789012',Merchandise & Supplies-Groceries
01/15/2024,AMAZON MARKETPLACE REFUND,JANE Q DOE,-41004,-19.99,,AMAZON MKTPL REFUND,,,,,'320240150789012345',Merchandise & Supplies-Internet Purchase
01/12/2024,DELTA AIR LINES,JANE Q DOE,-41004,412.30,"DELTA AIR LINES ATLANTA",DELTA AIR LINES,"1030 DELTA BLVD",ATLANTA GA,30354,UNITED STATES,'320240120111222333',Travel-Airline
''')

# American Express (US), activity download without the card member columns.
write("amex-us-activity", '''
Date,Description,Amount,Extended Details,Appears On Your Statement As,Address,City/State,Zip Code,Country,Reference,Category
02/14/2024,NETFLIX.COM,15.49,NETFLIX.COM LOS GATOS CA,NETFLIX.COM,100 WINCHESTER CIR,LOS GATOS CA,95032,UNITED STATES,'320240450000111222',Entertainment-Associations
02/10/2024,SHELL OIL 57444,45.10,,SHELL OIL 57444,,HOUSTON TX,77002,UNITED STATES,'320240410000222333',Transportation-Fuel
02/05/2024,ONLINE PAYMENT - THANK YOU,-300.00,,ONLINE PAYMENT - THANK YOU,,,,,'320240360000333444',
02/03/2024,STARBUCKS STORE 00123,5.75,,STARBUCKS,,SEATTLE WA,98101,UNITED STATES,'320240340000444555',Restaurant-Restaurant
''')

# Chase credit card (US): the holder's view, purchases negative.
write("chase-card", '''
Transaction Date,Post Date,Description,Category,Type,Amount,Memo
01/30/2024,01/31/2024,AUTOMATIC PAYMENT - THANK,,Payment,850.00,
01/27/2024,01/28/2024,TRADER JOE S #552,Groceries,Sale,-64.33,
01/22/2024,01/23/2024,SPOTIFY USA,Bills & Utilities,Sale,-10.99,
01/18/2024,01/19/2024,TARGET 00012345,Shopping,Return,24.99,
01/15/2024,01/16/2024,CHEVRON 0123456,Gas,Sale,-52.10,
''')

# Chase checking (US): newest first, every row one empty field longer than the header.
write("chase-checking", '''
Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #
DEBIT,01/29/2024,"COMCAST CABLE 800-266-2278",-89.99,ACH_DEBIT,2410.01,,
CREDIT,01/26/2024,"ACME CORP PAYROLL PPD ID: 1234567890",2500.00,ACH_CREDIT,2500.00,,
DEBIT,01/22/2024,"CHECK 1042",-150.00,CHECK_PAID,0.00,1042,
DEBIT,01/20/2024,"ZELLE PAYMENT TO JOHN SMITH JPM99A1B2C3D",-75.00,QUICKPAY_DEBIT,150.00,,
''')

# Capital One credit card (US): ISO dates, unsigned Debit and Credit columns.
write("capital-one-card", '''
Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit
2024-01-28,2024-01-29,1234,CAPITAL ONE AUTOPAY PYMT,Payment/Credit,,500.00
2024-01-24,2024-01-25,1234,KROGER #123,Grocery,71.25,
2024-01-20,2024-01-22,1234,SHELL OIL 5744,Gas/Automotive,40.00,
2024-01-16,2024-01-17,1234,AMAZON.COM*AB12C3,Merchandise,,12.99
''')

# Bank of America checking (US): a summary block, then the table with its opening row.
write("bank-of-america", '''
Description,,Summary Amt.
Beginning balance as of 01/01/2024,,"1,000.00"
Total credits,,"3,200.00"
Total debits,,"-1,345.67"
Ending balance as of 01/31/2024,,"2,854.33"

Date,Description,Amount,Running Bal.
01/01/2024,Beginning balance as of 01/01/2024,,"1,000.00"
01/03/2024,"ACME CORP DES:PAYROLL ID:XXXXX12345 INDN:DOE,JANE CO ID:XXXXX67890 PPD","3,200.00","4,200.00"
01/05/2024,"RENT PAYMENT ONLINE CONF# 8H3K2","-1,200.00","3,000.00"
01/12/2024,"CVS/PHARMACY #01234 01/11 PURCHASE AUSTIN TX","-45.67","2,954.33"
01/20/2024,"BKOFAMERICA ATM 01/20 #000001234 WITHDRWL AUSTIN TX","-100.00","2,854.33"
''')

# Barclays (UK): the payee in Memo, Subcategory a handful of kinds.
write("barclays-uk", '''
Number,Date,Account,Amount,Subcategory,Memo
,05/01/2024,20-32-06 13152170,-4.50,PAYMENT,COSTA COFFEE    ON 04 JAN          BCC
,08/01/2024,20-32-06 13152170,-62.00,DIRECT DEBIT,THAMES WATER UTILI 123456789
,10/01/2024,20-32-06 13152170,1850.00,FT,ACME LTD SALARY JAN
,15/01/2024,20-32-06 13152170,-20.00,CASH,CASH 14JAN HSBC ATM
,22/01/2024,20-32-06 13152170,-35.99,BILL PAYMENT,BRITISH GAS 0123
''')

# Lloyds Bank (UK): newest first, unsigned debit and credit, a running balance.
write("lloyds-uk", '''
Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance
26/01/2024,DD,'30-94-57,12345678,VODAFONE LTD,25.00,,1514.50
25/01/2024,FPI,'30-94-57,12345678,ACME LTD PAYROLL,,1600.00,1539.50
19/01/2024,DEB,'30-94-57,12345678,SAINSBURYS S/MKTS,48.20,,-60.50
12/01/2024,SO,'30-94-57,12345678,LANDLORD RENT,650.00,,-12.30
''')

# Monzo (UK): one row per transaction with an id, the account currency and the local one.
write("monzo-uk", '''
Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split
tx_0000AbCdEfGh01,01/02/2024,08:15:02,Card payment,Pret A Manger,🥪,Eating out,-4.25,GBP,-4.25,GBP,,1 Market Street,,PRET A MANGER LONDON GBR,
tx_0000AbCdEfGh02,01/02/2024,12:30:00,Faster payment,ACME Ltd,,Income,2100.00,GBP,2100.00,GBP,January salary,,,ACME LTD,
tx_0000AbCdEfGh03,03/02/2024,19:45:10,Card payment,Tesco,🛒,Groceries,-38.60,GBP,-38.60,GBP,#food,,,TESCO STORES 3245 LONDON GBR,
tx_0000AbCdEfGh04,05/02/2024,09:00:00,Direct Debit,Octopus Energy,,Bills,-95.00,GBP,-95.00,GBP,,,,OCTOPUS ENERGY,
tx_0000AbCdEfGh05,10/02/2024,14:22:48,Card payment,Uniqlo,,Shopping,-29.90,GBP,-34.90,EUR,,Rue de Rivoli,,UNIQLO PARIS FRA,
''')

# Nationwide (UK): windows-1252 (the pound sign), a labelled preamble, amounts with £.
write("nationwide-uk", '''
"Account Name:","FlexAccount ****04321"
"Account Balance:","£1,503.27"
"Available Balance: ","£1,503.27"

"Date","Transaction type","Description","Paid out","Paid in","Balance"
"02 Jan 2024","Contactless Payment","WAITROSE 123","£23.40","","£976.60"
"05 Jan 2024","Direct debit","COUNCIL TAX","£142.00","","£834.60"
"25 Jan 2024","Bank credit ACME LTD","ACME LTD","","£2,100.00","£2,934.60"
"28 Jan 2024","Transfer to","SAVINGS 01234567","£1,431.33","","£1,503.27"
''', encoding="cp1252")

# Revolut: a fee beside the amount, states COMPLETED / PENDING / REVERTED, a balance on
# completed rows only.
write("revolut", '''
Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance
TOPUP,Current,2024-03-01 09:12:45,2024-03-01 09:12:50,Top-Up by *1234,500.00,0.00,EUR,COMPLETED,500.00
CARD_PAYMENT,Current,2024-03-02 13:05:11,2024-03-03 02:14:07,Lidl,-23.45,0.00,EUR,COMPLETED,476.55
ATM,Current,2024-03-04 18:40:00,2024-03-05 03:00:12,Cash at Sparkasse,-100.00,2.00,EUR,COMPLETED,374.55
CARD_PAYMENT,Current,2024-03-06 20:01:33,,Amazon,-15.99,0.00,EUR,REVERTED,
TRANSFER,Current,2024-03-08 08:00:00,2024-03-08 08:00:05,To JOHN SMITH,-50.00,0.00,EUR,COMPLETED,324.55
CARD_PAYMENT,Current,2024-03-09 10:10:10,,Bolt,-8.40,0.00,EUR,PENDING,
''')

# N26: the amount in the account currency, the original beside it.
write("n26", '''
"Booking Date","Value Date","Partner Name","Partner Iban",Type,"Payment Reference","Account Name","Amount (EUR)","Original Amount","Original Currency","Exchange Rate"
2024-04-02,2024-04-02,"REWE Markt GmbH",,Presentment,-,"Main Account",-31.87,-31.87,EUR,1.0
2024-04-03,2024-04-03,"Acme GmbH",DE89370400440532013000,Credit Transfer,"Gehalt April","Main Account",2450.00,,,
2024-04-05,2024-04-05,"Spotify",,Presentment,-,"Main Account",-10.99,-10.99,EUR,1.0
2024-04-08,2024-04-08,"Booking.com",,Presentment,-,"Main Account",-120.40,-128.00,USD,0.940625
''')

# ING (Netherlands): newest first, ; and all quoted, yyyymmdd, unsigned amount with Af/Bij.
write("ing-nl", '''
"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"
"20240306";"NS Reizigers";"NL20INGB0001234567";"";"BA";"Af";"12,80";"Betaalautomaat";"Pasvolgnr: 001 06-03-2024 08:02 Transactie: 1A2B3C";"1463,75";""
"20240305";"Albert Heijn 1234";"NL20INGB0001234567";"";"BA";"Af";"23,45";"Betaalautomaat";"Pasvolgnr: 001 05-03-2024 17:45 Transactie: 4D5E6F";"1476,55";""
"20240304";"Acme BV";"NL20INGB0001234567";"NL91ABNA0417164300";"OV";"Bij";"1500,00";"Overschrijving";"Naam: Acme BV Omschrijving: Salaris maart IBAN: NL91ABNA0417164300";"1500,00";""
"20240301";"Vattenfall";"NL20INGB0001234567";"NL12RABO0123456789";"IC";"Af";"85,00";"Incasso";"Naam: Vattenfall Machtiging ID: 123 Incassant ID: NL00ZZZ000000000000";"0,00";""
''')

# Rabobank (Netherlands): every field quoted, signed amounts and balances with ",".
rabo_header = ('"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn",'
               '"Tegenrekening IBAN/BBAN","Naam tegenpartij","Naam uiteindelijke partij","Naam initiërende partij",'
               '"BIC tegenpartij","Code","Batch ID","Transactiereferentie","Machtigingskenmerk","Incassant ID",'
               '"Betalingskenmerk","Omschrijving-1","Omschrijving-2","Omschrijving-3","Reden retour",'
               '"Oorspr bedrag","Oorspr munt","Koers"')


def rabo(volgnr, day, amount, balance, iban, name, bic, code, text):
    cells = ["NL11RABO0101234567", "EUR", "RABONL2U", volgnr, day, day, amount, balance, iban, name, "", "",
             bic, code, "", "", "", "", "", text, "", "", "", "", "", ""]
    return ",".join('"%s"' % c for c in cells)


write("rabobank-nl", "\n".join([
    rabo_header,
    rabo("000000000000001234", "2024-05-02", "-12,50", "+987,50", "NL22INGB0001234567", "Bakkerij de Vries",
         "INGBNL2A", "bc", "Brood en gebak"),
    rabo("000000000000001235", "2024-05-03", "+2100,00", "+3087,50", "NL33ABNA0123456789", "Werkgever BV",
         "ABNANL2A", "cb", "Salaris mei"),
    rabo("000000000000001236", "2024-05-06", "-45,00", "+3042,50", "NL44RABO0987654321", "Ziggo Services BV",
         "RABONL2U", "ei", "Abonnement mei"),
]))

# Sparkasse CSV-CAMT (Germany): windows-1252, ; and all quoted, reserved rows in Info.
write("sparkasse-camt", '''
"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Glaeubiger ID";"Mandatsreferenz";"Kundenreferenz (End-to-End)";"Sammlerreferenz";"Lastschrift Ursprungsbetrag";"Auslagenersatz Ruecklastschrift";"Beguenstigter/Zahlungspflichtiger";"Kontonummer/IBAN";"BIC (SWIFT-Code)";"Betrag";"Waehrung";"Info"
"DE12300501100123456789";"02.04.24";"02.04.24";"FOLGELASTSCHRIFT";"Abschlag Strom April";"DE98ZZZ09999999999";"M-2023-0456";"E2E-20240402-1";"";"";"";"Stadtwerke München GmbH";"DE02700100800030876808";"PBNKDEFF";"-58,00";"EUR";"Umsatz gebucht"
"DE12300501100123456789";"03.04.24";"03.04.24";"GUTSCHR. UEBERWEISUNG";"Lohn April";"";"";"NOTPROVIDED";"";"";"";"Acme GmbH";"DE89370400440532013000";"COBADEFFXXX";"2450,00";"EUR";"Umsatz gebucht"
"DE12300501100123456789";"05.04.24";"05.04.24";"KARTENZAHLUNG";"2024-04-04T18:12 Debitk.1 2026-12";"";"";"";"";"";"";"EDEKA Müller";"DE44300501100012345678";"DUSSDEDDXXX";"-34,12";"EUR";"Umsatz gebucht"
"DE12300501100123456789";"08.04.24";"08.04.24";"KARTENZAHLUNG";"2024-04-07T11:03 Debitk.1 2026-12";"";"";"";"";"";"";"Aral Tankstelle";"DE21300501100098765432";"DUSSDEDDXXX";"-61,30";"EUR";"Umsatz vorgemerkt"
''', encoding="cp1252")

# Commerzbank (Germany): UTF-8 with a BOM, ; unquoted, the counterparty in the booking text.
write("commerzbank", '''
Buchungstag;Wertstellung;Umsatzart;Buchungstext;Betrag;Währung;Auftraggeberkonto;Bankleitzahl Auftraggeberkonto;IBAN Auftraggeberkonto;Kategorie
07.06.2024;07.06.2024;Überweisung;Vermieter Schmidt Miete Juni;-850,00;EUR;1234567;20040000;DE12200400000123456700;Wohnen
05.06.2024;05.06.2024;Gutschrift;Acme GmbH Lohn Juni;2300,00;EUR;1234567;20040000;DE12200400000123456700;Gehalt
03.06.2024;03.06.2024;Lastschrift;Telekom Deutschland GmbH Kd-Nr 12345;-39,95;EUR;1234567;20040000;DE12200400000123456700;Telefon
''', bom=True)

# MUFG Bank (Japan): Shift_JIS (cp932), days and months without a leading zero, amounts with thousands separators in separate
# payment and deposit columns, a running balance.
write("mufg-jp", '''
日付,摘要,摘要内容,支払い金額,預かり金額,差引残高,メモ,未資金化区分,入払区分
"2024/6/3","カード","ｾﾌﾞﾝｲﾚﾌﾞﾝ","1,080","","98,920","","","支払い"
"2024/6/10","振込","ｶ)ｱｸﾒ","","250,000","348,920","","","入金"
"2024/6/15","口座振替","ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ","8,500","","340,420","","","支払い"
''', encoding="cp932")
