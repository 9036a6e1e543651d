/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The random module: a 32-bit xorshift generator. */
#include "snek.h"

/* Zero until seeded (bss: no initial value to copy at start), which the
 * generator reads as all ones: xorshift never reaches zero itself. */
static uint32_t state;

void random_init(uint32_t seed)
{
	state = seed;
}

/* x ^ (x << s), or for negative s x ^ (x >> -s): one shift loop for
 * the three steps (an 8-bit CPU shifts 32 bits in a loop anyway). */
__attribute__((noinline)) static uint32_t xor_shifted(uint32_t x, int8_t s)
{
	uint32_t y = x;

	for (; s > 0; s--)
		y <<= 1;
	for (; s < 0; s++)
		y >>= 1;
	return x ^ y;
}

static uint32_t next(void)
{
	uint32_t x = state;

	if (!x)
		x = ~x;
	state = xor_shifted(xor_shifted(xor_shifted(x, 13), -17), 5);
	return state;
}

/* The float's bits, spread by a few steps of the generator (a whole
 * number's low bits are zeros): no 32-bit multiply to pull in. */
value_t builtin_seed(uint8_t nargs, value_t *args)
{
	float f = builtin_arg_num(args);
	uint8_t i;

	(void)nargs;
	memcpy(&state, &f, sizeof state);
	for (i = 0; i < 4; i++)
		next();
	return builtin_none();
}

value_t builtin_random(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	/* 24 random bits: every float32 step in [0, 1). */
	return val_from_num((float)(next() >> 8) / 16777216.0f);
}

/* Draws below the power of two above n - 1 until one is below n: exactly
 * uniform (fewer than two draws on average), and no 32-bit division. */
value_t builtin_randrange(uint8_t nargs, value_t *args)
{
	int32_t n = builtin_arg_int(args);
	uint32_t top, mask = 0, r;

	(void)nargs;
	if (n <= 0)
		err_invalid_value(args[0]);
	top = (uint32_t)n - 1;
	while (mask < top)
		mask = mask << 1 | 1;
	do
		r = next() & mask;
	while (r > top);
	return val_from_num((float)r);
}
