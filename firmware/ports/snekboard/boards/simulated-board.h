/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Snekboard's entry of the host's board list (ports/posix/board.c,
 * included inside its initializer, after simulated-names.h), from the
 * firmware's own table: { name, pins, analog pins (a bit each), motors
 * (power, direction), how many motors, names }. */
{
	"snekboard",
	0
#include "rows.h"
#undef ANALOG
#undef DIGITAL
#define ANALOG(n, port, bit, ain, timer, cc, func) + 1
#define DIGITAL(n, port, bit, timer, cc, func) + 1
#include "snekboard.def"
	,
	0
#include "rows.h"
#undef ANALOG
#define ANALOG(n, port, bit, ain, timer, cc, func) | 1ul << (n)
#include "snekboard.def"
	,
	{
#include "rows.h"
#undef MOTOR
#define MOTOR(name, power, direction) { power, direction },
#include "snekboard.def"
	},
	0
#include "rows.h"
#undef MOTOR
#define MOTOR(name, power, direction) + 1
#include "snekboard.def"
	,
	snekboard_names,
},
#include "rows.h"
