/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The console over USB (usb_samd21.c): the board's hal_putc, hal_flush
 * and hal_console_wait, and the bytes the USB interrupt hands to
 * console_rx. usb_tick and usb_serial_answer, which config.h's macros
 * name, are declared in port.h. */
#ifndef SNEK_USB_SERIAL_H
#define SNEK_USB_SERIAL_H

#include <stdint.h>
#include "usb_cdc.h"

void usb_init(const struct usb_identity *id);

/* The USB interrupt (main.c's vector table). */
void usb_isr(void);

#endif
