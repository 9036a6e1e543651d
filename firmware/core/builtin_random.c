/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The random module: a 32-bit xorshift generator. */
#include "snek.h"

static uint32_t state = 2463534242u;

void random_init(uint32_t seed)
{
	state = seed ? seed : 2463534242u;
}

static uint32_t next(void)
{
	state ^= state << 13;
	state ^= state >> 17;
	state ^= state << 5;
	return state;
}

value_t builtin_seed(uint8_t nargs, value_t *args)
{
	float f = val_to_num(args[0]);
	uint32_t bits;

	(void)nargs;
	memcpy(&bits, &f, sizeof bits);
	random_init(bits * 2654435761u + 1);
	return VAL_NONE;
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
	int32_t n = val_to_int(args[0]);

	(void)nargs;
	if (n <= 0)
		err_invalid_value(args[0]);
	return val_from_num((float)(next() % (uint32_t)n));
}
