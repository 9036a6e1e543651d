/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Uno's float functions where avr-libc's fall short or are missing:
 * pow exact for whole powers (tests/firmware/test_uno_math.py measures
 * them on the chip), and the C99 functions avr-libc leaves out, built on
 * the ones it has, accurate to a few ulp (for the full math module,
 * SNEK_MATH_FULL). */
#include <math.h>
#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "mathf.h"

#define LN2 0.69314718f

/* x^y, exact when y is whole and the result a float exactly: with x's
 * significand m 2^-k for an odd m, that is when m^|y| < 2^24, and then
 * every power of x on the way is exact too. For y < 0, 1 / x^|y| is
 * rounded once, and a power of two is raised as 1 / x, exactly. The rest
 * is e^(y log |x|), as avr-libc's pow, which rounds y log(x) to a float
 * (it gave 2 ** 10 as 1023.99927): the sign of x for an odd y, nan for
 * a negative x and any other y. */
float mathf_pow(float x, float y)
{
	float p = 1, c = 1;
	uint32_t m;
	int16_t n = (int16_t)y, i;
	bool whole = n == y; /* and |y| < 2^15 */

	if (whole) { /* (for n < 0 only a power of two is exact) */
		memcpy(&m, &x, sizeof m);
		for (m = (m & 0x7fffff) | 0x800000; !(m & 1); m >>= 1)
			;
		if (n < 0 && m == 1) {
			x = 1 / x;
			n = -n;
		}
		for (i = n; i > 0; i--) {
			p *= x;
			c *= (float)m;
		}
		if (c < 16777216.0f && n >= 0)
			return p;
	}
	p = exp(y * log(fabsf(x)));
	if (x < 0)
		return !whole ? NAN : n & 1 ? -p : p;
	return p;
}

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
