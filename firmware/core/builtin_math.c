/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The math module: float32 versions of Python's math functions. Domain
 * errors give nan, as Snek's float model does. Functions of one or two
 * floats are rows of builtins.def (FLOAT1, FLOAT2) sharing one wrapper,
 * so one costs its names, table entries and its libm code. */
#include "snek.h"
#include <math.h>

#define ARG(i) builtin_arg_num(&args[i])
#define RET(x) return val_from_num(x)

/* Also the base module's abs. The AVR's libm has no fabs to point at
 * (the compiler inlines it). */
static float math_fabs(float x) { return fabsf(x); }

/* Python's floor, ceil and trunc give integers: never -0. trunc is also
 * int()'s. */
float math_trunc(float x) { return truncf(x) + 0.0f; }

#if SNEK_MATH
static float math_floor(float x) { return floorf(x) + 0.0f; }
/* 0 - floor(-x): ceil(-0.5) is 0, not -0, and libm's ceil stays out. */
static float math_ceil(float x) { return 0.0f - floorf(-x); }

#if SNEK_MATH_FULL
static float math_degrees(float x) { return x * (180.0f / 3.14159265358979f); }
static float math_radians(float x) { return x * (3.14159265358979f / 180.0f); }
#endif
#endif

/* The AVR's libm declares some functions with double, which is float
 * there: the casts only change the spelling. One table holds both kinds
 * as C's generic function pointer; the wrapper calls each as its row
 * says (a function of two floats takes two arguments). */
typedef void (*any_fn)(void);
typedef float (*float1_fn)(float);
typedef float (*float2_fn)(float, float);
#define FLOAT1_ENTRY(f) (any_fn)(float1_fn)(f),
#define FLOAT2_ENTRY(f) (any_fn)(float2_fn)(f),

#if BUILTIN_FLOAT_COUNT
static const any_fn float_fns[] SNEK_ROM = { BUILTIN_FLOAT_FNS(FLOAT1_ENTRY, FLOAT2_ENTRY) };

value_t builtin_floatfn(uint8_t nargs, value_t *args)
{
	any_fn fn = SNEK_ROM_PTR(&float_fns[BUILTIN_NTH(floatfn)]);
	float x;

#if BUILTIN_FLOAT2_FIRST < BUILTIN_FLOAT_COUNT
	if (BUILTIN_NTH(floatfn) >= BUILTIN_FLOAT2_FIRST) {
		float y = ARG(1); /* the second argument is checked first */

		RET(((float2_fn)fn)(ARG(0), y));
	}
#endif
	x = ((float1_fn)fn)(ARG(0));
	if (nargs == 2) /* a FLOAT1B row's base */
		x /= ((float1_fn)fn)(ARG(1));
	RET(x);
}
#endif

#if SNEK_MATH
#if SNEK_MATH_FULL
value_t builtin_ldexp(uint8_t nargs, value_t *args)
{
	(void)nargs;
	RET(ldexpf(ARG(0), (int)builtin_arg_int(&args[1])));
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
	int32_t n = builtin_arg_int(args);
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
	int32_t a = builtin_arg_int(args), b = builtin_arg_int(&args[1]), t;

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

/* Defaults rel_tol=1e-6 (Python's 1e-9 is below a float32's spacing of
 * 6e-8..1.2e-7, so it would mean ==) and abs_tol=0, as Python's: 1e-6 is
 * 8 to 16 units in the last place, room for the rounding of a few float32
 * operations, so what is close in CPython is close here (docs/numbers.md). */
value_t builtin_isclose(uint8_t nargs, value_t *args)
{
	float a = ARG(0), b = ARG(1), rel = 1e-6f, abs_tol = 0, diff;
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
#endif
