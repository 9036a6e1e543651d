/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The board's pixels: one-wire WS2812 ("NeoPixel", the Snekboard's two
 * on PB11) or two-wire APA102 ("DotStar"), as its table says. The core
 * hands over green, red, blue per pixel, the WS2812's own order. */
#include "snek.h"
#include "samd21.h"
#include "board.h"

#define PORT_A 0
#define PORT_B 1

#define NO_PIXELS 0
#define WS2812 1
#define APA102 2
static const struct {
	uint8_t kind, group, bit, clock_group, clock_bit;
} pixels = {
#include "boards/rows.h"
#undef NEOPIXEL_WS2812
#undef NEOPIXEL_APA102
#define NEOPIXEL_WS2812(port, bit, count) WS2812, PORT_##port, bit, 0, 0
#define NEOPIXEL_APA102(dport, dbit, cport, cbit, count) APA102, PORT_##dport, dbit, PORT_##cport, cbit
#include SNEK_BOARD_DEF
};

/* In RAM, cycle-counted (ws2812.S): a long call from flash. */
__attribute__((long_call)) void ws2812_send(volatile uint32_t *set, volatile uint32_t *clear,
					    uint32_t mask, const uint8_t *p, const uint8_t *end);

/* APA102: clocked in on the rising edge, no timing to keep. */
static void apa102_bit(uint32_t bit)
{
	uint32_t data = 1u << pixels.bit, clock = 1u << pixels.clock_bit;

	if (bit)
		PORT_OUTSET(pixels.group) = data;
	else
		PORT_OUTCLR(pixels.group) = data;
	PORT_OUTSET(pixels.clock_group) = clock;
	PORT_OUTCLR(pixels.clock_group) = clock;
}

static void apa102_byte(uint8_t b)
{
	uint8_t i;

	for (i = 0; i < 8; i++, b <<= 1)
		apa102_bit(b & 0x80);
}

static void apa102_send(const uint8_t *grb, uint16_t n)
{
	uint16_t i;

	PORT_DIRSET(pixels.clock_group) = 1u << pixels.clock_bit;
	for (i = 0; i < 32; i++) /* start frame */
		apa102_bit(0);
	for (i = 0; i < n; i++, grb += 3) {
		apa102_byte(0xFF); /* full global brightness */
		apa102_byte(grb[2]);
		apa102_byte(grb[0]);
		apa102_byte(grb[1]);
	}
	for (i = 0; i < 32 + n / 2; i++) /* end frame: clocks to push the last bits through */
		apa102_bit(1);
}

void hal_neopixel(const uint8_t *grb, uint16_t n)
{
	uint32_t primask, wait;

	if (pixels.kind == NO_PIXELS)
		err_format("no pixels on this board");
	if (!n)
		return;
	PORT_DIRSET(pixels.group) = 1u << pixels.bit;
	if (pixels.kind == APA102) {
		apa102_send(grb, n);
		return;
	}
	primask = arm_irq_save();
	ws2812_send(&PORT_IOBUS_OUTSET(pixels.group), &PORT_IOBUS_OUTCLR(pixels.group), 1u << pixels.bit,
		    grb, grb + 3 * n);
	arm_irq_restore(primask);
	/* Low for 300 us latches the colours (newer WS2812B need 280). */
	for (wait = 0; wait < 300 * (ARM_CPU_HZ / 1000000) / 4; wait++)
		__asm__ volatile("");
}
