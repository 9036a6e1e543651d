/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Program storage (eeprom.*) and reset(). */
#include "snek.h"

value_t builtin_reset(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	hal_flush();
	err_reset();
}

#if SNEK_STORAGE
/* Read console bytes until ^D, then store them if they fit. Until then
 * the old program stays: a failed upload loses nothing. */
value_t builtin_eeprom_write(uint8_t nargs, value_t *args)
{
	snek_len_t len = 0;
	uint16_t room = hal_storage_size() ? (uint16_t)(hal_storage_size() - 1) : 0;
	int16_t c;

	(void)nargs;
	(void)args;
	GC_PUSH(VAL_NONE);
	for (;;) {
		c = console_getc();
		if (c == CONSOLE_INTR)
			err_interrupt();
		if (c < 0)
			err_format("upload cut short: the old program is kept");
		if (c == CTRL_D)
			break;
		buf_add(&GC_TEMP(0), &len, (char)c);
	}
	if (len > room)
		err_format("program too big: %d bytes, room for %d", (int32_t)len, (int32_t)room);
	hal_storage_write(len ? BUF_BYTES(GC_TEMP(0)) : NULL, (uint16_t)len);
	gc_ntemp--;
	return VAL_NONE;
}

value_t builtin_eeprom_show(uint8_t nargs, value_t *args)
{
	uint16_t i, size = hal_storage_size();
	uint8_t c;

	(void)args;
	if (nargs)
		hal_putc((char)CTRL_STX);
	for (i = 0; i < size && (c = hal_storage_read(i)) != 0xFF; i++)
		hal_putc((char)c);
	if (nargs)
		hal_putc((char)CTRL_C);
	hal_flush();
	return VAL_NONE;
}

value_t builtin_eeprom_load(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	lex_set_source(SOURCE_STORAGE);
	return VAL_NONE;
}

value_t builtin_eeprom_erase(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	hal_storage_write(NULL, 0);
	return VAL_NONE;
}
#endif
