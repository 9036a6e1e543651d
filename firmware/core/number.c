/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Exact float32 <-> decimal conversion.
 *
 * A float32 is m * 2^e with m < 2^24 and -149 <= e <= 104, so its exact
 * decimal expansion (m * 5^-e for negative e) has at most 112 digits.
 * Formatting computes that expansion with a small bignum and rounds the
 * digit string; parsing divides two bignums to get the first 27 bits of
 * the value plus a sticky bit.  No floating point arithmetic is used.
 */
#include "number.h"
#include <string.h>

/* 16-bit limbs keep every product inside uint32_t (cheap on AVR).  The
 * largest number is in num_parse: a 120 digit mantissa scaled against
 * 10^165 plus 27 quotient bits, about 576 bits. */
#define BN_LIMBS 38

typedef struct {
	uint8_t n;		/* limbs in use, the top one is non-zero */
	uint16_t w[BN_LIMBS];
} bn_t;

static void bn_set(bn_t *a, uint32_t v)
{
	a->n = 0;
	for (; v; v >>= 16)
		a->w[a->n++] = (uint16_t) v;
}

static void bn_trim(bn_t *a)
{
	while (a->n && !a->w[a->n - 1])
		a->n--;
}

/* a = a * m + c */
static void bn_muladd(bn_t *a, uint16_t m, uint16_t c)
{
	uint32_t t = c;

	for (uint8_t i = 0; i < a->n; i++) {
		t += (uint32_t) a->w[i] * m;
		a->w[i] = (uint16_t) t;
		t >>= 16;
	}
	if (t)
		a->w[a->n++] = (uint16_t) t;
}

static void bn_mulpow(bn_t *a, uint8_t base, uint16_t n)
{
	while (n--)
		bn_muladd(a, base, 0);
}

static uint16_t bn_bits(const bn_t *a)
{
	uint16_t b = 0;

	if (a->n) {
		b = (uint16_t) (a->n - 1) * 16;
		for (uint16_t top = a->w[a->n - 1]; top; top >>= 1)
			b++;
	}
	return b;
}

static void bn_shl(bn_t *a, uint16_t s)
{
	uint8_t limbs = (uint8_t) (s / 16), bits = s % 16, i = a->n;

	if (!a->n)
		return;
	/* top down, so it works in place */
	a->w[a->n + limbs] = 0;
	while (i--) {
		uint32_t t = (uint32_t) a->w[i] << bits;
		a->w[i + limbs + 1] |= (uint16_t) (t >> 16);
		a->w[i + limbs] = (uint16_t) t;
	}
	for (i = 0; i < limbs; i++)
		a->w[i] = 0;
	a->n += limbs + 1;
	bn_trim(a);
}

static int8_t bn_cmp(const bn_t *a, const bn_t *b)
{
	uint8_t i = a->n;

	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	while (i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

/* a -= b, needs a >= b */
static void bn_sub(bn_t *a, const bn_t *b)
{
	uint16_t borrow = 0;

	for (uint8_t i = 0; i < a->n; i++) {
		uint32_t t = (uint32_t) a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
		a->w[i] = (uint16_t) t;
		borrow = (t >> 16) & 1;	/* wrapped around: borrow */
	}
	bn_trim(a);
}

/* a /= d, returns the remainder; d <= 65536 keeps (r << 16) in 32 bits */
static uint32_t bn_divmod(bn_t *a, uint32_t d)
{
	uint32_t r = 0;
	uint8_t i = a->n;

	while (i--) {
		r = (r << 16) | a->w[i];
		a->w[i] = (uint16_t) (r / d);
		r %= d;
	}
	bn_trim(a);
	return r;
}

/* Digits of a (destroyed) in base 8, 10 or 16, most significant first.
 * Returns the count (at least 1).  out needs 3 spare bytes. */
static uint8_t bn_digits(bn_t *a, uint8_t base, char *out)
{
	uint32_t chunk = (uint32_t) base * base * base * base;
	uint8_t n = 0, i;

	do {			/* four digits per (slow) bignum division */
		uint32_t r = bn_divmod(a, chunk);
		for (i = 0; i < 4; i++, r /= base)
			out[n++] = "0123456789abcdef"[r % base];
	} while (a->n);
	while (n > 1 && out[n - 1] == '0')
		n--;
	for (i = 0; i < n / 2; i++) {
		char c = out[i];
		out[i] = out[n - 1 - i];
		out[n - 1 - i] = c;
	}
	return n;
}

/* |f| = m * 2^e; returns m */
static uint32_t unpack(uint32_t bits, int16_t *e)
{
	uint32_t m = bits & 0x7FFFFF;
	int16_t x = (bits >> 23) & 0xFF;

	if (x)
		m |= 0x800000;
	else
		x = 1;
	*e = x - 150;
	return m;
}

static uint32_t f2u(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

/*
 * Decimal digits: value = 0.d[0]d[1]...d[n-1] * 10^decpt, no trailing
 * zeros, n == 0 for zero.  112 digits + 3 spare for bn_digits.
 */
#define DEC_DIGITS 116

typedef struct {
	uint8_t n;
	int16_t decpt;
	char d[DEC_DIGITS];
} dec_t;

static void dec_trim(dec_t *x)
{
	while (x->n && x->d[x->n - 1] == '0')
		x->n--;
	if (!x->n)
		x->decpt = 0;
}

/* Exact decimal expansion of a finite float magnitude */
static void dec_exact(dec_t *x, uint32_t bits)
{
	bn_t a;
	int16_t e;

	bn_set(&a, unpack(bits, &e));
	if (e >= 0) {
		bn_shl(&a, e);
		e = 0;
	} else {
		bn_mulpow(&a, 5, -e);	/* m * 2^e == m * 5^-e / 10^-e */
	}
	x->n = bn_digits(&a, 10, x->d);
	x->decpt = x->n + e;
	dec_trim(x);
}

/* Digits of trunc(|f|) in base; zero gives "0" */
static void dec_int(dec_t *x, uint32_t bits, uint8_t base)
{
	bn_t a;
	int16_t e;
	uint32_t m = unpack(bits, &e);

	if (e < 0) {
		m = e > -24 ? m >> -e : 0;
		e = 0;
	}
	bn_set(&a, m);
	bn_shl(&a, e);
	x->n = bn_digits(&a, base, x->d);
}

enum { R_EVEN, R_DOWN, R_UP };

/* Round x to its first keep digits (keep <= 0 is fine) */
static void dec_round(dec_t *x, int16_t keep, uint8_t mode)
{
	bool up = mode == R_UP;

	if (keep >= x->n)
		return;
	if (keep < 0) {		/* below half a unit: zero */
		x->n = 0;
		dec_trim(x);
		return;
	}
	if (mode == R_EVEN) {
		/* no trailing zeros, so keep + 1 < n means "more than half" */
		char c = x->d[keep];
		up = c > '5' || (c == '5' && (keep + 1 < x->n ||
					       (keep && (x->d[keep - 1] & 1))));
	}
	x->n = (uint8_t) keep;
	if (up) {
		while (x->n && x->d[x->n - 1] == '9')
			x->n--;
		if (x->n) {
			x->d[x->n - 1]++;
		} else {
			x->d[0] = '1';
			x->n = 1;
			x->decpt++;
		}
	}
	dec_trim(x);
}

/* Round q * 2^e (plus a bit more if sticky, 2^25 <= q < 2^27) to float32
 * bits, ties to even, with subnormals and overflow to inf */
static uint32_t round_bits(uint32_t q, int16_t e, bool sticky)
{
	uint8_t r = 0;
	uint32_t m, rest, half;

	while ((q >> r) >= 0x1000000)
		r++;		/* keep 24 significant bits */
	if (e + r < -149) {	/* subnormal: keep fewer bits */
		if (e < -149 - 28)
			return 0;
		r = (uint8_t) (-149 - e);
	}
	m = q >> r;
	rest = q & (((uint32_t) 1 << r) - 1);
	half = (uint32_t) 1 << (r - 1);
	if (rest > half || (rest == half && (sticky || (m & 1))))
		m++;
	/* e + r + 149 is the biased exponent minus one: the leading mantissa
	 * bit adds the one, and a rounding carry into bit 24 just moves on */
	m += (uint32_t) (e + r + 149) << 23;
	return m >= 0x7F800000 ? 0x7F800000 : m;
}

/* Float32 bits nearest to a * 10^e10 (a bit more if sticky).
 * Needs a < 10^120 and -165 <= e10 <= 39; a is destroyed. */
static uint32_t dec_to_bits(bn_t *a, int16_t e10, bool sticky)
{
	bn_t b;
	uint32_t q = 0;
	int16_t k;

	if (!a->n)
		return 0;
	bn_set(&b, 1);
	if (e10 >= 0)
		bn_mulpow(a, 10, e10);
	else
		bn_mulpow(&b, 10, -e10);
	/* q = a * 2^k / b lands in [2^25, 2^27): 24 bits plus guard bits */
	k = 26 - ((int16_t) bn_bits(a) - (int16_t) bn_bits(&b));
	if (k >= 0)
		bn_shl(a, k);
	else
		bn_shl(&b, -k);
	bn_shl(&b, 26);
	for (uint8_t i = 0; i < 27; i++) {	/* one quotient bit at a time */
		q <<= 1;
		if (bn_cmp(a, &b) >= 0) {
			bn_sub(a, &b);
			q |= 1;
		}
		bn_shl(a, 1);
	}
	return round_bits(q, -k, sticky || a->n);
}

/* Float32 bits of a short decimal */
static uint32_t dec_bits(const dec_t *x)
{
	bn_t a;

	bn_set(&a, 0);
	for (uint8_t i = 0; i < x->n; i++)
		bn_muladd(&a, 10, x->d[i] - '0');
	return dec_to_bits(&a, x->decpt - x->n, false);
}

/* Output with truncation; buf == NULL with size 0 just counts */
typedef struct {
	char *buf;
	uint16_t size, pos;
	bool upper;
} out_t;

static void put(out_t *o, char c)
{
	if (o->upper && c >= 'a' && c <= 'z')
		c -= 'a' - 'A';
	if (o->pos + 1 < o->size)
		o->buf[o->pos] = c;
	o->pos++;
}

static void put_str(out_t *o, const char *s)
{
	while (*s)
		put(o, *s++);
}

static uint16_t finish(out_t *o)
{
	if (o->size)
		o->buf[o->pos < o->size ? o->pos : o->size - 1] = '\0';
	return o->pos;
}

static char dig(const dec_t *x, int16_t i)
{
	return i >= 0 && i < x->n ? x->d[i] : '0';
}

/* Digits with the point after pt digits, prec digits after it */
static void emit_point(out_t *o, const dec_t *x, int16_t pt, int16_t prec, bool alt)
{
	int16_t i;

	if (pt <= 0)
		put(o, '0');
	for (i = 0; i < pt; i++)
		put(o, dig(x, i));
	if (prec > 0 || alt)
		put(o, '.');
	for (i = 0; i < prec; i++)
		put(o, dig(x, pt + i));
}

static void emit_exp(out_t *o, const dec_t *x, int16_t prec, bool alt)
{
	int16_t e = x->n ? x->decpt - 1 : 0;

	emit_point(o, x, 1, prec, alt);
	put(o, 'e');
	put(o, e < 0 ? '-' : '+');
	if (e < 0)
		e = -e;
	if (e >= 100)
		put(o, (char) ('0' + e / 100));
	put(o, (char) ('0' + e / 10 % 10));
	put(o, (char) ('0' + e % 10));
}

/* %g style: fixed when -4 <= exponent < p; without alt, no trailing zeros */
static void emit_g(out_t *o, const dec_t *x, int16_t p, bool alt)
{
	int16_t e = x->n ? x->decpt - 1 : 0;

	if (e >= -4 && e < p) {
		int16_t frac = x->n - x->decpt;
		emit_point(o, x, x->decpt, alt ? p - 1 - e : frac > 0 ? frac : 0, alt);
	} else {
		emit_exp(o, x, alt ? p - 1 : x->n - 1, alt);
	}
}

uint8_t num_repr(char *buf, float f)
{
	uint32_t bits = f2u(f), mag = bits & 0x7FFFFFFF;
	out_t o = { buf, NUM_REPR_MAX, 0, false };
	dec_t x, y;
	uint8_t p = 0, mode = R_UP + 1;

	if (mag > 0x7F800000) {
		put_str(&o, "nan");
	} else if (!mag) {
		put(&o, '0');	/* also for -0.0 */
	} else {
		if (bits >> 31)
			put(&o, '-');
		if (mag == 0x7F800000) {
			put_str(&o, "inf");
			return (uint8_t) finish(&o);
		}
		/* Fast path: integers up to 2^24 are exact, and their digits
		 * are the shortest form. */
		if (mag <= 0x4B800000 && (f == (float)(int32_t)f)) {
			char digits[9];
			uint32_t n = (uint32_t)(f < 0 ? -f : f);
			uint8_t k = 0;
			do
				digits[k++] = (char)('0' + n % 10);
			while ((n /= 10));
			while (k)
				put(&o, digits[--k]);
			return (uint8_t) finish(&o);
		}
		dec_exact(&x, mag);
		/* Shortest first; at each length the nearest decimal wins,
		 * else the one on the other side of the value may still fit */
		do {
			if (mode > R_UP) {
				mode = R_EVEN;
				p++;
			}
			y = x;
			dec_round(&y, p, mode++);
		} while (dec_bits(&y) != mag);
		emit_g(&o, &y, 16, false);
	}
	return (uint8_t) finish(&o);
}

#define MAX_SIG 120	/* enough digits to decide every float32 rounding */

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* case-insensitive [s, e) == lowercase w */
static bool word_eq(const char *s, const char *e, const char *w)
{
	while (s < e && *w && (*s | 0x20) == *w) {
		s++;
		w++;
	}
	return s == e && !*w;
}

bool num_parse(const char *s, size_t len, float *out, uint8_t flags)
{
	const char *e = s + len, *p;
	bn_t a;
	int32_t e10 = 0, ex = 0;
	uint32_t bits = 0;
	uint8_t nsig = 0;
	bool neg = false, frac = false, sticky = false, any = false, eneg = false;

	if (flags & NUM_PARSE_SPACE) {
		while (s < e && is_space(*s))
			s++;
		while (e > s && is_space(e[-1]))
			e--;
	}
	/* '_' is valid only between two digits: check here, skip it later */
	for (p = s; p < e; p++)
		if (*p == '_' && (!(flags & NUM_PARSE_UNDERSCORE) || p == s || p + 1 == e ||
				  !is_digit(p[-1]) || !is_digit(p[1])))
			return false;
	if (s < e && (*s == '+' || *s == '-'))
		neg = *s++ == '-';
	if ((flags & NUM_PARSE_WORDS) &&
	    (word_eq(s, e, "inf") || word_eq(s, e, "infinity") || word_eq(s, e, "nan"))) {
		bits = (*s | 0x20) == 'n' ? 0x7FC00000 : 0x7F800000;
		goto done;
	}
	/* mantissa: keep MAX_SIG significant digits, remember if more were non-zero */
	bn_set(&a, 0);
	for (; s < e; s++) {
		char c = *s;
		if (c == '.' && !frac) {
			frac = true;
			continue;
		}
		if (c == '_')
			continue;
		if (!is_digit(c))
			break;
		any = true;
		c -= '0';
		if (!nsig && !c) {
			e10 -= frac;
		} else if (nsig < MAX_SIG) {
			bn_muladd(&a, 10, (uint16_t) c);
			nsig++;
			e10 -= frac;
		} else {
			sticky |= c != 0;
			e10 += !frac;
		}
	}
	if (!any)
		return false;
	if (s < e && (*s | 0x20) == 'e') {
		if (++s < e && (*s == '+' || *s == '-'))
			eneg = *s++ == '-';
		if (s == e)
			return false;
		for (; s < e && (is_digit(*s) || *s == '_'); s++)
			if (*s != '_' && ex < 100000)	/* saturate: far out of range anyway */
				ex = ex * 10 + (*s - '0');
	}
	if (s != e)
		return false;
	e10 += eneg ? -ex : ex;
	if (nsig) {
		int32_t lead = e10 + nsig - 1;	/* power of ten of the first digit */
		if (lead > 39)
			bits = 0x7F800000;
		else if (lead >= -46)
			bits = dec_to_bits(&a, (int16_t) e10, sticky);
	}
done:
	bits |= (uint32_t) neg << 31;
	memcpy(out, &bits, sizeof bits);
	return true;
}

/* What goes after the sign/prefix and padding */
typedef struct {
	dec_t x;
	const char *word;	/* "inf" or "nan" instead of digits */
	char kind;		/* 'f', 'e', 'g' or 'd' for integer digits */
	int16_t prec;
	bool alt;
} body_t;

static void emit_body(out_t *o, const body_t *b)
{
	int16_t i;

	if (b->word) {
		put_str(o, b->word);
	} else if (b->kind == 'f') {
		emit_point(o, &b->x, b->x.decpt, b->prec, b->alt);
	} else if (b->kind == 'e') {
		emit_exp(o, &b->x, b->prec, b->alt);
	} else if (b->kind == 'g') {
		emit_g(o, &b->x, b->prec, b->alt);
	} else {
		for (i = b->x.n; i < b->prec; i++)
			put(o, '0');
		for (i = 0; i < b->x.n; i++)
			put(o, b->x.d[i]);
	}
}

static void pad(out_t *o, char c, int16_t n)
{
	while (n-- > 0)
		put(o, c);
}

uint16_t num_format(char *buf, uint16_t size, float f, char conv,
		   uint8_t flags, int16_t width, int16_t prec)
{
	uint32_t bits = f2u(f), mag = bits & 0x7FFFFFFF;
	bool neg = bits >> 31, upper = conv >= 'A' && conv <= 'Z';
	char lc = (char) (conv | 0x20), pre[4];
	uint8_t npre = 0;
	out_t o = { buf, size, 0, upper }, count = { NULL, 0, 0, upper };
	body_t b;
	int16_t len;

	if (prec > 60)
		prec = 60;
	b.word = NULL;
	b.alt = flags & NUM_FMT_ALT;
	b.kind = 'd';
	if (lc == 'd' || lc == 'i' || lc == 'o' || lc == 'x') {
		dec_int(&b.x, mag, lc == 'o' ? 8 : lc == 'x' ? 16 : 10);
		neg &= b.x.d[0] != '0';
	} else if (mag > 0x7F800000) {
		b.word = "nan";
		neg = false;	/* Python never shows a sign on nan */
	} else if (mag == 0x7F800000) {
		b.word = "inf";
	} else {
		if (prec < 0)
			prec = 6;
		dec_exact(&b.x, mag);
		if (lc == 'f') {
			dec_round(&b.x, b.x.decpt + prec, R_EVEN);
			b.kind = 'f';
		} else if (lc == 'e') {
			dec_round(&b.x, prec + 1, R_EVEN);
			b.kind = 'e';
		} else {
			if (!prec)
				prec = 1;
			dec_round(&b.x, prec, R_EVEN);
			b.kind = 'g';
		}
	}
	b.prec = prec;

	if (neg)
		pre[npre++] = '-';
	else if (flags & (NUM_FMT_PLUS | NUM_FMT_SPACE))
		pre[npre++] = flags & NUM_FMT_PLUS ? '+' : ' ';
	if (b.alt && (lc == 'o' || lc == 'x')) {
		pre[npre++] = '0';
		pre[npre++] = lc;
	}

	emit_body(&count, &b);
	len = (int16_t) (width - npre - (int16_t) count.pos);
	if (!(flags & (NUM_FMT_MINUS | NUM_FMT_ZERO)))
		pad(&o, ' ', len);
	for (uint8_t i = 0; i < npre; i++)
		put(&o, pre[i]);
	if ((flags & (NUM_FMT_MINUS | NUM_FMT_ZERO)) == NUM_FMT_ZERO)
		pad(&o, '0', len);	/* zeros go between sign/prefix and digits */
	emit_body(&o, &b);
	if (flags & NUM_FMT_MINUS)
		pad(&o, ' ', len);
	return finish(&o);
}
