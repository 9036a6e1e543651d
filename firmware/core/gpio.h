/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pins, motors, lights and sound: the gpio builtins over a few hal_ calls. */
#ifndef SNEK_GPIO_H
#define SNEK_GPIO_H

#include <stdint.h>
#include <stdbool.h>

enum gpio_pull { PULL_NONE, PULL_UP, PULL_DOWN };

/* What a port provides. Levels are 0..1; digital pins treat any level
 * above 0 as high. */
uint8_t hal_gpio_pins(void);
void hal_gpio_write(uint8_t pin, float level, bool on);
float hal_gpio_read(uint8_t pin);
void hal_gpio_pull(uint8_t pin, uint8_t pull);
void hal_neopixel(const uint8_t *grb, uint16_t npixels);
void hal_tone(float hz);

/* Forget every pin's state: power level 1, off, default pulls. */
void gpio_init(void);

#endif
