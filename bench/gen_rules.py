#!/usr/bin/env python3
"""Deterministic generator of a rules file (docs/RULES.md) of N rules for bin/bench's rules row.

usage: gen_rules.py N OUT [--seed S]

A person's file grown over years, as the issue's speed target imagines it ("--rules with 200
rules on the 1M bench file"): about one rule in eight names a vendor that gen_transactions.py
writes (Starbucks, AMZN Mktp, Uber …), so those records are categorised; the rest name
merchants the bench file never has, so every record is tried against nearly every rule and
most conditions fail, as in a real file. The mix of conditions:
  ~55% vendor contains (one text, or a list of two to four),
  ~30% vendor_regex (anchored, alternations, \\b words, a capture used in the vendor),
  ~15% an amount beside a vendor test, and a few with `any` or `not`;
then two catch-alls at the end (money out, money in). No rule skips or stops, so the summary
still says `read N = written N`. Each rule has an example that matches it (`rules test` passes).
Same N and seed -> byte-identical file.
"""
import argparse
import random

# Vendors gen_transactions.py writes, each with a condition that finds it (lower case: rules
# match ignoring case) and a category.
KNOWN = [
    ("contains", "starbucks", "Starbucks", "Expenses:Coffee"),
    ("regex", r"^amzn mktp (\w\w)\*", "AMZN Mktp US*2K4LM0Q81", "Expenses:Shopping"),
    ("contains", ["tesco", "whole foods", "trader joe"], "Tesco", "Expenses:Groceries"),
    ("regex", r"^(uber|lyft)\b", "Uber", "Expenses:Transport"),
    ("contains", ["shell", "bp"], "Shell", "Expenses:Fuel"),
    ("regex", r"^(netflix|spotify)$", "Netflix", "Expenses:Subscriptions"),
    ("contains", "mcdonald", "McDonald's", "Expenses:EatingOut"),
    ("regex", r"^sq \*(.+?) (san francisco|new york) ", "SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA", "Expenses:Coffee"),
    ("contains", "payroll", "Payroll ACME Corp", "Income:Salary"),
    ("contains", ["walmart", "target", "costco"], "Target", "Expenses:Household"),
    ("regex", r"\bpharmacy\b|^walgreens", "CVS Pharmacy", "Expenses:Health"),
    ("contains", "chipotle", "Chipotle Mexican Grill", "Expenses:EatingOut"),
    ("contains", ["comcast", "at&t"], "AT&T Wireless", "Expenses:Utilities"),
    ("regex", r"^rent - (\d+) elm st", "Rent - 42 Elm St, Apt 3", "Expenses:Home"),
    ("contains", "gym", "Gym \u2013 FitLife", "Expenses:Health"),
    ("regex", r"^paypal \*(\w+)", "PAYPAL *EBAY INC 402-935-7733", "Expenses:Shopping"),
    ("contains", "interest", "Interest", "Income:Interest"),
    ("regex", r"^(dd \*doordash|uber +\*eats)", "DD *DOORDASH MCDONALDS", "Expenses:EatingOut"),
    ("contains", "ikea", "IKEA", "Expenses:Household"),
    ("contains", ["venmo", "zelle"], "Venmo", "Income:Transfers"),
    ("regex", r"^google \*youtube", "GOOGLE *YouTube Premium g.co/helppay#", "Expenses:Subscriptions"),
    ("contains", "home depot", "Home Depot", "Expenses:Home"),
    ("contains", ["müller", "café zoë"], "Müller", "Expenses:Groceries"),
    ("regex", r"^checkcard \d{4} (\w+)", "CHECKCARD 0901 SAFEWAY #1711", "Expenses:Groceries"),
]

# Words for merchants the bench file never has.
FIRST = ["blue", "harbor", "golden", "north", "old", "green", "silver", "little", "grand", "red", "oak",
         "river", "sunset", "maple", "cedar", "urban", "coastal", "prairie", "summit", "lakeside"]
SECOND = ["bakery", "hardware", "dental", "vision", "books", "florist", "garage", "laundry", "cinema",
          "pet supply", "yoga", "barber", "tailor", "optics", "wine", "tea house", "deli", "print shop",
          "locksmith", "plumbing", "bike shop", "music", "toys", "gallery", "spa", "kitchen"]
TOWNS = ["springfield", "riverton", "lakewood", "fairview", "georgetown", "salem", "madison", "clinton"]
CATEGORIES = ["Expenses:Shopping", "Expenses:Home", "Expenses:Health", "Expenses:EatingOut",
              "Expenses:Hobbies", "Expenses:Services", "Expenses:Pets", "Expenses:Gifts", "Expenses:Car",
              "Expenses:Education"]


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def merchant(rng):
    return "%s %s" % (rng.choice(FIRST), rng.choice(SECOND))


def unknown_rule(rng, n):
    """A rule for a merchant the bench file never has: (match, example vendor, example amount, actions)."""
    r = rng.random()
    name = merchant(rng)
    amount = "-%d.%02d" % (rng.randrange(1, 300), rng.randrange(100))
    actions = ["category = %s" % quote(rng.choice(CATEGORIES))]
    if r < 0.40:
        match = "vendor = %s" % quote(name)
        example = "%s #%d" % (name.upper(), rng.randrange(100, 9999))
    elif r < 0.55:
        names = [merchant(rng) for _ in range(rng.randrange(2, 5))]
        match = "vendor = [%s]" % ", ".join(quote(x) for x in names)
        example = names[-1].upper() + " " + rng.choice(TOWNS).upper()
    elif r < 0.65:
        first, second = name.split(" ", 1)
        match = "vendor_regex = '^%s (%s|%s)'" % (first, second, rng.choice(SECOND))
        example = name.upper()
    elif r < 0.75:
        first, second = name.split(" ", 1)
        match = "vendor_regex = '\\b%s\\s*#\\d+'" % second.replace(" ", "\\s")
        example = "%s #%d" % (name.upper(), rng.randrange(10, 999))
    elif r < 0.85:
        town = rng.choice(TOWNS)
        match = "vendor_regex = '^(%s) .*%s'" % (name.replace(" ", "\\s"), town)
        example = "%s 0042 %s" % (name.upper(), town.upper())
        actions.append("vendor = \"$1\"")
    elif r < 0.95:
        low = rng.randrange(5, 200)
        match = "vendor = %s, amount = \"-%d..-%d\"" % (quote(name), low + rng.randrange(50, 500), low)
        example = name.upper()
        amount = "-%d.00" % (low + 1)
    elif r < 0.975:
        other = merchant(rng)
        match = "any = [{ vendor = %s }, { memo = %s }]" % (quote(name), quote(other))
        example = name.upper()
    else:
        match = "vendor = %s, not = { amount = \"> 0\" }" % quote(name)
        example = name.upper()
    if rng.random() < 0.3:
        actions.append("tags = [%s]" % quote(rng.choice(["business", "shared", "tax", "cash", "review"])))
    return "rule %d" % n, match, example, amount, actions


def known_rule(entry):
    kind, needle, example, category = entry
    if kind == "contains":
        if isinstance(needle, list):
            match = "vendor = [%s]" % ", ".join(quote(x) for x in needle)
        else:
            match = "vendor = %s" % quote(needle)
    else:
        match = "vendor_regex = '%s'" % needle
    amount = "5000" if category.startswith("Income:") else "-12.50"
    return example, match, example, amount, ["category = %s" % quote(category)]


def main():
    p = argparse.ArgumentParser(description="Write a rules file of N rules for bin/bench.")
    p.add_argument("n", type=int)
    p.add_argument("out")
    p.add_argument("--seed", type=int, default=20240901)
    a = p.parse_args()
    rng = random.Random(a.seed)
    body = max(0, a.n - 2)
    known = [known_rule(e) for e in KNOWN[: max(1, body // 8)]]
    rules = [unknown_rule(rng, k + 1) for k in range(body - len(known))]
    # The known ones spread through the file, in their order.
    slots = sorted(rng.sample(range(body), len(known)))
    for slot, rule in zip(slots, known):
        rules.insert(slot, rule)
    rules = rules[:body]
    rules.append(("money out", 'amount = "< 0"', "ANYTHING", "-1.00", ['category = "Expenses:Other"']))
    rules.append(("money in", 'amount = "> 0"', "ANYTHING", "1.00", ['category = "Income:Other"']))
    out = ["# %d rules for bin/bench's rules row (bench/gen_rules.py %d, seed %d)\n" % (a.n, a.n, a.seed)]
    for name, match, example, amount, actions in rules[: a.n]:
        out.append("[[rule]]\nname = %s\nmatch = { %s }\n" % (quote(name), match))
        out.extend(line + "\n" for line in actions)
        out.append("\n  [[rule.example]]\n  vendor = %s\n  amount = %s\n\n" % (quote(example), quote(amount)))
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(out))


if __name__ == "__main__":
    main()
