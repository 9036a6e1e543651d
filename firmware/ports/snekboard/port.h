/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Cortex-M0+ specifics the core needs: tables and strings are plain
 * memory (flash is in the address space); console_rx runs in the USB (or,
 * under QEMU, the UART) interrupt, so the core takes bytes from the
 * console ring with interrupts held off. */
#ifndef SNEK_ARM_PORT_H
#define SNEK_ARM_PORT_H

#include <stdint.h>

static inline uint32_t arm_irq_save(void)
{
	uint32_t primask;

	__asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask) :: "memory");
	return primask;
}

static inline void arm_irq_restore(uint32_t primask)
{
	__asm__ volatile("msr primask, %0" :: "r"(primask) : "memory");
}

#define SNEK_ATOMIC_BEGIN() uint32_t snek_primask_ = arm_irq_save()
#define SNEK_ATOMIC_END() arm_irq_restore(snek_primask_)

/* The SAMD21 boards' USB console (usb_samd21.c), named by config.h's
 * HAL_RX_ANSWER and ARM_TICK_HOOK: an answer from the receive path
 * (DC4's echo), queued without waiting since it runs in the interrupt;
 * and, every millisecond, going on with a received packet the console had
 * no room for, and the reboot into the bootloader the host asked for. */
void usb_serial_answer(uint8_t c);
void usb_tick(void);

#endif
