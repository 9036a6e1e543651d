/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pins, motors, lights and sound: the gpio builtins over a few hal_ calls. */
#ifndef SNEK_GPIO_H
#define SNEK_GPIO_H

#include <stdint.h>
#include <stdbool.h>

enum gpio_pull { PULL_NONE, PULL_UP, PULL_DOWN };

/* Power levels: 0..255 (SNEK_GPIO_BYTE_LEVELS: an 8-bit PWM has no more,
 * so the level reaches the timer as it is), or 0..1. */
#if SNEK_GPIO_BYTE_LEVELS
typedef uint8_t gpio_level_t;
#define GPIO_LEVEL_MAX 255
#define GPIO_LEVEL_FLOAT(l) ((l) / 255.0f)
#else
typedef float gpio_level_t;
#define GPIO_LEVEL_MAX 1
#define GPIO_LEVEL_FLOAT(l) (l)
#endif

/* What a port provides. Input levels are 0..1; digital pins treat any
 * output level above 0 as high. */
uint8_t hal_gpio_pins(void);
void hal_gpio_write(uint8_t pin, gpio_level_t level, bool on);
float hal_gpio_read(uint8_t pin);
void hal_gpio_pull(uint8_t pin, uint8_t pull);
void hal_neopixel(const uint8_t *grb, uint16_t npixels);
void hal_tone(float hz);

/* Forget every pin's state: power level 1, off, default pulls. */
void gpio_init(void);

#endif
