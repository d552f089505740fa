#!/usr/bin/env python3
"""What docs/INPUT.md says txfeed keeps of a JSON text, computed with Python's `json` module
and none of txfeed's code: the reference of DecoderDifferentialFuzzTests.

    reference_decoder.py CASES_DIR SCALES_JSON  ->  {case name: outcome} on stdout

An outcome is {"failures": N, "accounts": [{"name", "currency", "kept", "minor"}],
"rejects": ["transactions[I]", ...]}: failed documents and envelopes, then per account read its
name, currency, count of kept records and the sum of their signed minor units, then every
rejected record's path, in input order. SCALES_JSON maps each ISO 4217 code txfeed knows to its
decimals (the currency table is data, not a rule under test).

Python's `json` is the judge of what is JSON, with three settings that make it RFC 8259's:
the bytes must be strict UTF-8 (json.loads(bytes) would let encoded surrogates through),
NaN and Infinity are not JSON, and integers have no digit limit.
"""
import json
import math
import os
import re
import sys

INT64 = (-(2**63), 2**63 - 1)
MAJOR_LIMIT = 10**13
INSTANTS = (-62167219200, 253402300799)  # 0000-01-01T00:00:00Z ... 9999-12-31T23:59:59Z


class Fail(Exception):
    """The unit (a text, an NDJSON line) is not JSON."""


class Obj(dict):
    """An object: its members with the last of duplicate keys winning (as jansson and json do),
    and every pair as written, duplicates included, for values jansson cannot hold."""

    def __init__(self, pairs):
        super().__init__(pairs)
        self.pairs = pairs


def no_constants(name):
    raise ValueError(f"{name} is not JSON")


def loads(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Fail(str(error))
    try:
        return json.loads(text, object_pairs_hook=Obj, parse_constant=no_constants)
    except (ValueError, RecursionError) as error:
        raise Fail(str(error))


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def unholdable(value, skip=None):
    """Whether `value` holds what jansson cannot represent: \\u0000 or a lone surrogate in a
    string or key, an integer beyond 64 bits, a number beyond a double. `skip` (the records) is
    not looked into."""
    if value is skip and skip is not None:
        return False
    if isinstance(value, str):
        return any(c == "\0" or 0xD800 <= ord(c) <= 0xDFFF for c in value)
    if is_int(value):
        return not INT64[0] <= value <= INT64[1]
    if isinstance(value, float):
        return math.isinf(value)
    if isinstance(value, Obj):
        return any(unholdable(k) or unholdable(v, skip) for k, v in value.pairs)
    if isinstance(value, list):
        return any(unholdable(v, skip) for v in value)
    return False


# MARK: Money (docs/INPUT.md, Money)


def rounded(x):
    """Round half away from zero, for x >= 0 (Swift's `rounded()`)."""
    whole = math.floor(x)
    return whole + 1 if x - whole >= 0.5 else whole


def minor_units(value, scale, signed=False):
    """The amount in minor units, or None when it breaks the money rules."""
    if is_int(value):
        if value < 0 and not signed:
            return None
        if abs(value) >= MAJOR_LIMIT:
            return None
        return value * 10**scale
    if isinstance(value, float):
        sign = -1 if value < 0 else 1
        if value < 0 and not signed:
            return None
        value = abs(value)
        if value >= MAJOR_LIMIT:
            return None
        scaled = value * float(10**scale)
        whole = float(rounded(scaled))
        if abs(scaled - whole) > 2 * max(math.ulp(scaled), math.ulp(whole)):
            return None
        if int(whole) >= MAJOR_LIMIT * 10**scale:
            return None
        return sign * int(whole)
    return None


# MARK: Dates (docs/INPUT.md, Dates)


def days_from_civil(y, m, d):
    y = y - 1 if m <= 2 else y
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m - 3 if m > 2 else m + 9) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def real_day(y, m, d):
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return 1 <= m <= 12 and 1 <= d <= days[m - 1]


def date_ok(text):
    b = text.encode("utf-8", "surrogatepass")
    if len(b) == 10:
        m = re.fullmatch(rb"(\d{4})-(\d{2})-(\d{2})", b)
        return bool(m) and real_day(*map(int, m.groups()))
    m = re.match(rb"(\d{4})-(\d{2})-(\d{2})([ T])(\d{2}):(\d{2}):(\d{2})", b)
    if not m:
        return False
    year, month, day, _, hour, minute, second = m.groups()
    rest, offset = b[19:], 0
    if m.group(4) == b" ":
        if rest:
            return False
    else:
        if rest.startswith(b"."):
            fraction = re.match(rb"\.\d+", rest)
            if not fraction:
                return False
            rest = rest[fraction.end() :]
        if rest not in (b"", b"Z"):
            zone = re.fullmatch(rb"([+-])(\d{2}):?(\d{2})", rest)
            if not zone:
                return False
            hours, minutes = int(zone.group(2)), int(zone.group(3))
            if hours >= 24 or minutes >= 60:
                return False
            offset = (hours * 3600 + minutes * 60) * (-1 if zone.group(1) == b"-" else 1)
    y, mo, d, h, mi, s = map(int, (year, month, day, hour, minute, second))
    if not real_day(y, mo, d) or h >= 24 or mi >= 60 or s >= 60:
        return False
    instant = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset
    return INSTANTS[0] <= instant <= INSTANTS[1]


# MARK: Envelopes and records (docs/INPUT.md, What fails and what is rejected)


def record_minor(r, scale):
    """The record's signed minor units, or None when it is rejected."""
    if not isinstance(r, Obj) or unholdable(r):
        return None
    kind = r.get("type")
    if not (is_int(kind) and kind in (0, 1)):
        return None
    vendor = r.get("vendor")
    if not isinstance(vendor, str) or vendor == "":
        return None
    minor = minor_units(r.get("amount"), scale)
    if minor is None:
        return None
    if not isinstance(r.get("date"), str) or not date_ok(r["date"]):
        return None
    if r.get("id") is not None and not (is_int(r["id"]) or isinstance(r["id"], str)):
        return None
    if r.get("status") is not None and r["status"] not in ("booked", "pending"):
        return None
    if r.get("memo") is not None and not isinstance(r["memo"], str):
        return None
    return -minor if kind == 1 else minor


def envelope(env, scales, out):
    body = env.get("body")
    records = body.get("transactions") if isinstance(body, Obj) else None
    records = records if isinstance(records, list) else None
    if unholdable(env, skip=records):
        out["failures"] += 1
        return
    ok = True
    if "status" in env and not (is_int(env["status"]) and env["status"] == 200):
        ok = False
    elif not isinstance(body, Obj) or records is None or not isinstance(body.get("name"), str):
        ok = False
    currency, scale = body.get("currency") if ok else None, 2
    if ok and currency is not None:
        if isinstance(currency, str) and currency in scales:
            scale = scales[currency]
        else:
            ok = False
    if ok and body.get("currentBalance") is not None:
        ok = minor_units(body["currentBalance"], scale, signed=True) is not None
    if ok and body.get("id") is not None:
        ok = is_int(body["id"]) or isinstance(body["id"], str)
    if not ok:
        out["failures"] += 1
        return
    account = {"name": body["name"], "currency": currency, "kept": 0, "minor": 0}
    for index, r in enumerate(records):
        minor = record_minor(r, scale)
        if minor is None:
            out["rejects"].append(f"transactions[{index}]")
        else:
            account["kept"] += 1
            account["minor"] += minor
    out["accounts"].append(account)


# MARK: Texts (docs/INPUT.md, Files and documents)

WHITESPACE = b" \t\r\n"


def first_line_is_an_object(line):
    """The line's brackets, outside strings, close exactly at its end (it starts with `{`)."""
    depth, i = 0, 0
    while i < len(line):
        c = line[i : i + 1]
        if c == b'"':
            i += 1
            while i < len(line) and line[i : i + 1] != b'"':
                i += 2 if line[i : i + 1] == b"\\" else 1
            if i >= len(line):
                return False
        elif c in (b"{", b"["):
            depth += 1
        elif c in (b"}", b"]"):
            depth -= 1
            if depth == 0:
                return i + 1 == len(line)
        i += 1
    return False


def units(data, start):
    """The NDJSON lines of the text from `start`, or the whole text as one unit."""
    lines = [line.strip(b" \t\r") for line in data[start:].split(b"\n")]
    lines = [line for line in lines if line]
    if len(lines) > 1 and first_line_is_an_object(lines[0]):
        return lines
    return [data[start:]]


def decode_text(data, scales):
    out = {"failures": 0, "accounts": [], "rejects": []}
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    start = len(data) - len(data.lstrip(WHITESPACE))
    if start == len(data) or data[start : start + 1] not in (b"[", b"{"):
        out["failures"] += 1
        return out
    if data[start : start + 1] == b"[":
        try:
            value = loads(data)
        except Fail:
            out["failures"] += 1
            return out
        if not all(isinstance(e, Obj) for e in value):
            out["failures"] += 1
            return out
        # One text: its envelopes are kept together or not at all, but a failed envelope
        # (shape, status) loses only itself.
        for e in value:
            envelope(e, scales, out)
        return out
    for unit in units(data, start):
        try:
            value = loads(unit)
        except Fail:
            out["failures"] += 1
            continue
        if not isinstance(value, Obj):
            out["failures"] += 1
            continue
        envelope(value, scales, out)
    return out


def main():
    sys.set_int_max_str_digits(0)
    cases, scales = sys.argv[1], json.load(open(sys.argv[2]))
    result = {}
    for name in sorted(os.listdir(cases)):
        with open(os.path.join(cases, name), "rb") as f:
            result[name] = decode_text(f.read(), scales)
    json.dump(result, sys.stdout, ensure_ascii=True)


if __name__ == "__main__":
    main()
