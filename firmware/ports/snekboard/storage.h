/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The stored program in flash, safe against a power cut while storing:
 * two slots, each a header page then the text. A new program goes into
 * the slot not in use, its header written last; the header's CRC covers
 * the text, so a slot whose writing was cut short never validates, and
 * the slot with the newest valid header is the program. */
#ifndef SNEK_STORAGE_H
#define SNEK_STORAGE_H

#include <stdint.h>
#include <stdbool.h>

#define STORAGE_SLOT (16 * 1024)              /* bytes per slot, whole rows */
#define STORAGE_HEADER 64                     /* one page */
#define STORAGE_ROOM (STORAGE_SLOT - STORAGE_HEADER) /* the longest program */

/* The two slots start at base (row aligned): 2 * STORAGE_SLOT bytes. */
void storage_init(uint32_t base);

/* The stored program: its length and text (in flash). */
uint16_t storage_length(void);
const uint8_t *storage_text(void);

/* Store a program (len <= STORAGE_ROOM); false, the old one kept, if it
 * is longer. */
bool storage_store(const uint8_t *text, uint16_t len);

/* CRC-32 (IEEE 802.3), bit by bit: no table in flash. */
uint32_t storage_crc(uint32_t crc, const uint8_t *p, uint32_t len);

#endif
