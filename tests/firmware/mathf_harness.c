/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test driver for firmware/ports/uno/mathf.c on the host (the C twin of
 * mathf_asm.S). Reads commands from stdin, one per line, and prints the
 * result's bits in hex, one line each:
 *
 *   e <x>        exp(x)
 *   l <x>        log(x)
 *   p <x> <y>    pow(x, y)
 *
 * with each float as the hex of its bits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mathf.h"

static float from_hex(const char *s)
{
	uint32_t u = (uint32_t)strtoul(s, NULL, 16);
	float f;

	memcpy(&f, &u, sizeof f);
	return f;
}

int main(void)
{
	char op, a[16], b[16];
	char line[64];
	float r;
	uint32_t u;

	while (fgets(line, sizeof line, stdin)) {
		b[0] = 0;
		if (sscanf(line, " %c %15s %15s", &op, a, b) < 2)
			return 2;
		if (op == 'e')
			r = mathf_exp(from_hex(a));
		else if (op == 'l')
			r = mathf_log(from_hex(a));
		else if (op == 'p')
			r = mathf_pow(from_hex(a), from_hex(b));
		else
			return 2;
		memcpy(&u, &r, sizeof u);
		printf("%08x\n", u);
	}
	return 0;
}
