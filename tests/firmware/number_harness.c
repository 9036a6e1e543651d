/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Test driver for number.c.  Reads commands from stdin, one per line,
 * and prints one result line each:
 *
 *   r <hexbits>                               -> repr string
 *   p <flags> <hex-encoded string or ->       -> "ok <hexbits>" or "err"
 *   f <conv> <flags> <width> <prec> <hexbits> [size]
 *                                             -> "<returned length>:<buf>"
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

static void do_repr(char *args)
{
	char *buf = malloc(NUM_REPR_MAX);
	uint8_t n = num_repr(buf, hex_float(args));

	if (n != strlen(buf))
		printf("badlen %u ", n);
	puts(buf);
	free(buf);
}

static void do_format(char *args)
{
	char *conv = strtok(args, " "), *flags = strtok(NULL, " "),
		*width = strtok(NULL, " "), *prec = strtok(NULL, " "),
		*bits = strtok(NULL, " \n"), *size = strtok(NULL, " \n");
	uint16_t sz = size ? (uint16_t) atoi(size) : 1024, n;
	char *buf;

	if (!bits) {
		puts("bad");
		return;
	}
	buf = malloc(sz ? sz : 1);
	n = num_format(sz ? buf : NULL, sz, hex_float(bits), conv[0],
		       (uint8_t) atoi(flags), (int16_t) atoi(width),
		       (int16_t) atoi(prec));
	printf("%u:%s\n", n, sz ? buf : "");
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
