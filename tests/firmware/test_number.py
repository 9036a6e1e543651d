# SPDX-License-Identifier: GPL-3.0-or-later
"""Tests for firmware/core/number.c (float32 <-> decimal), CPython as reference.

The C code is driven through tests/firmware/number_harness.c, built once
per session with the address and undefined-behaviour sanitizers.  All
expected values are computed here with exact arithmetic (fractions) or
with CPython's own % formatting of the float32 value as a double (which
is exact), never with double rounding of decimal strings.
"""

import math
import os
import random
import shutil
import struct
import subprocess
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "firmware" / "core"
HARNESS = Path(__file__).resolve().parent / "number_harness.c"

SPACE, UNDERSCORE, WORDS = 1, 2, 4
F_MINUS, F_PLUS, F_SPACE, F_ZERO, F_ALT = 1, 2, 4, 8, 16
INF_BITS = 0x7F800000


# ---------------------------------------------------------------- harness


@pytest.fixture(scope="session")
def harness(tmp_path_factory):
    if shutil.which("gcc") is None:
        pytest.skip("gcc not available")
    exe = tmp_path_factory.mktemp("number") / "number_harness"
    cmd = ["gcc", "-std=c99", "-O1", "-Wall", "-Wextra", "-Wundef", "-Werror",
           "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
           "-I", str(CORE), "-I", str(ROOT / "firmware" / "ports" / "posix"),
           str(CORE / "number.c"), str(HARNESS), "-o", str(exe)]
    subprocess.run(cmd, check=True, cwd=ROOT)
    env = dict(os.environ, UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1",
               ASAN_OPTIONS="detect_leaks=1")

    def run(lines):
        r = subprocess.run([str(exe)], input="".join(l + "\n" for l in lines),
                           capture_output=True, text=True, env=env, cwd=ROOT)
        assert r.returncode == 0 and r.stderr == "", r.stderr[-3000:]
        out = r.stdout.split("\n")
        assert out[-1] == ""
        out = out[:-1]
        assert len(out) == len(lines)
        return out

    return run


def check(pairs):
    """pairs: (what, got, expected); assert they all match, show a few failures."""
    bad = [p for p in pairs if p[1] != p[2]]
    assert not bad, f"{len(bad)} mismatches of {len(pairs)}, e.g. {bad[:8]}"


# ---------------------------------------------------------------- exact references


def bits_to_float(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def float_to_bits(f):
    return struct.unpack("<I", struct.pack("<f", f))[0]


def frac_to_bits(x):
    """Exact Fraction >= 0 -> float32 bits, round to nearest, ties to even."""
    if x == 0:
        return 0
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** e > x:
        e -= 1
    if e < -126:  # subnormal: fixed quantum 2^-149
        return round(x * 2 ** 149)  # round() on a Fraction is half-even
    m = round(x / Fraction(2) ** (e - 23))  # in [2^23, 2^24]
    bits = ((e + 127) << 23) + m - (1 << 23)
    return min(bits, INF_BITS)


def pow10_floor(v):
    """x with 10^x <= v < 10^(x+1) for a Fraction v > 0."""
    x = math.floor(math.log10(v.numerator) - math.log10(v.denominator))
    while Fraction(10) ** x > v:
        x -= 1
    while Fraction(10) ** (x + 1) <= v:
        x += 1
    return x


def shortest_digits(mag):
    """Shortest decimal reading back as float32 `mag` (the nearest one of that
    length, ties to even).  Returns (digits, decpt): value = 0.digits * 10^decpt."""
    v = Fraction(bits_to_float(mag))
    x = pow10_floor(v)
    for p in range(1, 12):
        scale = Fraction(10) ** (p - 1 - x)
        t = v * scale
        lo = math.floor(t)
        for c in (round(t), lo, lo + 1):
            if c and frac_to_bits(c / scale) == mag:
                s = str(c)
                decpt = len(s) - (p - 1 - x)
                return s.rstrip("0"), decpt
    raise AssertionError(hex(mag))


def layout(s, decpt, neg):
    """Python repr layout of digits, but integral values without '.0'."""
    e = decpt - 1
    if -4 <= e < 16:
        if decpt <= 0:
            r = "0." + "0" * -decpt + s
        elif decpt >= len(s):
            r = s + "0" * (decpt - len(s))
        else:
            r = s[:decpt] + "." + s[decpt:]
    else:
        r = s[0] + ("." + s[1:] if len(s) > 1 else "") + "e%+03d" % e
    return ("-" if neg else "") + r


def ref_repr(bits):
    mag = bits & 0x7FFFFFFF
    neg = bool(bits >> 31)
    if mag > INF_BITS:
        return "nan"
    if mag == INF_BITS:
        return "-inf" if neg else "inf"
    if mag == 0:
        return "0"
    return layout(*shortest_digits(mag), neg)


def fmt_spec(conv, flags, width, prec):
    s = "%"
    for bit, ch in ((F_MINUS, "-"), (F_PLUS, "+"), (F_SPACE, " "), (F_ZERO, "0"), (F_ALT, "#")):
        if flags & bit:
            s += ch
    if width >= 0:
        s += str(width)
    if prec >= 0:
        s += "." + str(prec)
    return s + conv


def ref_format(conv, flags, width, prec, bits):
    v = bits_to_float(bits)
    arg = int(v) if conv in "dioxX" else v
    return fmt_spec(conv, flags, width, prec) % arg


def ref_unpadded(conv, flags, width, prec, bits):
    """What num_format prints: no padding (the % operator pads, in print.c)."""
    return ref_format(conv, flags & ~(F_MINUS | F_ZERO), -1, prec, bits)


def ref_parse(s, flags):
    """Expected float32 bits for string s, or None if invalid."""
    if not (flags & SPACE) and s != s.strip(" \t\n\r\v\f"):
        return None
    if not (flags & UNDERSCORE) and "_" in s:
        return None
    core = s.strip(" \t\n\r\v\f").lstrip("+-")
    if not (flags & WORDS) and core.lower() in ("inf", "infinity", "nan"):
        return None
    try:
        v = float(s)
    except ValueError:
        return None
    neg = s.strip(" \t\n\r\v\f").startswith("-")
    if math.isnan(v):
        mag = 0x7FC00000
    elif math.isinf(v):
        mag = INF_BITS
    else:
        mag = frac_to_bits(abs(Fraction(Decimal(core.replace("_", "")))))
    return mag | (neg << 31)


# ---------------------------------------------------------------- value sets


def edge_bits():
    vals = [0.0, -0.0, 1.0, -1.0, 0.1, 1 / 3, 2.0 ** 24, 2.0 ** 24 + 2, 1e16, 1e-5,
            1.5e-5, 123456789.0, 3.0, -7.0, 1000000.0, 0.5, 0.25, 2.5, 0.0001,
            9999999.0, 1e15, 1e17, 2097152.25, 3.4028234663852886e38, 1e38,
            1.1754943508222875e-38, 1e-38, 1e-40, 1e-45, 12345.678, 2.25,
            0.3, 0.7, 100.0, 1e20]
    bits = [float_to_bits(v) for v in vals]
    bits += [1, 2, 3, 0x7FFFFF, 0x800000, 0x7F7FFFFF, 0x00400000, 0x80000001,
             INF_BITS, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001]
    bits += [float_to_bits(2.0 ** k) for k in range(-149, 128)]
    bits += [float_to_bits(float(f"1e{k}")) for k in range(-45, 39)]
    bits += [b + d for b in (float_to_bits(float(f"1e{k}")) for k in range(-37, 38))
             for d in (-1, 1)]
    return bits


def random_bits(rng, n, finite=True):
    out = []
    while len(out) < n:
        b = rng.getrandbits(32)
        if not finite or (b & INF_BITS) != INF_BITS:
            out.append(b)
    return out


def nice_bits(rng, n):
    """Values with short decimal expansions, where ties and carries happen."""
    out = []
    for _ in range(n):
        k = rng.randint(0, 6)
        v = rng.randint(0, 10 ** rng.randint(1, 7)) / 2 ** k * rng.choice((1, -1))
        out.append(float_to_bits(v))
    return out


# ---------------------------------------------------------------- repr


def test_repr_examples(harness):
    cases = [(1.0, "1"), (3.0, "3"), (-7.0, "-7"), (1e6, "1000000"), (0.1, "0.1"),
             (1 / 3, "0.33333334"), (1e16, "1e+16"), (1e-5, "1e-05"), (1.5e-5, "1.5e-05"),
             (3.4028234663852886e38, "3.4028235e+38"), (123456789.0, "123456790"),
             (2.0 ** 24, "16777216"), (0.0001, "0.0001"), (-0.0, "0"), (0.0, "0"),
             (1e15, "1000000000000000"), (1e-45, "1e-45"), (2097152.25, "2097152.2"),
             (float("inf"), "inf"), (float("-inf"), "-inf"), (float("nan"), "nan"),
             (-1.5, "-1.5"), (1.1754943508222875e-38, "1.1754944e-38")]
    out = harness(["r %08x" % float_to_bits(v) for v, _ in cases])
    check([(v, got, exp) for (v, exp), got in zip(cases, out)])


def test_repr_edges(harness):
    bits = edge_bits()
    out = harness(["r %08x" % b for b in bits])
    check([(hex(b), got, ref_repr(b)) for b, got in zip(bits, out)])


def test_repr_random(harness):
    rng = random.Random(1)
    bits = random_bits(rng, 20000, finite=False) + nice_bits(rng, 2000)
    out = harness(["r %08x" % b for b in bits])
    check([(hex(b), got, ref_repr(b)) for b, got in zip(bits, out)])


def test_repr_extreme_exponents(harness):
    """The lowest and highest binades, where the fixed-size bignums of
    the shortest search and of the digit expansion are fullest (the
    sanitizer build catches any overflow), and %.60e/%.60f keep 64 digits."""
    rng = random.Random(5)
    bits = [rng.randrange(1, 1 << 23) for _ in range(3000)]          # subnormal
    bits += [(1 << 23) - 1 - i for i in range(200)] + list(range(1, 200))
    bits += [(e << 23) | rng.randrange(1 << 23) for e in (1, 2, 3, 252, 253, 254) for _ in range(300)]
    out = harness(["r %08x" % b for b in bits])
    check([(hex(b), got, ref_repr(b)) for b, got in zip(bits, out)])
    sample = bits[::20]
    for conv in "efg":
        out = harness(["f %s 0 0 60 %08x" % (conv, b) for b in sample])
        check([(hex(b), got, "%d:%s" % (len(e), e))
               for b, got in zip(sample, out) for e in ["%.60{}".format(conv) % bits_to_float(b)]])


def exact_digits(bits):
    """The exact decimal digits of finite float32 bits, no trailing zeros."""
    x, m = (bits >> 23) & 0xFF, bits & 0x7FFFFF
    if x:
        m |= 1 << 23
    e = max(x, 1) - 150
    return str(m * 5 ** -e if e < 0 else m << e).rstrip("0")


def test_repr_ties_past_digit_ten(harness):
    """repr keeps 11 digits, the last made odd when later ones were dropped:
    values whose 10th digit is a 5, above all those where only a digit past
    the 11th tells "more than half", round as the exact value says."""
    rng = random.Random(11)
    bits = []
    while len(bits) < 3000:
        b = rng.randrange(1, INF_BITS)
        s = exact_digits(b)
        if len(s) > 11 and s[9] == "5" and (s[10] == "0" or rng.random() < 0.1):
            bits.append(b | rng.randrange(2) << 31)
    out = harness(["r %08x" % b for b in bits])
    check([(hex(b), got, ref_repr(b)) for b, got in zip(bits, out)])


def test_repr_matches_numpy_digits(harness):
    """Independent oracle: numpy's Dragon4 shortest float32 digits."""
    import numpy as np
    rng = random.Random(2)
    bits = random_bits(rng, 3000) + edge_bits()
    bits = [b for b in bits if 0 < (b & 0x7FFFFFFF) < INF_BITS]
    out = harness(["r %08x" % b for b in bits])
    pairs = []
    for b, got in zip(bits, out):
        f = np.frombuffer(struct.pack("<I", b), dtype=np.float32)[0]
        mant, _, exp = np.format_float_scientific(f, unique=True, trim="-").partition("e")
        digits = mant.lstrip("-").replace(".", "").rstrip("0")
        exp10 = int(exp) + 1
        pairs.append((hex(b), got, layout(digits, exp10, b >> 31)))
    check(pairs)


# ---------------------------------------------------------------- parse


def run_parse(harness, cases):
    """cases: (string, flags) -> list of bits or None."""
    out = harness([f"p {fl} {s.encode().hex() or '-'}" for s, fl in cases])
    res = []
    for line in out:
        if line == "err":
            res.append(None)
        else:
            assert line.startswith("ok "), line
            res.append(int(line[3:], 16))
    return res


def norm_nan(b):
    """Compare NaNs by sign and NaN-ness only."""
    if b is not None and (b & 0x7FFFFFFF) > INF_BITS:
        return ("nan", b >> 31)
    return b


def check_parse(harness, cases, expected=None):
    got = run_parse(harness, cases)
    if expected is None:
        expected = [ref_parse(s, fl) for s, fl in cases]
    check([(c, norm_nan(g), norm_nan(e)) for c, g, e in zip(cases, got, expected)])


def test_parse_examples(harness):
    cases = [("1", 0, 1.0), ("1.", 0, 1.0), (".5", 0, 0.5), ("1e3", 0, 1000.0),
             ("1_000.5", UNDERSCORE, 1000.5), ("0.1", 0, 0.1), ("-2.5E-3", 0, -0.0025),
             ("+7", 0, 7.0), ("  42\t\n", SPACE, 42.0), ("1e39", 0, float("inf")),
             ("-1e39", 0, float("-inf")), ("1e-50", 0, 0.0), ("-1e-50", 0, -0.0),
             ("1e100000000000000000000", 0, float("inf")), ("1e-100000000000000", 0, 0.0),
             ("0e999999999999", 0, 0.0), ("3.4028235e38", 0, 3.4028234663852886e38),
             ("340282356779733661637539395458142568448", 0, float("inf")),  # exact tie -> even = inf
             ("340282356779733661637539395458142568447", 0, 3.4028234663852886e38),
             ("1.4e-45", 0, 1e-45), ("7.006492321624085e-46", 0, 0.0),
             ("7.0064923216240862e-46", 0, 1e-45),
             ("0." + "0" * 50000 + "1e50000", 0, 0.1),
             ("1" + "0" * 300 + "e-300", 0, 1.0),
             ("INF", WORDS, float("inf")), ("-Infinity", WORDS, float("-inf")),
             ("nAn", WORDS, float("nan")), (" +inf ", WORDS | SPACE, float("inf")),
             ("1_0e1_0", UNDERSCORE, 1e11), ("0_0.0_1", UNDERSCORE, 0.01)]
    expected = [float_to_bits(v) for _, _, v in cases]
    check_parse(harness, [(s, fl) for s, fl, _ in cases], expected)


INVALID = ["", ".", "1e", "e1", "1__0", "_1", "1_", "--1", "1.2.3", "0x10", "+", "-",
           "1e+", "1e-", "1.e", ".e1", "+.e1", "..1", "1..", "e", "E5", "1_.5", "1._5",
           "1e_5", "1_e5", "-_1", "1e5_", "nan1", "1f", "in", "infinit", "infinityy",
           "nana", "1 0", "1.5e3.0", "1e1.5", "+-1", " ", "1e++5", "0b1", "1,5", "١"]


def test_parse_invalid(harness):
    cases = [(s, fl) for s in INVALID for fl in (0, 7)]
    got = run_parse(harness, cases)
    check([(c, g, None) for c, g in zip(cases, got)])


def test_parse_flags_gate(harness):
    cases = []
    for s in ["1_000", " 1", "1 ", "\t1.5\n", "inf", "-nan", "infinity", "1_0.5_5", "1e1_0"]:
        for fl in range(8):
            cases.append((s, fl))
    check_parse(harness, cases)


def test_parse_repr_roundtrip(harness):
    rng = random.Random(3)
    bits = random_bits(rng, 5000) + edge_bits()
    bits = [b for b in bits if (b & 0x7FFFFFFF) <= INF_BITS]
    reprs = harness(["r %08x" % b for b in bits])
    got = run_parse(harness, [(s, WORDS) for s in reprs])
    expect = [0 if (b & 0x7FFFFFFF) == 0 else b for b in bits]  # "-0.0" prints "0"
    check([(s, g, e) for s, g, e in zip(reprs, got, expect)])


def random_decimal(rng):
    nd = rng.choice((1, 3, 9, 10, 20, 40, 80, 119, 120, 121, 150, 200))
    digits = "".join(rng.choice("0123456789") for _ in range(nd))
    if rng.random() < 0.3:
        digits = "0" * rng.randint(1, 30) + digits
    pos = rng.randint(0, len(digits))
    s = digits[:pos] + "." + digits[pos:] if rng.random() < 0.7 else digits
    if s == ".":
        s = "0."
    if rng.random() < 0.8:
        s += rng.choice("eE") + rng.choice(("", "+", "-")) + str(rng.randint(0, 60))
    return rng.choice(("", "-", "+")) + s


def midpoint_strings(rng, n):
    """Decimal strings exactly at, just above and just below float32 midpoints,
    some with far more than 120 significant digits."""
    out = []
    for b in random_bits(rng, n):
        mag = b & 0x7FFFFFFF
        if mag >= 0x7F7FFFFF:
            continue
        mid = (Fraction(bits_to_float(mag)) + Fraction(bits_to_float(mag + 1))) / 2
        k = mid.denominator.bit_length() - 1  # mid = N / 2^k
        if k >= 0 and mid.denominator == 1 << k:
            d = mid.numerator * 5 ** k
        else:
            d, k = mid.numerator, 0
        out.append(f"{d}e-{k}")
        z = rng.choice((1, 10, 60, 200))
        out.append(f"{d}{'0' * z}e-{k + z}")
        out.append(f"{d}{'0' * z}1e-{k + z + 1}")
        out.append(f"{d - 1}{'9' * z}e-{k + z}")
    return out


def test_parse_random_decimals(harness):
    rng = random.Random(4)
    cases = [(random_decimal(rng), 0) for _ in range(6000)]
    cases += [(s, 0) for s in midpoint_strings(rng, 1500)]
    check_parse(harness, cases)


def test_parse_long_digits_every_exponent(harness):
    """131 significant digits at every decimal exponent: the largest
    bignums of the search (most in the subnormal range)."""
    rng = random.Random(10)
    cases = []
    for d in range(-47, 41):
        for _ in range(12):
            digits = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(130))
            cases.append((f"0.{digits}e{d}", 0))
        cases.append((f"0.{'9' * 131}e{d}", 0))
    check_parse(harness, cases)


def test_parse_random_garbage_agrees_with_python(harness):
    rng = random.Random(5)
    alphabet = "0123456789._eE+- "
    cases = []
    for _ in range(6000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
        cases.append((s, 7))
    for _ in range(2000):  # mostly valid strings with underscores sprinkled in
        s = "".join(c + ("_" if c.isdigit() and rng.random() < 0.3 else "")
                    for c in random_decimal(rng))
        cases.append((s, rng.choice((2, 7))))
    check_parse(harness, cases)


# ---------------------------------------------------------------- format


CONVS = "diouxXeEfFgG".replace("u", "")
WIDTHS = (-1, 0, 1, 5, 12, 30)
PRECS = (-1, 0, 1, 2, 3, 6, 10, 17, 30, 60)


def format_lines(cases, size=None):
    tail = "" if size is None else f" {size}"
    return [f"f {c} {fl} {w} {p} {b:08x}{tail}" for c, fl, w, p, b in cases]


def check_format(harness, cases):
    out = harness(format_lines(cases))
    pairs = []
    for case, got in zip(cases, out):
        exp = ref_unpadded(*case)
        pairs.append((case, got, f"{len(exp)}:{exp}"))
    check(pairs)


def test_format_examples(harness):
    f = float_to_bits
    cases = [
        (("d", 0, 5, -1, f(3.0)), "    3"), (("d", F_MINUS, 5, -1, f(3.0)), "3    "),
        (("f", F_ZERO, 5, 1, f(2.25)), "002.2"), (("o", F_ALT, -1, -1, f(8.0)), "0o10"),
        (("x", F_ALT, -1, -1, f(255.0)), "0xff"), (("X", F_ALT, -1, -1, f(255.0)), "0XFF"),
        (("e", 0, -1, -1, f(12345.678)), "1.234568e+04"), (("g", 0, -1, -1, f(0.0001)), "0.0001"),
        (("g", 0, -1, -1, f(1e-5)), "1e-05"), (("d", 0, -1, -1, f(1e20)), "100000002004087734272"),
        (("d", F_PLUS, -1, -1, f(3.9)), "+3"), (("d", F_SPACE, -1, -1, f(-3.9)), "-3"),
        (("i", F_SPACE, -1, -1, f(3.0)), " 3"), (("d", 0, -1, -1, f(-0.5)), "0"),
        (("f", 0, 6, -1, f(float("inf"))), "   inf"), (("F", 0, -1, -1, f(float("-inf"))), "-INF"),
        (("e", F_PLUS, -1, -1, f(float("nan"))), "+nan"), (("G", 0, -1, -1, f(float("nan"))), "NAN"),
        (("f", 0, -1, -1, f(-0.0)), "-0.000000"), (("g", F_ALT, -1, 3, f(1.0)), "1.00"),
        (("g", 0, -1, 3, f(1234.5)), "1.23e+03"), (("f", 0, -1, 0, f(0.5)), "0"),
        (("f", 0, -1, 0, f(1.5)), "2"), (("f", 0, -1, 0, f(2.5)), "2"),
        (("e", 0, -1, 0, f(1.0)), "1e+00"), (("e", F_ALT, -1, 0, f(1.0)), "1.e+00"),
        (("e", 0, -1, -1, f(1e-40)), "9.999946e-41"),
        (("f", 0, -1, 60, f(0.1)), "0.100000001490116119384765625000000000000000000000000000000000"),
        (("x", F_ZERO | F_ALT, 8, -1, f(255.0)), "0x0000ff"), (("d", F_ZERO, 5, 3, f(5.0)), "00005"),
    ]
    out = harness(format_lines([c for c, _ in cases]))
    check([(c, got, f"{len(exp)}:{exp}")
           for c, got, exp in ((c, got, ref_unpadded(*c)) for (c, _), got in zip(cases, out))])
    # the expectations above are CPython's own answers
    check([(c, exp, ref_format(*c)) for c, exp in cases])


def test_format_matrix(harness):
    rng = random.Random(6)
    values = (edge_bits() + random_bits(rng, 300) + nice_bits(rng, 300))
    cases = []
    for b in values:
        finite = (b & INF_BITS) != INF_BITS
        for conv in CONVS:
            if conv in "dioxX" and not finite:
                continue
            for _ in range(3):
                cases.append((conv, rng.randrange(32), rng.choice(WIDTHS), rng.choice(PRECS), b))
    check_format(harness, cases)


def test_format_full_flag_matrix(harness):
    rng = random.Random(7)
    values = [float_to_bits(v) for v in (0.0, -0.0, 2.25, -2.5, 255.0, -255.9, 1e-5, 123456.789,
                                         0.125, 9.5, 99999.5, 1e20, -1e38)]
    values += [INF_BITS, 0xFF800000, 0x7FC00000] + random_bits(rng, 4)
    cases = []
    for b in values:
        for conv in CONVS:
            if conv in "dioxX" and (b & INF_BITS) == INF_BITS:
                continue
            for fl in range(32):
                for w, p in ((-1, -1), (10, -1), (-1, 3), (14, 0), (3, 8)):
                    cases.append((conv, fl, w, p, b))
    check_format(harness, cases)


def test_format_rounding_ties(harness):
    """Exact binary values halfway between decimals round half-even."""
    rng = random.Random(8)
    cases = []
    for _ in range(3000):
        k = rng.randint(1, 12)
        v = (2 * rng.randint(0, 2 ** 14) + 1) / 2 ** k  # ends in ...5 in decimal
        conv = rng.choice("efg")
        p = rng.randint(0, 12)
        cases.append((conv, 0, -1, p, float_to_bits(v)))
    check_format(harness, cases)


def test_format_exact_room(harness):
    rng = random.Random(9)
    cases = []
    for b in random_bits(rng, 200) + [INF_BITS]:
        conv = rng.choice("efgEFG" if b == INF_BITS else CONVS)
        case = (conv, rng.randrange(32), rng.choice(WIDTHS), rng.choice(PRECS), b)
        full = ref_unpadded(*case)
        for size in {len(full) + 1, len(full) + 10}:	# the caller makes room
            cases.append((case, size, full))
    lines = [format_lines([c], size)[0] for c, size, _ in cases]
    out = harness(lines)
    pairs = []
    for (case, size, full), got in zip(cases, out):
        pairs.append(((case, size), got, f"{len(full)}:{full}"))
    check(pairs)


def test_format_large_precision_clamped(harness):
    b = float_to_bits(1 / 3)
    out = harness(format_lines([("f", 0, -1, 100, b), ("e", 0, -1, 61, b)]))
    assert out == ["62:0.333333343267440795898437500000000000000000000000000000000000",
                   "66:3.333333432674407958984375000000000000000000000000000000000000e-01"]


def test_percent_padding(snek, tmp_path):
    """Width, '-' and '0' through the % operator (print.c pads what
    num_format prints): every flag set, against CPython."""
    # float32 values exactly, so CPython's doubles print the same
    values = ("0.0", "-0.0", "2.25", "-2.5", "255.0", "-255.75", "0.0009765625", "123456.5",
              "9.5", "1099511627776.0", "-3.4028234663852886e+38",
              "float('inf')", "float('-inf')", "float('nan')")
    specs = []
    for fl in range(32):
        flags = "".join(ch for bit, ch in ((F_MINUS, "-"), (F_PLUS, "+"), (F_SPACE, " "),
                                           (F_ZERO, "0"), (F_ALT, "#")) if fl & bit)
        for wp in ("", "1", "7", "14", "9.3", ".0", "12.12"):
            specs.append("%" + flags + wp)
    lines = []
    for v in values:
        finite = "float" not in v
        for conv in "dioxXeEfFgGc":
            if (conv in "dioxXc" and not finite) or (conv == "c" and "." in v):
                continue
            arg = "65" if conv == "c" else f"int({v})" if conv in "dioxX" else v
            specs_here = [s for s in specs if conv != "c" or "." not in s]
            fmt = "|".join(s + conv for s in specs_here)
            lines.append(f"print({fmt!r} % ({', '.join([arg] * len(specs_here))},))")
    for arg in ("'ab'", "\"it's\"", "[1, 'x']"):
        for conv in "sr":
            fmt = "|".join(s + conv for s in specs)
            lines.append(f"print({fmt!r} % ({', '.join([arg] * len(specs))},))")
    lines.append("print('%-6s|%6s|%06s|%-6r|%6r|%3c|%-3c|' % ('ab', 'ab', 'ab', [1], (2,), 'x', 'y'))")
    prog = tmp_path / "pad.py"
    prog.write_text("\n".join(lines) + "\n")
    want = subprocess.run(["python3", str(prog)], capture_output=True, text=True)
    got = subprocess.run([str(snek), str(prog)], capture_output=True, text=True)
    assert want.returncode == 0, want.stderr
    assert got.stderr == "" and got.returncode == 0
    for w, g in zip(want.stdout.splitlines(), got.stdout.splitlines()):
        assert g == w
    assert got.stdout == want.stdout
