/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two-slot program storage (storage.h explains the design).
 *
 * A slot: page 0 the header, the text from page 1. The header:
 *
 *   0  magic "Snek" (0x6B656E53)
 *   4  sequence number: one more than the other slot's at writing
 *   8  text length in bytes
 *   12 CRC-32 of the text, then of bytes 0-11 of the header
 *
 * The rest of the header page stays erased. Storing erases the other
 * slot's rows that the new text needs, writes the text pages, then the
 * header page. Until that last page is fully written the old slot stays
 * the newest valid one; the old slot itself is never touched. */
#include "storage.h"
#include "flash.h"
#include <string.h>

#define MAGIC 0x6B656E53u

struct header {
	uint32_t magic, sequence, length, crc;
};

static uint32_t slots_base;
static int8_t current = -1; /* the slot holding the program, or -1 */

uint32_t storage_crc(uint32_t crc, const uint8_t *p, uint32_t len)
{
	uint8_t bit;

	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
	}
	return ~crc;
}

static uint32_t slot_addr(uint8_t slot)
{
	return slots_base + (uint32_t)slot * STORAGE_SLOT;
}

static struct header header_of(uint8_t slot)
{
	struct header h;

	memcpy(&h, flash_at(slot_addr(slot)), sizeof h);
	return h;
}

static uint32_t header_crc(const struct header *h, const uint8_t *text)
{
	return storage_crc(storage_crc(0, text, h->length), (const uint8_t *)h, 12);
}

static bool valid(uint8_t slot)
{
	struct header h = header_of(slot);

	return h.magic == MAGIC && h.length <= STORAGE_ROOM &&
	       h.crc == header_crc(&h, flash_at(slot_addr(slot) + STORAGE_HEADER));
}

/* The newer of two valid slots, by sequence numbers that may wrap. */
void storage_init(uint32_t base)
{
	bool a, b;

	slots_base = base;
	a = valid(0);
	b = valid(1);
	if (a && b)
		current = (int32_t)(header_of(1).sequence - header_of(0).sequence) > 0;
	else
		current = a ? 0 : b ? 1 : -1;
}

uint16_t storage_length(void)
{
	return current < 0 ? 0 : (uint16_t)header_of((uint8_t)current).length;
}

const uint8_t *storage_text(void)
{
	return flash_at(slot_addr(current < 0 ? 0 : (uint8_t)current) + STORAGE_HEADER);
}

bool storage_store(const uint8_t *text, uint16_t len)
{
	uint8_t slot = current == 0 ? 1 : 0;
	uint32_t base = slot_addr(slot), at, n, words[FLASH_PAGE / 4];
	struct header h = { MAGIC, 1, len, 0 };

	if (len > STORAGE_ROOM)
		return false;
	if (current >= 0)
		h.sequence = header_of((uint8_t)current).sequence + 1;
	h.crc = header_crc(&h, text);
	for (at = 0; at < STORAGE_HEADER + (uint32_t)len; at += FLASH_ROW)
		flash_erase_row(base + at);
	for (at = 0; at < len; at += FLASH_PAGE) {
		n = len - at < FLASH_PAGE ? len - at : FLASH_PAGE;
		memset(words, 0xFF, sizeof words);
		memcpy(words, text + at, n);
		flash_write_page(base + STORAGE_HEADER + at, words);
	}
	memset(words, 0xFF, sizeof words);
	memcpy(words, &h, sizeof h);
	flash_write_page(base, words);
	if (!valid(slot)) /* the flash failed us: keep the old program */
		return false;
	current = (int8_t)slot;
	return true;
}
