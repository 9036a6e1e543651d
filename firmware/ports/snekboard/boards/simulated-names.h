/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Snekboard's pin names for the host's simulated board
 * (ports/posix/board.c), from the firmware's own table, so the simulator
 * and the board agree: rows of its struct pin_name { name id, value },
 * the value a pin number or -1 - the motor's index. */
#include "rows.h"
#undef MOTOR
#define MOTOR(name, power, direction) SNEKBOARD_MOTOR_##name,
enum {
#include "snekboard.def"
};
#include "rows.h"
#undef NAME
#undef MOTOR
#define NAME(name, n) { NAME_##name, n },
#define MOTOR(name, power, direction) { NAME_##name, -1 - SNEKBOARD_MOTOR_##name },
static const struct pin_name snekboard_names[] = {
#include "snekboard.def"
	{ NAME_NONE, 0 },
};
#include "rows.h"
