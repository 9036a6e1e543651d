/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Uno's float functions where avr-libc's fall short or are missing.
 *
 * exp, log and pow within 2 units in the last place (ulp) of the correctly
 * rounded result (avr-libc's exp, working in float, was 96 ulp off near
 * exp(88), its log 4), and whole powers exact whenever a float holds the
 * result: on the chip in mathf_asm.S, which describes them, and here in C,
 * step for step, for the host test. tests/firmware/test_uno_math.py
 * measures both: the C over a million inputs on the host, the assembly
 * over sweeps on the simulated chip.
 *
 * The rest: the C99 functions the full math module uses that avr-libc
 * leaves out, built on the ones above, accurate to a few ulp. */
#include <math.h>
#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "mathf.h"

#define LN2 0.69314718f

#ifndef __AVR__
#define ONE 0x3f800000u /* 1.0f's bits */
#define INF 0x7f800000u

static uint32_t bits(float x)
{
	uint32_t b;

	memcpy(&b, &x, sizeof b);
	return b;
}

/* mathf_asm.S in C: each function is the routine of the same name there,
 * A and B its registers of those names. */

/* (a b + 2^31) / 2^32 */
static uint32_t mul_hi(uint32_t a, uint32_t b)
{
	return (uint32_t)(((uint64_t)a * b + 0x80000000u) >> 32);
}

/* The coefficients, the last first. */
static const uint32_t log2_series[] = {
	0x15ce7860, 0x1a58d94d, 0x24eeeffa, 0x3d8e13a2, 0xb8aa3b29,
};
static const uint32_t exp2_poly[] = {
	0x00005ad0, 0x000257c3, 0x001600df, 0x009d8217, 0x038d6611, 0x0f5fde60, 0x2c5c8606, 0x40000000,
};

static uint32_t horner(const uint32_t *c, int n, uint32_t b)
{
	uint32_t a = 0;

	while (n--)
		a = mul_hi(a, b) + *c++;
	return a;
}

/* |x| = m 2^e, m in [2^23, 2^24), for finite x != 0 */
static uint32_t split(float x, int16_t *e)
{
	uint32_t a = bits(x) & 0x7fffffff;
	int16_t ex = (int16_t)(a >> 23);

	a &= 0x7fffff;
	if (ex)
		a |= 0x800000;
	else
		for (ex = 1; !(a & 0x800000); ex--)
			a <<= 1;
	*e = ex - 150;
	return a;
}

/* |log2 x| = a 2^le, *neg when log2 x < 0, for a finite x > 0 */
static uint32_t log2_(float x, int16_t *le, bool *neg)
{
	int16_t e;
	uint32_t a = split(x, &e), one = 0x800000, den, q, z;
	int8_t j = -3;
	uint8_t n, i;

	*neg = false;
	if (a >= 0xb504f4) { /* 2^23 sqrt 2 */
		one = 0x1000000;
		e++;
	}
	e += 23;
	den = a + one;
	if (a < one) {
		a = one - a;
		*neg = true;
	} else {
		a -= one;
	}
	if (a) {
		for (; a < den; j++)
			a <<= 1;
		for (q = 0, i = 32; i; i--) {
			q <<= 1;
			if (a >= den) {
				a -= den;
				q |= 1;
			}
			a <<= 1;
		}
		q += a >= den; /* rounded */
		z = 2 * j + 4 < 32 ? mul_hi(q, q) >> (2 * j + 4) : 0;
		a = mul_hi(horner(log2_series, 5, z), q);
	}
	if (!e) {
		*le = -32 - j;
		return a;
	}
	for (; j > 0; j--)
		a >>= 1;
	n = (uint8_t)(e < 0 ? -e : e);
	if (*neg != (e < 0)) {
		a = -a;
		n -= a != 0;
	}
	*neg = e < 0;
	for (*le = -32; n; n >>= 1, (*le)++)
		a = a >> 1 | (uint32_t)n << 31;
	return a;
}

/* 2^t for t = y b 2^le, negated when neg */
static float exp2_times(float y, uint32_t b, int16_t le, bool neg)
{
	int16_t s, e;
	uint64_t r = split(y, &e);
	uint16_t n;
	uint32_t a;

	neg ^= bits(y) >> 31;
	s = e + le + 32;
	r *= b; /* |t| = r 2^(s - 32), exactly */
	if (s >= -14)
		return neg ? 0.0f : INFINITY;
	r = s > -64 ? r >> -s : 0; /* |t| = n + a 2^-32 */
	n = (uint16_t)(r >> 32);
	a = (uint32_t)r;
	if (neg) { /* -|t| - 2^-32 */
		n = (uint16_t)~n;
		a = ~a;
	}
	return ldexpf((float)horner(exp2_poly, 8, a), (int16_t)n - 30);
}

static float core_log(float x)
{
	int16_t le;
	bool neg;
	uint32_t a = log2_(x, &le, &neg);

	x = ldexpf((float)mul_hi(a, 0xb17217f8), le); /* ln 2 2^32 */
	return neg ? -x : x;
}

static float core_exp(float x)
{
	return exp2_times(x, 0xb8aa3b29, -31, false); /* log2 e 2^31 */
}

static float core_pow(float x, float y)
{
	int16_t le;
	bool neg;
	uint32_t a = log2_(x, &le, &neg);

	return exp2_times(y, a, le, neg);
}

float mathf_exp(float x)
{
	uint32_t b = bits(x) << 1;

	if (b > INF << 1) /* nan */
		return x;
	return b ? core_exp(x) : 1;
}

float mathf_log(float x)
{
	uint32_t b = bits(x);

	if (b - 1 >= INF - 1) /* not in (0, inf) */
		return !(b << 1) ? -INFINITY : b > INF ? NAN : x;
	return core_log(x);
}

/* *r = x^n for a whole n, 0 < |n| < 16, when x = m 2^k for an odd m and
 * m^|n| < 2^24: then x^|n| is a float exactly, and x^-|n| = 1 / m^|n|
 * 2^(-k |n|) is rounded once. False beyond that. */
static bool exact_power(float x, int16_t n, bool neg, float *r)
{
	int16_t k;
	uint64_t m = split(x, &k), p;
	uint8_t i;

	while (!(m & 1)) {
		m >>= 1;
		k++;
	}
	for (p = m, i = (uint8_t)n; --i;)
		if ((p *= m) >= 0x1000000)
			return false;
	if (neg)
		*r = ldexpf(1 / (float)p, -k * n);
	else
		*r = ldexpf((float)p, k * n);
	return true;
}

/* C99's and Python's answers (math.pow) where x is not finite and > 0 or
 * y finite and not 0: 1 for y = 0 or x = 1 (even nan), and for x = -1, y =
 * +-inf; nan for a finite x < 0 and a y not whole; 0 or inf for x = 0 or
 * +-inf or y = +-inf; the sign of x for an odd y. */
float mathf_pow(float x, float y)
{
	uint32_t bx = bits(x), by = bits(y), ax = bx << 1, ay = by << 1, a;
	int16_t e;
	bool neg = false;
	float r;

	if (!ay || bx == ONE)
		return 1;
	if (ax > INF << 1 || ay > INF << 1)
		return NAN;
	for (a = split(y, &e); !(a & 1) && e < 0; e++) /* |y| = a 2^e */
		a >>= 1;
	if (!e && a & 1 && bx >> 31) /* y odd, x < 0 */
		neg = true;
	if (e < 0 && bx > 0x80000000u && ax < INF << 1) /* y not whole, x < 0 */
		return NAN;
	if (ax == ONE << 1)
		r = 1;
	else if (!ax || ax == INF << 1) /* (y = +-inf: core_pow gives the same) */
		r = (ax >> 24 >= 127) != by >> 31 ? INFINITY : 0;
	else if (e || a >= 16 || !exact_power(x, (int16_t)a, by >> 31, &r))
		r = core_pow(x, y);
	return neg ? -r : r;
}

#endif

/* Round half to even; x - floor(x) is exact in binary floating point. */
float rintf(float x)
{
	float f, d;

	if (!(fabsf(x) < 8388608.0f)) /* 2^23: already whole (or inf, nan) */
		return x;
	f = floorf(x);
	d = x - f;
	if (d > 0.5f || (d == 0.5f && fmodf(f, 2.0f) != 0))
		f += 1;
	return copysignf(f, x);
}

/* x - n*y with n the nearest whole number to x/y, ties to even n; every
 * step is exact (fmod is, and the subtractions stay within a factor 2). */
float remainderf(float x, float y)
{
	float ay = fabsf(y), r, m;
	int odd;

	if (isnan(x) || isnan(y) || isinf(x) || y == 0)
		return NAN;
	if (isinf(y))
		return x;
	r = ay <= FLT_MAX / 2 ? fmodf(fabsf(x), 2 * ay) : fabsf(x);
	odd = r >= ay;
	m = odd ? r - ay : r;
	if (m > ay / 2 || (m == ay / 2 && odd))
		m -= ay;
	return copysignf(1.0f, x) * m;
}

float exp2f(float x)
{
	float n;

	if (!(x > -150.0f))
		return isnan(x) ? x : 0.0f;
	if (x > 128.0f)
		return INFINITY;
	n = floorf(x);
	return ldexpf(n == x ? 1.0f : expf((x - n) * LN2), (int)n);
}

/* Kahan's trick: the rounding error of u = e^x cancels in (u-1)*x/log(u). */
float expm1f(float x)
{
	float u = expf(x);

	if (u == 1.0f)
		return x;
	if (fabsf(x) >= 0.5f)
		return u - 1.0f;
	return (u - 1.0f) * x / logf(u);
}

float log1pf(float x)
{
	float u = 1.0f + x;

	if (u == 1.0f)
		return x;
	if (isinf(u))
		return u;
	return logf(u) * x / (u - 1.0f);
}

float log2f(float x)
{
	int e;
	float m;

	if (!(x > 0) || isinf(x))
		return x == 0 ? -INFINITY : x < 0 ? NAN : x;
	m = frexpf(x, &e);
	return (float)e + logf(m) / LN2;
}

float asinhf(float x)
{
	float a = fabsf(x);

	if (a > 1e10f || isinf(a))
		return copysignf(logf(a) + LN2, x);
	return copysignf(log1pf(a + a * a / (1.0f + sqrtf(1.0f + a * a))), x);
}

float acoshf(float x)
{
	if (x < 1.0f)
		return NAN;
	if (x > 1e10f)
		return logf(x) + LN2;
	return log1pf((x - 1.0f) + sqrtf((x - 1.0f) * (x + 1.0f)));
}

float atanhf(float x)
{
	float a = fabsf(x);

	if (a > 1.0f)
		return NAN;
	if (a == 1.0f)
		return copysignf(INFINITY, x);
	return copysignf(0.5f * log1pf(2.0f * a / (1.0f - a)), x);
}

/* erfc by the Chebyshev fit of Numerical Recipes (relative error below
 * 1.2e-7 everywhere), erf by its series near 0 where 1 - erfc loses digits. */
float erfcf(float x)
{
	float z = fabsf(x), t = 1.0f / (1.0f + 0.5f * z), r;

	r = t * expf(-z * z - 1.26551223f +
		     t * (1.00002368f + t * (0.37409196f + t * (0.09678418f +
		     t * (-0.18628806f + t * (0.27886807f + t * (-1.13520398f +
		     t * (1.48851587f + t * (-0.82215223f + t * 0.17087277f)))))))));
	return x >= 0 ? r : 2.0f - r;
}

float erff(float x)
{
	float x2 = x * x;

	if (fabsf(x) < 0.5f)
		return 1.12837917f * x * (1.0f - x2 / 3 * (1.0f - x2 * 3 / 10 * (1.0f - x2 * 5 / 21 *
			(1.0f - x2 * 7 / 36 * (1.0f - x2 * 9 / 55)))));
	return x > 0 ? 1.0f - erfcf(x) : erfcf(-x) - 1.0f;
}

/* log(gamma(x)) for x > 0: Lanczos' series (g = 5, six terms). */
static float lanczos_lgamma(float x)
{
	/* Written out: a table would be copied into scarce RAM. */
	float t = x + 5.5f, s = 1.000000000190015f + 76.18009173f / (x + 1) -
		86.50532033f / (x + 2) + 24.01409824f / (x + 3) - 1.231739572f / (x + 4) +
		0.1208650974e-2f / (x + 5) - 0.5395239385e-5f / (x + 6);

	return (x + 0.5f) * logf(t) - t + logf(2.5066282746f * s / x);
}

float tgammaf(float x)
{
	float r = 1.0f;
	int i;

	if (isnan(x) || x == -INFINITY || (x <= 0 && floorf(x) == x))
		return NAN;
	if (x > 35.1f)
		return INFINITY;
	if (floorf(x) == x) { /* whole numbers exactly: (x-1)! */
		for (i = 2; i < (int)x; i++)
			r *= (float)i;
		return r;
	}
	if (x < 0.5f) /* reflection */
		return (float)M_PI / (sinf((float)M_PI * x) * tgammaf(1.0f - x));
	return expf(lanczos_lgamma(x));
}

float lgammaf(float x)
{
	if (isnan(x) || isinf(x))
		return fabsf(x);
	if (x <= 0 && floorf(x) == x)
		return INFINITY;
	if (x < 0.5f)
		return logf((float)M_PI / fabsf(sinf((float)M_PI * x))) - lanczos_lgamma(1.0f - x);
	return lanczos_lgamma(x);
}
