/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The console over USB (usb_samd21.c): the board's hal_putc, hal_flush
 * and hal_console_wait, and the bytes the USB interrupt hands to
 * console_rx. */
#ifndef SNEK_USB_SERIAL_H
#define SNEK_USB_SERIAL_H

#include <stdint.h>
#include "usb_cdc.h"

void usb_init(const struct usb_identity *id);

/* From the 1 ms tick: go on with a received packet the console had no
 * room for, and reboot into the bootloader when the host asked. */
void usb_tick(void);

/* An answer from the receive path (DC4's echo): queued without waiting,
 * since it runs in the USB interrupt. */
void usb_serial_answer(uint8_t c);

#endif
