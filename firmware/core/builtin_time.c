/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The time module. */
#include "snek.h"

value_t builtin_sleep(uint8_t nargs, value_t *args)
{
	(void)nargs;
	hal_flush();
	hal_sleep(builtin_arg_num(args)); /* ^C: the VM checks after every builtin */
	return builtin_none();
}

value_t builtin_monotonic(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	return val_from_num(hal_monotonic());
}
