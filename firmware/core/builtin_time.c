/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The time module. */
#include "snek.h"

value_t builtin_sleep(uint8_t nargs, value_t *args)
{
	float s = builtin_num(args);

	(void)nargs;
	if (s > 0) {
		hal_flush();
		hal_sleep(s); /* ^C: the VM checks after every builtin */
	}
	return VAL_NONE;
}

value_t builtin_monotonic(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	return val_from_num(hal_monotonic());
}
