/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The random module: a 32-bit xorshift generator. */
#include "snek.h"

static uint32_t state = 2463534242u;

void random_init(uint32_t seed)
{
	state = seed ? seed : 2463534242u;
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
	state = xor_shifted(xor_shifted(xor_shifted(state, 13), -17), 5);
	return state;
}

value_t builtin_seed(uint8_t nargs, value_t *args)
{
	float f = builtin_num(args);
	uint32_t bits;

	(void)nargs;
	memcpy(&bits, &f, sizeof bits);
	random_init(bits * 2654435761u + 1);
	return builtin_none();
}

value_t builtin_random(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	/* 24 random bits: every float32 step in [0, 1). */
	return val_from_num((float)(next() >> 8) / 16777216.0f);
}

value_t builtin_randrange(uint8_t nargs, value_t *args)
{
	int32_t n = builtin_int(args);

	(void)nargs;
	if (n <= 0)
		err_invalid_value(args[0]);
	return val_from_num((float)(next() % (uint32_t)n));
}
