/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every row of a board table (README.md) defined as nothing: include
 * this, redefine the rows wanted, then include the table. No include
 * guard: each reading of a table starts here. */
#undef BOARD
#undef ANALOG
#undef DIGITAL
#undef NAME
#undef MOTOR
#undef NEOPIXEL_WS2812
#undef NEOPIXEL_APA102
#undef STATUS_LED
#undef TONE
#define BOARD(id, product, vid, pid)
#define ANALOG(n, port, bit, ain, timer, cc, func)
#define DIGITAL(n, port, bit, timer, cc, func)
#define NAME(name, n)
#define MOTOR(name, power, direction)
#define NEOPIXEL_WS2812(port, bit, count)
#define NEOPIXEL_APA102(dport, dbit, cport, cbit, count)
#define STATUS_LED(port, bit)
#define TONE(n)
