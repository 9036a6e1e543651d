/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Exact float32 <-> decimal conversion.
 *
 * A float32 is m * 2^e with m < 2^24 and -149 <= e <= 104.  One small
 * core, bn_scale (a bignum times or divided by a power), serves both
 * directions:
 *  - the exact decimal digits of m * 2^e (m * 5^-e for negative e), for
 *    formatting, which then rounds the digit string;
 *  - a decimal D * 10^k times 2^E, truncated to 25 bits and a "rest"
 *    flag, for parsing, which rounds that to the nearest float32.
 * The shortest repr is the first short rounding of the exact digits
 * that parses back to the value.  The bignums have 8-bit limbs, so all
 * the arithmetic is 8x8 and 16-bit, cheap on AVR.  No floating point.
 * C stack is scarce on AVR: parsing reads the digits where they are
 * written, and each bignum is sized for its worst case.
 */
#include "config.h"
#include "port.h"
#include "config_default.h"	/* SNEK_ROM: tables in flash */
#include "number.h"
#include <string.h>

/* A bignum: little-endian bytes, the top one non-zero.  Each user
 * gives it room (BN_BYTES) for the numbers it will hold: formatting
 * needs less than parsing, and is deeper on the C stack. */
typedef struct {
	uint8_t n;		/* bytes in use */
	uint8_t b[];
} bn_t;

/* Room for a bignum below 2^bits */
#define BN_BYTES(bits) ((bits) / 8 + 2)

static void bn_set(bn_t *a, uint32_t v)
{
	for (a->n = 0; v; v >>= 8)
		a->b[a->n++] = (uint8_t) v;
}

/* a = a * m + add.  Not inlined: each copy costs more than the call
 * on AVR */
__attribute__((noinline)) static void bn_mul_add(bn_t *a, uint8_t m, uint8_t add)
{
	uint16_t t = add;

	for (uint8_t i = 0; i < a->n; i++) {
		t += (uint16_t) a->b[i] * m;
		a->b[i] = (uint8_t) t;
		t >>= 8;
	}
	if (t)
		a->b[a->n++] = (uint8_t) t;
}

/* a /= d, returns the remainder */
static uint8_t bn_divmod(bn_t *a, uint8_t d)
{
	uint16_t r = 0;
	uint8_t i = a->n;

	while (i--) {
		r = r << 8 | a->b[i];
		a->b[i] = (uint8_t) (r / d);
		r %= d;
	}
	while (a->n && !a->b[a->n - 1])
		a->n--;
	return (uint8_t) r;
}

/* a *= base^n, or for n < 0 a /= base^-n rounded down, a byte-sized
 * power at a time; true if the division dropped a remainder */
static bool bn_scale(bn_t *a, uint8_t base, int16_t n)
{
	bool down = n < 0, rest = false;

	if (down)
		n = (int16_t) -n;
	while (n > 0) {
		uint8_t p = 1;
		for (; n > 0 && (uint16_t) p * base < 256; n--)
			p *= base;
		if (down)
			rest |= bn_divmod(a, p) != 0;
		else
			bn_mul_add(a, p, 0);
	}
	return rest;
}

/* |f| = m * 2^e; returns m */
static uint32_t unpack(uint32_t bits, int16_t *e)
{
	uint32_t m = bits & 0x7FFFFF;
	uint8_t x = (uint8_t) ((uint16_t) (bits >> 16) >> 7);	/* bits 23..30 */

	if (x)
		m |= 0x800000;
	else
		x = 1;
	*e = x - 150;
	return m;
}

/*
 * Formatting's decimal digits (ASCII): value = 0.d[0]d[1]...d[n-1] *
 * 10^decpt.  Exact expansions have up to 112 digits, but no conversion
 * shows more than 61 or rounds past digit 62 (precision is clamped to
 * 60), so the first size - 1 are kept and a last one is made odd when
 * non-zero digits were dropped: rounding then still sees "more".
 * repr rounds at digit 9 at most (no float32 needs more), so it keeps
 * 11 and saves the C stack the rest.
 */
#define DEC_DIGITS 64
#define REPR_DIGITS 11

typedef struct {
	uint8_t n;
	int8_t decpt;
	uint8_t size;	/* room in d: DEC_DIGITS or REPR_DIGITS */
	char d[];
} dec_t;

/* Round x to its first keep digits, to the nearest (ties to even) or,
 * with away, up (keep <= 0 is fine, keep >= n just drops trailing
 * zeros); true if it rounded up, which changed the last digit kept (or,
 * carried through nines, set "1" over "9") */
static bool dec_round(dec_t *x, int8_t keep, bool away)
{
	uint8_t n = x->n, k = keep < 0 ? 0 : (uint8_t) keep;	/* below 0: below half a unit */
	bool up = false;

	if (k < n) {
		/* no trailing zeros, so k + 1 < n means "more than half" */
		char c = x->d[k];
		up = away || c > '5' || (c == '5' && (k + 1 < n || (k && (x->d[k - 1] & 1))));
	} else {
		k = n;
	}
	/* drop the nines rounding up carries through, else the zeros:
	 * a digit rounded up is not zero */
	while (k && x->d[k - 1] == (up ? '9' : '0'))
		k--;
	if (up) {
		if (!k) {
			x->d[0] = '0';
			k = 1;
			x->decpt++;
		}
		x->d[k - 1]++;
	}
	x->n = k;
	return up;
}

/* Digits of m * 2^e: in base 8, 10 or 16, of the integer part; with
 * base 0, of the value in base 10.  No trailing zeros (zero has n == 0 and
 * decpt 1).  The digits come out last first: when there are more than
 * DEC_DIGITS, the last ones drop out. */
static void dec_from(dec_t *x, uint32_t m, int16_t e, uint8_t base)
{
	bool whole = base;
	uint8_t bytes[BN_BYTES(24 + 149 * 7 / 3)], all = 0;	/* m 5^149 */
	bn_t *a = (bn_t *) bytes;
	char *p = x->d + x->size;

	/* drop the fraction, or just the factors of two it does not need */
	for (; e < 0 && (whole || !(m & 1)); e++)
		m >>= 1;
	bn_set(a, m);
	if (e < 0)
		bn_scale(a, 5, (int16_t) -e);	/* m 2^e = m 5^-e / 10^-e */
	else
		bn_scale(a, 2, e);
	if (!whole)
		base = 10;
	do {
		uint8_t r = bn_divmod(a, base);
		if (p == x->d) {
			/* full: the last digit drops out, and the one
			 * before it becomes odd if it was not zero */
			char lost = x->d[x->size - 1] & 15;
			memmove(x->d + 1, x->d, x->size - 1);
			p++;
			if (lost)
				x->d[x->size - 1] |= 1;
		}
		r += '0';	/* a digit, or past '9' a letter from 'a' */
		*--p = (char) (r > '9' ? r + 'a' - '9' - 1 : r);
		all++;
	} while (a->n);
	x->n = (uint8_t) (x->d + x->size - p);
	memmove(x->d, p, x->n);
	x->decpt = (int8_t) (all + (e < 0 ? e : 0));
	dec_round(x, (int8_t) x->size, false);	/* no trailing zeros */
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A decimal D * 10^k to round to a float32: D's digits are
 * read from text, [d, end) with other characters ('.', '_') skipped.
 * Parsing keeps MAX_SIG of them; more says non-zero ones were dropped. */
#define MAX_SIG 115

typedef struct {
	const char *d, *end;
	int16_t k;
	bool more;
	bn_t *work;	/* room for D scaled (dec_nearest) */
} decimal_t;

/* The float32 bits nearest to x (ties to even); x is not zero and
 * below 10^decpt, decpt in [-45, 40].  q = x 2^E truncated, with E
 * chosen from 53/16, a little under log2(10), so that q has 25 to 30
 * bits (or E = 150, below the normal range); the bits past 25 go to the
 * rest, then q rounds at its last bit and the rest breaks ties.  x 2^E
 * is D 5^k 2^(E + k), the powers with positive exponents applied first,
 * so q is exact: before dividing by 5^-k, B is about q 5^-k (k >= -160
 * parsing, >= -53 for repr digits), else below D 5^k 2^24 < 2^160.
 * Digits dropped past MAX_SIG only add to the rest: a point of q's grid
 * has at most 113 significant digits, so the 115 kept place x against
 * it. */
static uint32_t dec_nearest(const decimal_t *x, int8_t decpt)
{
	bn_t *a = x->work;
	int16_t E = (int16_t) (25 - ((decpt - 1) * 53 >> 4)), k = x->k;
	uint32_t q = 0;
	const char *p;
	uint8_t rest, low;
	bool five_first;

	if (E > 150)
		E = 150;
	a->n = 0;
	for (p = x->d; p < x->end; p++)
		if (is_digit(*p))	/* skipping '.' and '_' */
			bn_mul_add(a, 10, (uint8_t) (*p - '0'));
	five_first = k > 0;	/* 5^k before 2^(E + k) when it multiplies */
	rest = bn_scale(a, five_first ? 5 : 2, five_first ? k : (int16_t) (E + k));
	rest |= bn_scale(a, five_first ? 2 : 5, five_first ? (int16_t) (E + k) : k);
	for (uint8_t i = a->n; i--;)
		q = q << 8 | a->b[i];
	for (; q >= (uint32_t) 1 << 25; q >>= 1, E--)
		rest |= (uint8_t) q & 1;
	/* half way up: round up when above half or odd */
	low = (uint8_t) q;
	q >>= 1;
	if ((low & 1) && (rest || x->more || (low & 2)))
		q++;
	/* carries into the exponent, bits 23 and up: a 16-bit shift */
	q += (uint32_t) (uint16_t) ((150 - E) << 7) << 16;
	return q < 0x7F800000 ? q : 0x7F800000;
}

__attribute__((noinline)) static bool is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The words float() reads and formatting writes */
static const char words[] SNEK_ROM = "infinity\0nan";
#define NAN_AT 9

/* case-insensitive: is [s, e) the word w (in flash), or its first len1
 * letters? */
static bool word_eq(const char *s, const char *e, const char *w, uint8_t len1)
{
	const char *p = s;

	while (p < e && (*p | 0x20) == SNEK_ROM_BYTE(w))
		p++, w++;
	return p == e && (p - s == len1 || !SNEK_ROM_BYTE(w));
}

/* Decimal exponents while parsing: with 16-bit lengths a string is
 * shorter than its heap, so 16 bits hold its count of digits plus an
 * exponent saturated at 3000 (32-bit arithmetic costs AVR 128 bytes here) */
#if SNEK_LEN16
typedef int16_t num_exp_t;
#define NUM_EXP_MAX 3000
_Static_assert(SNEK_POOL_SIZE < 32767 - 10 * NUM_EXP_MAX, "digits counted in 16 bits");
#else
typedef int32_t num_exp_t;
#define NUM_EXP_MAX 100000
#endif


bool num_parse(const char *s, size_t len, float *out, uint8_t flags)
{
	const char *e = s + len;
	decimal_t x;
	uint8_t work[BN_BYTES(408)];	/* 2^27 5^160, see dec_nearest */
	num_exp_t decpt = 0, ex = 0;
	uint32_t bits = 0x7F800000;
	uint8_t part = 0, n = 0;	/* part: 0 integer, 1 fraction, 2 exponent */
	bool neg = false, any = false, eneg = false;
	char prev = 0;

	/* spaces off the ends: first the start's, then the end's */
	while ((flags & NUM_PARSE_SPACE) && s < e) {
		if (is_space(*s))
			s++;
		else if (is_space(e[-1]))
			e--;
		else
			break;
	}
	if (s < e && (*s == '+' || *s == '-'))
		neg = *s++ == '-';
	if (flags & NUM_PARSE_WORDS) {
		if (word_eq(s, e, words, 3))
			goto done;	/* inf */
		bits = 0x7FC00000;
		if (word_eq(s, e, words + NAN_AT, 3))
			goto done;
	}
	/* n significant digits, up to MAX_SIG, from x.d to x.end */
	x.more = false;
	x.work = (bn_t *) work;
	for (; s < e; prev = *s++) {
		char c = *s;
		if (is_digit(c)) {
			any = true;
			if (part == 2) {
				if (ex < NUM_EXP_MAX)	/* saturate: far out of range anyway */
					ex = (num_exp_t) (ex * 10 + c - '0');
			} else if (!n && c == '0') {
				decpt -= part;	/* a leading zero */
			} else {
				if (!n)
					x.d = s;
				if (n < MAX_SIG) {
					n++;
					x.end = s + 1;
				} else {
					x.more |= c != '0';
				}
				decpt += !part;
			}
		} else if (c == '_' && (flags & NUM_PARSE_UNDERSCORE) && is_digit(prev) &&
			   s + 1 < e && is_digit(s[1])) {
			continue;	/* only between two digits */
		} else if (c == '.' && !part) {
			part = 1;
		} else if ((c | 0x20) == 'e' && part < 2 && any) {
			part = 2;
			any = false;
			if (s + 1 < e && (s[1] == '+' || s[1] == '-'))
				eneg = *++s == '-';
		} else {
			return false;
		}
	}
	if (!any)
		return false;
	/* zero, or x below 10^decpt, its first digit's place */
	decpt = (num_exp_t) (decpt + (eneg ? -ex : ex));
	x.k = (int16_t) (decpt - n);	/* when in range */
	bits = !n || decpt < -45 ? 0 : decpt > 40 ? 0x7F800000 : dec_nearest(&x, (int8_t) decpt);
done:
	if (neg)
		bits |= 0x80000000u;
	memcpy(out, &bits, sizeof bits);
	return true;
}

/* What a lower-case letter loses: 'a' - 'A' for an upper-case
 * conversion, else 0 */
static uint8_t out_case;

/* Formatting's output: one character to print_char */
static void put(char c)
{
	if (c >= 'a')	/* no output character is above 'z' */
		c = (char) (c - out_case);
	print_char(c);
}

/* The shortest digits of x that read back as mag: at each length the
 * nearest decimal, else the one above it.  (The one below never wins
 * when the nearest loses: only a power of two has a nearer neighbour
 * below than above.)  Inlined into format it costs AVR more than the
 * call. */
__attribute__((noinline)) static void shortest(dec_t *x, uint32_t mag)
{
	uint8_t n = x->n, p = 0;
	uint8_t work[BN_BYTES(160)];	/* 2^27 5^53, see dec_nearest */
	int8_t decpt = x->decpt;
	decimal_t d;
	bool away = true, up;

	d.d = x->d;
	d.more = false;
	d.work = (bn_t *) work;

	for (;;) {
		away = !away;
		p += !away;
		up = dec_round(x, (int8_t) p, away);
		d.end = x->d + x->n;
		d.k = (int16_t) (x->decpt - x->n);
		if (dec_nearest(&d, x->decpt) == mag)
			return;
		/* back to the exact digits: undo the one rounding changed */
		if (up) {
			if (x->decpt != decpt)
				x->d[0] = '9';
			else
				x->d[x->n - 1]--;
		}
		x->n = n;
		x->decpt = decpt;
	}
}

#if !SNEK_SMALL_CODE
/* The decimal digits of k below 2^24, after a minus sign when neg, into
 * buf: what the general path prints for a whole number, without its
 * arithmetic on digit strings (str() of a number is common). */
static uint8_t whole_digits(char *buf, uint32_t k, bool neg)
{
	char d[8];
	uint8_t n = 0, len = 0;

	do
		d[n++] = (char) ('0' + k % 10);
	while ((k /= 10));
	if (neg)
		buf[len++] = '-';
	while (n)
		buf[len++] = d[--n];
	return len;
}

uint8_t num_whole(float f, char *buf)
{
	int32_t k;

	if (!(f > -16777216.0f && f < 16777216.0f) || f != (float) (k = (int32_t) f))
		return 0;
	return whole_digits(buf, (uint32_t) (k < 0 ? -k : k), k < 0);
}
#endif

/* One conversion of v; false when there is none (an integer
 * conversion of inf or nan).  First the digits and the layout; conv
 * 'r' is repr: the shortest digits in the %g layout with 16 digits.
 * Integers and inf/nan are whole digit strings: fixed, nothing after
 * the point.  Then [sign] [0x] digits [.digits] [e+XX]. */
bool num_format(float v, char conv, uint8_t flags, int16_t prec16)
{
#if !SNEK_SMALL_CODE
	/* Below 2^24, repr of a whole number and %d %i %u of any number
	 * (truncated) without flags or precision: the digits as they are
	 * (no sign on zero). */
	if (!flags && v > -16777216.0f && v < 16777216.0f &&
	    ((conv == 'r' && v == (float) (int32_t) v) ||
	     ((conv == 'd' || conv == 'i' || conv == 'u') && prec16 < 0))) {
		int32_t k = (int32_t) v;
		char buf[NUM_WHOLE_MAX];
		uint8_t i, n = whole_digits(buf, (uint32_t) (k < 0 ? -k : k), k < 0);

		for (i = 0; i < n; i++)
			print_char(buf[i]);
		return true;
	}
#endif
	uint8_t room = conv == 'r' ? REPR_DIGITS : DEC_DIGITS;
	dec_t *x = __builtin_alloca(sizeof *x + room);
	uint32_t bits, mag, m;
	char lc = (char) (conv | 0x20);
	uint8_t base;
	bool neg, special, exp = false, point = false;
	char radix = 0;
	int8_t prec = (int8_t) (prec16 > 60 ? 60 : prec16), p = 16;
	int8_t i = 0, pt;	/* i below 0: that many leading zeros (%.5d) */
	int16_t e;

	out_case = (uint8_t) (lc ^ conv);	/* conversions are letters: 'a' - 'A' or 0 */
	x->size = room;
	memcpy(&bits, &v, sizeof bits);
	mag = bits & 0x7FFFFFFF;
	neg = (uint8_t) (bits >> 24) >> 7;
	m = unpack(mag, &e);
	special = e == 255 - 150;	/* inf or nan */
	/* e f g r show the value, d i u o x its integer part in a base */
	base = (uint8_t) (lc - 'e') < 3 || lc == 'r' ? 0 : lc == 'o' ? 8 : lc == 'x' ? 16 : 10;
	if (special) {
		const char *w = words;
		if (base)
			return false;	/* no integer digits */
		if (m != 0x800000) {	/* nan: inf has no fraction */
			w += NAN_AT;
			neg = false;	/* Python never shows a sign on nan */
		}
		x->n = x->decpt = 3;
		for (pt = 0; pt < 3; pt++)
			x->d[pt] = (char) SNEK_ROM_BYTE(w++);
		prec = 0;
	} else {
		dec_from(x, m, e, base);
		if (base) {
			if ((flags & NUM_FMT_ALT) && base != 10)
				radix = lc;
			if (prec > x->decpt)	/* at least prec digits */
				i = (int8_t) (x->decpt - prec);
			prec = 0;
		} else {
			point = flags & NUM_FMT_ALT;
			if (prec < 0)
				prec = 6;
			if (lc == 'r') {
				/* Whole numbers below 2^24 have neighbours one
				 * away: their exact digits are already the
				 * shortest, and printing integers stays fast. */
				if (mag >= 0x4B800000 || (int8_t) x->n > x->decpt)
					shortest(x, mag);	/* zero: no digits read back as 0 */
			} else if (lc == 'g') {
				p = prec ? prec : 1;
				dec_round(x, p, false);
			} else {
				exp = lc == 'e';
				dec_round(x, (int8_t) (exp ? prec + 1 : x->decpt + prec), false);
			}
			if (lc == 'r' || lc == 'g') {
				/* fixed when -4 <= exponent (decpt - 1) < p;
				 * without alt, no trailing zeros */
				exp = x->decpt < -3 || x->decpt > p;	/* zero has decpt 1 */
				/* all the digits after the point; with alt, p
				 * digits in all */
				prec = (int8_t) ((point ? p : x->n) - (exp ? 1 : x->decpt));
				if (prec < 0)
					prec = 0;
			}
		}
	}

	/* repr and the integers show zero (-0.0, -0.5 as %d) unsigned */
	if (!x->n && (base || lc == 'r'))
		neg = false;
	if (neg || (flags & (NUM_FMT_PLUS | NUM_FMT_SPACE)))
		put(neg ? '-' : flags & NUM_FMT_PLUS ? '+' : ' ');
	if (radix) {
		put('0');
		put(radix);
	}
	/* digit i weighs 10^(pt - 1 - i); the point goes before digit pt */
	pt = exp ? 1 : x->decpt;
	if (i >= pt)
		i = (int8_t) (pt - 1);	/* 0.5: a zero before the point */
	for (;; i++) {
		if (i == pt && (prec || point))	/* alt: a point even alone */
			put('.');
		if (i >= (int8_t) (pt + prec))	/* below 100 */
			break;
		put((uint8_t) i < x->n ? x->d[(uint8_t) i] : '0');	/* i < 0 wraps past n */
	}
	if (exp) {
		uint8_t a, tens = '0';
		i = (int8_t) (x->decpt - 1);	/* |i| <= 45; zero has decpt 1 */
		put('e');
		put(i < 0 ? '-' : '+');
		/* by subtraction: no division routine linked for it */
		for (a = (uint8_t) (i < 0 ? -i : i); a >= 10; a -= 10)
			tens++;
		put((char) tens);
		put((char) ('0' + a));
	}
	return true;
}
