/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Cortex-M0(+) core's own peripherals (ARMv6-M Architecture Reference
 * Manual, B3): SysTick, the NVIC and the system control block. Every
 * ARMv6-M chip has them at these addresses, the SAMD21 and QEMU's
 * micro:bit alike. */
#ifndef SNEK_CORTEX_M_H
#define SNEK_CORTEX_M_H

#include <stdint.h>

#define REG32(addr) (*(volatile uint32_t *)(addr))

/* SysTick: a 24-bit down-counter on the CPU clock. */
#define SYST_CSR REG32(0xE000E010)
#define SYST_RVR REG32(0xE000E014)
#define SYST_CVR REG32(0xE000E018)
#define SYST_CSR_ENABLE (1u << 0)
#define SYST_CSR_TICKINT (1u << 1)
#define SYST_CSR_CLKSOURCE (1u << 2) /* the CPU clock */

/* NVIC: one bit per external interrupt. */
#define NVIC_ISER REG32(0xE000E100)
#define NVIC_ICER REG32(0xE000E180)
#define NVIC_IPR(n) REG32(0xE000E400 + 4 * ((n) / 4))

/* System control block. VTOR, where the vector table is, exists on the
 * Cortex-M0+ (the SAMD21), not on the Cortex-M0. */
#define SCB_VTOR REG32(0xE000ED08)
#define SCB_AIRCR REG32(0xE000ED0C)
#define SCB_AIRCR_VECTKEY (0x05FAu << 16)
#define SCB_AIRCR_SYSRESETREQ (1u << 2)
#define SCB_SHPR3 REG32(0xE000ED20) /* SysTick's priority: bits 31:30 */

static inline void arm_irq_enable(void)
{
	__asm__ volatile("cpsie i" ::: "memory");
}

static inline void arm_irq_disable(void)
{
	__asm__ volatile("cpsid i" ::: "memory");
}

/* Sleep until an interrupt: one that is pending, even held off by
 * PRIMASK, ends it at once, so testing a flag with interrupts off and
 * then sleeping misses no wake-up. */
static inline void arm_wait_for_interrupt(void)
{
	__asm__ volatile("wfi" ::: "memory");
}

/* The vector table's first entries, which every Cortex-M0 has; the chip's
 * own interrupts follow (each port's vectors.c). */
typedef void (*arm_vector_t)(void);
extern uint32_t __stack[]; /* the linker script's top of RAM */
void _start(void);         /* picolibc's start-up: data, bss, then main */
void arm_systick_isr(void);
void arm_hardfault_isr(void);

#define ARM_CORE_VECTORS                                                        \
	(arm_vector_t)__stack, _start, arm_hardfault_isr /* NMI */, arm_hardfault_isr, \
	0, 0, 0, 0, 0, 0, 0, arm_hardfault_isr /* SVC */, 0, 0,                  \
	arm_hardfault_isr /* PendSV */, arm_systick_isr

#endif
