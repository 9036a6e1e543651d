/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The stored program lives in the 1 KB EEPROM: text from address 0, ended
 * by 0xFF (the erased state). Each write takes 3.4 ms: unchanged bytes
 * are skipped (eeprom_update_byte), which also spares the cells. */
#include "snek.h"
#include <avr/eeprom.h>

uint16_t hal_storage_size(void)
{
	return E2END + 1;
}

uint8_t hal_storage_read(uint16_t addr)
{
	return eeprom_read_byte((const uint8_t *)addr);
}

void hal_storage_put(uint16_t addr, uint8_t byte)
{
	eeprom_update_byte((uint8_t *)addr, byte);
}

/* Only the end mark matters after the text: reading stops at 0xFF. */
void hal_storage_write(const uint8_t *data, uint16_t len)
{
	uint16_t i;

	for (i = 0; i < len; i++)
		hal_storage_put(i, data[i]);
	if (len <= E2END)
		hal_storage_put(len, 0xFF);
}

int hal_file_getc(void)
{
	return -1;
}
