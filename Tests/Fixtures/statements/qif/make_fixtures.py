#!/usr/bin/env python3
"""Writes the QIF fixtures: invented records, no real data. Run from this folder.

checking.qif and ambiguous.qif are UTF-8 with LF; card.qif is windows-1252 with CRLF (so it
is generated); the broken copies are checking.qif cut, garbled and with a NUL, each made here
so that the damage is exact and repeatable.
"""
import random

CHECKING = """!Account
NEveryday Checking
TBank
^
!Type:Cat
NGroceries
DFood
E
^
NHousehold
DHome
E
^
!Type:Bank
D1/ 3'24
T-45.00
N1001
PCorner Grocery
MWeekly shop
LGroceries
C*
^
D1/ 5'24
T2,450.00
PACME Payroll
LSalary
CX
^
D1/ 8'24
T-1,234.56
N1002
PLandlord Property Mgmt
MJanuary rent
LRent
^
D1/12'24
T-52.50
PHyperMart
MSplit purchase
SGroceries
EFood
$-40.00
SHousehold
$-12.50
^
D1/15'24
U-19.99
T-19.99
PStreamFlix
LEntertainment
Cc
^
D1/18'24
T-300.00
N1003
PTransfer to Savings
L[Savings]
^
D1/22'24
T-87.34
PCity Power & Light
A123 Main St
AAnytown
LUtilities
^
D1/25'24
T-6.75
MCoffee beans
^
D1/31'24
T1.25
PInterest
LInterest Inc
CR
^
D2/ 2'24
T-64.10
PCorner Grocery
LGroceries
^
D2/14'24
T-1,050.00
N1004
PHome Insurance Co
^
D2/28'24
T2,450.00
PACME Payroll
LSalary
^
"""

CARD = """!Type:CCard
D03.01.2024
T-12,50
PBäckerei Müller
^
D05.01.2024
T-1.234,56
PElektro Großhandel
LHaushalt
^
D13.01.2024
T-8,90
PCafé Zoë
MFrühstück
^
D20.01.2024
T-45,00
PTankstelle Süd
^
D27.01.2024
T-129,99
PBuchhandlung Weiß
LBücher
^
D31.01.2024
T1.500,00
PZahlung – danke
^
D02.02.2024
T-3,20
PKiosk „Am Markt“
^
D14.02.2024
T-76,45
PSupermarkt Nord
^
"""

AMBIGUOUS = """!Type:Bank
D01/02/2024
T-10.00
PBakery
^
D03/02/2024
T-20.00
PButcher
^
D05/03/2024
T1500.00
PSalary
^
D07/04/2024
T-900.00
PRent
^
D11/05/2024
T-35.50
PPharmacy
^
D12/06/2024
T-4.25
PNewsagent
^
"""


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


def main():
    checking = CHECKING.encode("utf-8")
    write("checking.qif", checking)
    write("card.qif", CARD.replace("\n", "\r\n").encode("windows-1252"))
    write("ambiguous.qif", AMBIGUOUS.encode("utf-8"))
    # Cut in the middle of a record's payee line, so the last record has no ^.
    cut = checking.index(b"PCity Power") + 6
    write("broken/checking-cut.qif", checking[:cut])
    # 40 random bytes (fixed seed) in the middle of a line: not UTF-8 any more.
    middle = checking.index(b"T-300.00") + 3
    rng = random.Random(7)
    noise = bytes(rng.randrange(256) for _ in range(40))
    write("broken/checking-garbled.qif", checking[:middle] + noise + checking[middle:])
    # A NUL inside an amount: that record is rejected, the others read.
    nul = checking.index(b"T-64.10") + 3
    write("broken/checking-nul.qif", checking[:nul] + b"\x00" + checking[nul:])
    # A .qif name on a file that is not QIF.
    write("broken/not-qif.qif", b"Notes from the January meeting\nNothing here is a statement.\n")


if __name__ == "__main__":
    main()
