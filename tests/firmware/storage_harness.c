/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Test driver for firmware/ports/snekboard/storage.c on the host, over a
 * simulated flash that can lose power in the middle of any operation.
 *
 * The flash: the two slots' 32 KB at 0x38000, erased rows read 0xFF,
 * writing a page can only clear bits (AND), and writing a page that is
 * not erased is reported (the storage must erase first). A power cut at
 * operation K leaves that operation half done (mode "first": its first
 * half happened; "last": its second half; "bits": every other bit of
 * what it would clear) and stops the store there.
 *
 * Commands, one a line on stdin, one answer line each:
 *
 *   store LEN SEED        store LEN bytes made from SEED -> "ok OPS" |
 *                         "refused" | "cut" (OPS: flash operations used)
 *   cut K MODE            the next store loses power at operation K
 *   boot                  storage_init again -> "program LEN SEED|?"
 *                         (? when the text is not what any store wrote)
 *   save / restore        keep and bring back the flash's contents
 *   flip ADDR             flip one bit of the flash (0 .. 32767)
 *   sequence SLOT VALUE   rewrite a valid slot's header with another
 *                         sequence number (and its CRC)
 *   erase                 erase all of it
 */
#include "flash.h"
#include "storage.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BASE 0x38000u
#define SIZE (2 * STORAGE_SLOT)

static uint8_t mem[SIZE], saved[SIZE];
static long ops, cut_at = -1;
static char cut_mode[16];
static jmp_buf power_cut;
static int bad_writes;

static void maybe_cut(uint8_t *target, const uint8_t *after, size_t n)
{
	size_t i;

	if (ops++ != cut_at)
		return;
	cut_at = -1;
	for (i = 0; i < n; i++) {
		if (!strcmp(cut_mode, "first") && i < n / 2)
			target[i] = after[i];
		else if (!strcmp(cut_mode, "last") && i >= n / 2)
			target[i] = after[i];
		else if (!strcmp(cut_mode, "bits"))
			target[i] = (uint8_t)(target[i] & (after[i] | 0x55)); /* half its bits */
	}
	longjmp(power_cut, 1);
}

void flash_erase_row(uint32_t addr)
{
	uint8_t ones[FLASH_ROW];

	if (addr < BASE || addr + FLASH_ROW > BASE + SIZE || addr % FLASH_ROW) {
		printf("error: erase outside the slots at 0x%X\n", addr);
		exit(2);
	}
	memset(ones, 0xFF, sizeof ones);
	maybe_cut(mem + addr - BASE, ones, FLASH_ROW);
	memset(mem + addr - BASE, 0xFF, FLASH_ROW);
}

void flash_write_page(uint32_t addr, const uint32_t words[FLASH_PAGE / 4])
{
	uint8_t after[FLASH_PAGE], *p = mem + addr - BASE;
	size_t i;

	if (addr < BASE || addr + FLASH_PAGE > BASE + SIZE || addr % FLASH_PAGE) {
		printf("error: write outside the slots at 0x%X\n", addr);
		exit(2);
	}
	for (i = 0; i < FLASH_PAGE; i++)
		if (p[i] != 0xFF)
			bad_writes++;
	memcpy(after, words, FLASH_PAGE);
	for (i = 0; i < FLASH_PAGE; i++)
		after[i] &= p[i];
	maybe_cut(p, after, FLASH_PAGE);
	memcpy(p, after, FLASH_PAGE);
}

const uint8_t *flash_at(uint32_t addr)
{
	return mem + addr - BASE;
}

/* A program's text, from its length and seed: printable, never 0xFF. */
static void text_of(uint8_t *buf, long len, long seed)
{
	uint32_t x = (uint32_t)seed * 2654435761u + 1;
	long i;

	for (i = 0; i < len; i++) {
		x = x * 1103515245u + 12345u;
		buf[i] = (uint8_t)(' ' + (x >> 16) % 95);
	}
}

/* The stores made so far, to recognise what boot finds. */
static long lens[1000], seeds[1000];
static int nstores;

/* Each (length, seed) once. */
static void remember(long len, long seed)
{
	int i;

	for (i = 0; i < nstores; i++)
		if (lens[i] == len && seeds[i] == seed)
			return;
	if (nstores == 1000) {
		printf("error: too many different stores\n");
		exit(2);
	}
	lens[nstores] = len;
	seeds[nstores++] = seed;
}

static void boot(void)
{
	static uint8_t want[STORAGE_ROOM];
	long len;
	int i;

	storage_init(BASE);
	len = storage_length();
	if (!len) {
		printf("program 0 0\n");
		return;
	}
	for (i = nstores - 1; i >= 0; i--) {
		if (lens[i] != len)
			continue;
		text_of(want, len, seeds[i]);
		if (!memcmp(want, storage_text(), (size_t)len)) {
			printf("program %ld %ld\n", len, seeds[i]);
			return;
		}
	}
	printf("program %ld ?\n", len);
}

static void resequence(int slot, uint32_t value)
{
	uint8_t *h = mem + slot * STORAGE_SLOT;
	uint32_t length, crc;

	memcpy(&length, h + 8, 4);
	memcpy(h + 4, &value, 4);
	crc = storage_crc(storage_crc(0, h + STORAGE_HEADER, length), h, 12);
	memcpy(h + 12, &crc, 4);
}

int main(void)
{
	static uint8_t text[STORAGE_ROOM + 64];
	char line[128], mode[16];
	long a, b;

	memset(mem, 0xFF, sizeof mem);
	storage_init(BASE);
	while (fgets(line, sizeof line, stdin)) {
		if (sscanf(line, "store %ld %ld", &a, &b) == 2) {
			remember(a, b);
			text_of(text, a, b);
			ops = 0;
			bad_writes = 0;
			if (setjmp(power_cut)) {
				printf("cut\n");
			} else if (storage_store(text, (uint16_t)a)) {
				if (bad_writes)
					printf("error: %d bytes written unerased\n", bad_writes);
				else
					printf("ok %ld\n", ops);
			} else {
				printf("refused\n");
			}
		} else if (sscanf(line, "cut %ld %15s", &a, mode) == 2) {
			cut_at = a;
			strcpy(cut_mode, mode);
			printf("ok\n");
		} else if (!strncmp(line, "boot", 4)) {
			boot();
		} else if (!strncmp(line, "save", 4)) {
			memcpy(saved, mem, sizeof mem);
			printf("ok\n");
		} else if (!strncmp(line, "restore", 7)) {
			memcpy(mem, saved, sizeof mem);
			storage_init(BASE);
			printf("ok\n");
		} else if (sscanf(line, "flip %ld", &a) == 1) {
			mem[a] ^= 1;
			printf("ok\n");
		} else if (sscanf(line, "sequence %ld %li", &a, &b) == 2) {
			resequence((int)a, (uint32_t)b);
			printf("ok\n");
		} else if (!strncmp(line, "erase", 5)) {
			memset(mem, 0xFF, sizeof mem);
			printf("ok\n");
		} else {
			printf("bad command\n");
			return 2;
		}
		fflush(stdout);
	}
	return 0;
}
