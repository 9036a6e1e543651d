/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the QEMU port's files share. */
#ifndef SNEK_QEMU_H
#define SNEK_QEMU_H

#include <stdint.h>

/* The nRF51's UART0 interrupt. */
#define QEMU_IRQ_UART0 2

void uart_init(void);
void uart_putc(uint8_t c);
void qemu_uart0_isr(void);

#endif
