/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Program storage (eeprom.*) and reset(). */
#include "snek.h"

/* A ^C that came first stops the program instead: a program that
 * resets at once can still be stopped. */
value_t builtin_reset(uint8_t nargs, value_t *args)
{
	(void)nargs;
	(void)args;
	CONSOLE_POLL();
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
 * written last, on ^D, so an upload cut short, too big or not text leaves
 * an empty program, never half of one (the IDE keeps the student's copy).
 * A refused program is read to its ^D all the same: the next line starts
 * in step, and nothing here can fail before it. */
/* Every failure ends with it: one copy in flash. */
static const char now_empty[] SNEK_ROM = "the stored program is now empty";

value_t builtin_eeprom_write(uint8_t nargs, value_t *args)
{
	uint16_t room = storage_room(), len = 0;
	uint8_t first = 0xFF;
#if SNEK_UPLOAD_TEXT_CHECK
	bool text = true;
#endif
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
#if SNEK_UPLOAD_TEXT_CHECK
		/* 0xFF, the end mark, is never text (nor in UTF-8). */
		if (c == 0xFF)
			text = false;
#endif
		if (len == 0)
			first = (uint8_t)c;
		else if (len < room)
			hal_storage_put(len, (uint8_t)c);
		if (len < UINT16_MAX)
			len++;
	}
#if SNEK_UPLOAD_TEXT_CHECK
	if (!text)
		err_format("not text: byte \\xff; %S", ERR_PTR(now_empty));
#endif
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
/* True while eeprom.write() reads an upload: an error before its ^D
 * (out of memory, a file that cannot be written) leaves the rest to
 * eeprom_upload_skip, so that none of it runs as REPL input. */
static bool uploading;

/* The next byte of an upload, up to its ^D; ^C stops it. Returns -1 at
 * the end of input, the caller says what that leaves. */
static int16_t upload_getc(void)
{
	int16_t c = console_getc();

	if (c < 0 || c == CTRL_D)
		uploading = false;
	if (c == CONSOLE_INTR)
		err_interrupt();
	return c;
}

void eeprom_upload_skip(void)
{
	while (uploading && upload_getc() >= 0)
		;
}

/* Read console bytes until ^D, then store them if they fit and are text.
 * Until then the old program stays: a failed upload loses nothing. Only
 * what can be stored is held: past the room the bytes are counted, so an
 * upload of any size is refused with its size. */
static const char old_kept[] SNEK_ROM = "the old program is kept";

value_t builtin_eeprom_write(uint8_t nargs, value_t *args)
{
	snek_len_t len = 0, bad = 0;
	uint16_t room = storage_room();
	int16_t c;

	(void)nargs;
	(void)args;
	GC_PUSH(VAL_NONE);
	uploading = true;
	while ((c = upload_getc()) != CTRL_D) {
		if (c < 0)
			err_format("upload cut short: %S", ERR_PTR(old_kept));
#if SNEK_UPLOAD_TEXT_CHECK
		/* 0xFF, the end mark, is never text (nor in UTF-8). */
		if (c == 0xFF && !bad)
			bad = len + 1;
#endif
		if (len < room)
			buf_add(&GC_TEMP(0), &len, (char)c);
		else
			len++;
	}
	if (bad)
		err_format("not text: byte \\xff at %d; %S", (int32_t)(bad - 1), ERR_PTR(old_kept));
	if (len > room)
		err_format("program too big: %d bytes, room for %d; %S",
			   (int32_t)len, (int32_t)room, ERR_PTR(old_kept));
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
