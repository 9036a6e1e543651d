/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Cortex-M pieces shared by the SAMD21 boards and the QEMU build
 * offer each other. */
#ifndef SNEK_ARM_H
#define SNEK_ARM_H

#include <stdint.h>

/* systick.c: a 1 ms tick on the CPU clock (ARM_CPU_HZ). */
void arm_systick_init(void);
uint32_t arm_ticks(void);

#endif
