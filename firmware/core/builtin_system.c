/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Program storage (eeprom.*) and reset(). */
#include "snek.h"

value_t builtin_reset(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	hal_flush();
	hal_reset();
	err_reset();
}

#if SNEK_STORAGE
static uint16_t storage_room(void)
{
	return hal_storage_size() ? (uint16_t)(hal_storage_size() - 1) : 0;
}

#if SNEK_STORAGE_STREAM
/* Small chips have no heap to hold an upload: store each byte as it
 * comes. The stored program is made empty first and its first byte is
 * written last, on ^D, so an upload cut short or too big leaves an empty
 * program, never half of one (the IDE keeps the student's copy). A
 * program too big is read to its ^D all the same: the next line starts
 * in step. */
/* Both failures end with it: one copy in flash. */
static const char now_empty[] SNEK_ROM = "the stored program is now empty";

value_t builtin_eeprom_write(uint8_t nargs, value_t *args)
{
	uint16_t room = storage_room(), len = 0;
	uint8_t first = 0xFF;
	int16_t c;

	(void)nargs;
	(void)args;
	if (!room)
		err_format("program too big: no room");
	hal_storage_put(0, 0xFF);
	for (;;) {
		c = console_getc();
		if (c == CONSOLE_INTR)
			err_interrupt();
		if (c < 0)
			err_format("upload cut short: %S", ERR_PTR(now_empty));
		if (c == CTRL_D)
			break;
		if (len == 0)
			first = (uint8_t)c;
		else if (len < room)
			hal_storage_put(len, (uint8_t)c);
		if (len < UINT16_MAX)
			len++;
	}
	if (len > room)
		err_format("program too big: %d bytes, room for %d; %S",
			   (int32_t)len, (int32_t)room, ERR_PTR(now_empty));
	if (len) {
		hal_storage_put(len, 0xFF);
		hal_storage_put(0, first);
	}
	return builtin_none();
}
#else
/* Read console bytes until ^D, then store them if they fit. Until then
 * the old program stays: a failed upload loses nothing. */
value_t builtin_eeprom_write(uint8_t nargs, value_t *args)
{
	snek_len_t len = 0;
	uint16_t room = storage_room();
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
	return builtin_none();
}
#endif

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
		hal_putc((char)CTRL_ETX);
	hal_flush();
	return builtin_none();
}

value_t builtin_eeprom_load(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	lex_set_source(SOURCE_STORAGE);
	return builtin_none();
}

value_t builtin_eeprom_erase(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	hal_storage_write(NULL, 0);
	return builtin_none();
}
#endif
