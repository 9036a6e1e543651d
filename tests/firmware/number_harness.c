/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Test driver for number.c.  Reads commands from stdin, one per line,
 * and prints one result line each:
 *
 *   r <hexbits>                               -> repr string
 *   p <flags> <hex-encoded string or ->       -> "ok <hexbits>" or "err"
 *   f <conv> <flags> <width> <prec> <hexbits> [size]
 *                                             -> "<length>:<text>"
 *
 * Output buffers are malloc'ed with the exact size so that the address
 * sanitizer catches any write past them.
 */
#include "number.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char line[1 << 20];	/* long enough for 100k-digit test strings */

static float hex_float(const char *s)
{
	uint32_t u = (uint32_t) strtoul(s, NULL, 16);
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

static int hex_nibble(char c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static void do_parse(char *args)
{
	char *flags = strtok(args, " "), *hex = strtok(NULL, " \n");
	size_t len = 0;
	char *s;
	float f;
	uint32_t u;

	if (!flags || !hex) {
		puts("bad");
		return;
	}
	s = malloc(strlen(hex) / 2 + 1);
	if (strcmp(hex, "-") != 0)
		for (; hex[0] && hex[1]; hex += 2)
			s[len++] = (char) (hex_nibble(hex[0]) * 16 + hex_nibble(hex[1]));
	if (num_parse(s, len, &f, (uint8_t) atoi(flags))) {
		memcpy(&u, &f, sizeof u);
		printf("ok %08lx\n", (unsigned long) u);
	} else {
		puts("err");
	}
	free(s);
}

/* number.c prints through print_char: here into out, malloc'ed to the
 * size the test asks, so that the address sanitizer catches any write
 * past it */
static char *out;
static uint16_t out_len;

void print_char(char c)
{
	out[out_len++] = c;
}

/* One conversion into a new buffer of size bytes: the text and a NUL */
static char *convert(uint16_t size, float f, char conv, uint8_t flags, int16_t prec)
{
	out = malloc(size ? size : 1);
	out_len = 0;
	num_format(f, conv, flags, prec);
	out[out_len] = '\0';
	return out;
}

static void do_repr(char *args)
{
	char *buf = convert(NUM_REPR_MAX, hex_float(args), 'r', 0, -1);

	puts(buf);
	free(buf);
}

static void do_format(char *args)
{
	char *conv = strtok(args, " "), *flags = strtok(NULL, " "),
		*width = strtok(NULL, " "), *prec = strtok(NULL, " "),
		*bits = strtok(NULL, " \n"), *size = strtok(NULL, " \n");
	uint16_t sz = size ? (uint16_t) atoi(size) : 1024;
	char *buf;

	if (!bits) {
		puts("bad");
		return;
	}
	(void) width;	/* num_format does not pad */
	buf = convert(sz, hex_float(bits), conv[0], (uint8_t) atoi(flags),
		      (int16_t) atoi(prec));
	printf("%u:%s\n", out_len, buf);
	free(buf);
}

int main(void)
{
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == 'r' && line[1] == ' ')
			do_repr(line + 2);
		else if (line[0] == 'p' && line[1] == ' ')
			do_parse(line + 2);
		else if (line[0] == 'f' && line[1] == ' ')
			do_format(line + 2);
		else
			puts("bad");
	}
	return 0;
}
