/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Test driver for firmware/ports/snekboard/usb_cdc.c on the host: what
 * the SAMD21 driver would do with each control request, as text. One
 * command a line on stdin, one answer a line on stdout (hooks called on
 * the way print a line each before it):
 *
 *   setup HEX16          a setup packet -> "stall" | "status" |
 *                        "receive N" | "send HEX zlp=0|1"
 *   data HEX             the OUT data stage after "receive"
 *   reset                a bus reset
 *   product TEXT         the product name from now on
 *   state                "address A configuration C lines L rate R
 *                         stop S parity P bits B bootloader 0|1"
 *
 *   hook configured C | hook halt 0xEP 0|1 | hook line
 *
 * and the receive path into a pretend console of CAP bytes (^C empties
 * it, as the core's does):
 *
 *   console CAP          an empty console with room for CAP bytes
 *   feed HEX             a packet arrives -> "all" | "waiting AT"
 *   resume               the console has room again -> as feed
 *   take N               the core reads N bytes -> "took HEX"
 *   console?             "holds HEX"
 */
#include "usb_cdc.h"
#include "console.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct usb_identity id = { 0x239A, 0x804D, "snekide", "Snekboard" };
static char product[512];
static const uint32_t serial[4] = { 0x01234567, 0x89ABCDEF, 0x00C0FFEE, 0xDEADBEEF };

void usb_hook_configured(struct usb_device *d)
{
	printf("hook configured %u\n", d->configuration);
}

void usb_hook_halt(struct usb_device *d, uint8_t address, bool halt)
{
	(void)d;
	printf("hook halt 0x%02X %d\n", address, halt);
}

void usb_hook_line(struct usb_device *d)
{
	(void)d;
	printf("hook line\n");
}

static uint8_t console[256];
static uint32_t console_used, console_cap = 64;

uint32_t console_room(void)
{
	return console_cap - console_used;
}

void console_rx(uint8_t c)
{
	if (c == CTRL_C) {
		console_used = 0;
		console[console_used++] = c; /* kept, to show where it came */
		return;
	}
	if (console_used < console_cap)
		console[console_used++] = c;
	else
		printf("dropped %02X\n", c);
}

static void print_hex(const char *what, const uint8_t *p, size_t n)
{
	size_t i;

	printf("%s ", what);
	for (i = 0; i < n; i++)
		printf("%02X", p[i]);
	printf("\n");
}

static size_t hex_bytes(const char *s, uint8_t *out, size_t max)
{
	size_t n = 0;
	unsigned v;

	while (n < max && sscanf(s, "%2x", &v) == 1) {
		out[n++] = (uint8_t)v;
		s += 2;
	}
	return n;
}

int main(void)
{
	static struct usb_device dev;
	char line[512];
	uint8_t bytes[256];
	struct usb_setup s;
	struct usb_reply r;
	size_t n, i;

	static uint8_t packet[64];
	uint8_t at = 0, len = 0;
	unsigned long k;

	usb_device_init(&dev, &id, serial);
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "setup ", 6)) {
			if (hex_bytes(line + 6, bytes, 8) != 8) {
				printf("bad setup\n");
				return 2;
			}
			s = usb_setup_parse(bytes);
			r = usb_control(&dev, &s);
			switch (r.kind) {
			case USB_STALL:
				printf("stall\n");
				break;
			case USB_STATUS:
				printf("status\n");
				break;
			case USB_RECEIVE:
				printf("receive %u\n", r.len);
				break;
			case USB_SEND:
				printf("send ");
				for (i = 0; i < r.len; i++)
					printf("%02X", r.data[i]);
				printf(" zlp=%d\n", r.zlp);
				break;
			}
		} else if (!strncmp(line, "data ", 5)) {
			n = hex_bytes(line + 5, bytes, sizeof bytes);
			usb_control_data(&dev, bytes, (uint16_t)n);
			printf("ok\n");
		} else if (!strncmp(line, "product ", 8)) {
			snprintf(product, sizeof product, "%s", line + 8);
			id.name = product;
			printf("ok\n");
		} else if (sscanf(line, "console %lu", &k) == 1 && k <= sizeof console) {
			console_cap = (uint32_t)k;
			console_used = 0;
			printf("ok\n");
		} else if (!strncmp(line, "feed ", 5) || !strcmp(line, "resume")) {
			if (line[0] == 'f') {
				len = (uint8_t)hex_bytes(line + 5, packet, sizeof packet);
				at = 0;
			}
			if (cdc_feed(packet, &at, len))
				printf("all\n");
			else
				printf("waiting %u\n", at);
		} else if (sscanf(line, "take %lu", &k) == 1 && k <= console_used) {
			print_hex("took", console, k);
			memmove(console, console + k, console_used - k);
			console_used -= (uint32_t)k;
		} else if (!strcmp(line, "console?")) {
			print_hex("holds", console, console_used);
		} else if (!strcmp(line, "reset")) {
			usb_device_reset(&dev);
			printf("ok\n");
		} else if (!strcmp(line, "state")) {
			printf("address %u configuration %u lines %u rate %lu stop %u parity %u bits %u bootloader %d\n",
			       dev.address, dev.configuration, dev.control_lines,
			       (unsigned long)dev.coding.rate, dev.coding.stop_bits, dev.coding.parity,
			       dev.coding.data_bits, cdc_wants_bootloader(&dev));
		} else {
			printf("bad command\n");
			return 2;
		}
		fflush(stdout);
	}
	return 0;
}
