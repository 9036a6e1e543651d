/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The math module: float32 versions of Python's math functions. Domain
 * errors give nan, as Snek's float model does. */
#include "snek.h"
#include <math.h>

#if SNEK_MATH

#define ARG(i) val_to_num(args[i])
#define RET(x) return val_from_num(x)

/* One-argument functions that map straight onto libm. */
#define MATH1(name, expr)						\
	value_t builtin_##name(uint8_t nargs, value_t *args)		\
	{								\
		float x = ARG(0);					\
		(void)nargs;						\
		RET(expr);						\
	}

/* Two-argument ones. */
#define MATH2(name, expr)						\
	value_t builtin_##name(uint8_t nargs, value_t *args)		\
	{								\
		float x = ARG(0), y = ARG(1);				\
		(void)nargs;						\
		RET(expr);						\
	}

MATH1(ceil, ceilf(x) + 0.0f)
MATH1(fabs, fabsf(x))
MATH1(floor, floorf(x) + 0.0f)
MATH1(trunc, truncf(x) + 0.0f)
MATH1(exp, expf(x))
MATH1(expm1, expm1f(x))
MATH1(exp2, exp2f(x))
MATH1(log1p, log1pf(x))
MATH1(log2, log2f(x))
MATH1(log10, log10f(x))
MATH1(acos, acosf(x))
MATH1(asin, asinf(x))
MATH1(atan, atanf(x))
MATH1(cos, cosf(x))
MATH1(sin, sinf(x))
MATH1(tan, tanf(x))
MATH1(degrees, x * (180.0f / 3.14159265358979f))
MATH1(radians, x * (3.14159265358979f / 180.0f))
MATH1(acosh, acoshf(x))
MATH1(asinh, asinhf(x))
MATH1(atanh, atanhf(x))
MATH1(cosh, coshf(x))
MATH1(sinh, sinhf(x))
MATH1(tanh, tanhf(x))
MATH1(erf, erff(x))
MATH1(erfc, erfcf(x))
MATH1(gamma, tgammaf(x))
MATH1(lgamma, lgammaf(x))
MATH1(sqrt, sqrtf(x))
MATH2(copysign, copysignf(x, y))
MATH2(fmod, fmodf(x, y))
MATH2(remainder, remainderf(x, y))
MATH2(pow, powf(x, y))
MATH2(atan2, atan2f(x, y))
MATH2(hypot, hypotf(x, y))
value_t builtin_ldexp(uint8_t nargs, value_t *args)
{
	(void)nargs;
	RET(ldexpf(ARG(0), (int)val_to_int(args[1])));
}

value_t builtin_log(uint8_t nargs, value_t *args)
{
	float x = logf(ARG(0));

	if (nargs == 2)
		x /= logf(ARG(1));
	RET(x);
}

value_t builtin_isfinite(uint8_t nargs, value_t *args)
{
	(void)nargs;
	return VAL_BOOL(isfinite(ARG(0)));
}

value_t builtin_isinf(uint8_t nargs, value_t *args)
{
	(void)nargs;
	return VAL_BOOL(isinf(ARG(0)));
}

value_t builtin_isnan(uint8_t nargs, value_t *args)
{
	(void)nargs;
	return VAL_BOOL(isnan(ARG(0)));
}

value_t builtin_factorial(uint8_t nargs, value_t *args)
{
	int32_t n = val_to_int(args[0]);
	float r = 1;

	(void)nargs;
	if (n < 0)
		err_invalid_value(args[0]);
	while (n > 1 && r < INFINITY)
		r *= (float)n--;
	RET(r);
}

value_t builtin_gcd(uint8_t nargs, value_t *args)
{
	int32_t a = val_to_int(args[0]), b = val_to_int(args[1]), t;

	(void)nargs;
	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b) {
		t = a % b;
		a = b;
		b = t;
	}
	RET((float)a);
}

/* Python's defaults: rel_tol=1e-9, abs_tol=0. */
value_t builtin_isclose(uint8_t nargs, value_t *args)
{
	float a = ARG(0), b = ARG(1), rel = 1e-9f, abs_tol = 0, diff;
	value_t v;

	(void)nargs;
	if ((v = vm_named_arg(NAME_rel_tol)) != VAL_UNSET)
		rel = val_to_num(v);
	if ((v = vm_named_arg(NAME_abs_tol)) != VAL_UNSET)
		abs_tol = val_to_num(v);
	if (a == b)
		return VAL_TRUE;
	if (isinf(a) || isinf(b))
		return VAL_FALSE;
	diff = fabsf(a - b);
	return VAL_BOOL(diff <= fabsf(rel * b) || diff <= fabsf(rel * a) || diff <= abs_tol);
}

/* Pairs come back as tuples, as in Python. */
static value_t pair(float a, float b)
{
	value_t t = tuple_new(2);

	tuple_ptr(t)->items[0] = val_from_num(a);
	tuple_ptr(t)->items[1] = val_from_num(b);
	return t;
}

value_t builtin_frexp(uint8_t nargs, value_t *args)
{
	int e = 0;
	float m = frexpf(ARG(0), &e);

	(void)nargs;
	return pair(m, (float)e);
}

value_t builtin_modf(uint8_t nargs, value_t *args)
{
	float i, f = modff(ARG(0), &i);

	(void)nargs;
	return pair(f, i);
}

/* Kahan-compensated sum of a list or tuple. */
value_t builtin_fsum(uint8_t nargs, value_t *args)
{
	float sum = 0, comp = 0, y, t;
	snek_len_t n, i;

	(void)nargs;
	if (!VAL_IS(args[0], TAG_LIST) && !VAL_IS(args[0], TAG_TUPLE))
		err_invalid_type(args[0]);
	seq_items(args[0], &n);
	for (i = 0; i < n; i++) {
		y = val_to_num(seq_items(args[0], &n)[i]) - comp;
		t = sum + y;
		comp = (t - sum) - y;
		sum = t;
	}
	RET(sum);
}
#endif
