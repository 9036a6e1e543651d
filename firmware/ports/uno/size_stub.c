/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Empty hardware functions, so `make uno-size` can link the core for the
 * ATmega328P and report what the language itself costs. Not a firmware. */
#include "snek.h"

void hal_putc(char c) { (void)c; }
void hal_flush(void) {}
void hal_err_putc(char c) { (void)c; }
bool hal_console_wait(void) { return false; }
uint16_t hal_storage_size(void) { return 1024; }
uint8_t hal_storage_read(uint16_t addr) { (void)addr; return 0xFF; }
void hal_storage_write(const uint8_t *data, uint16_t len) { (void)data; (void)len; }
int hal_file_getc(void) { return -1; }
float hal_monotonic(void) { return 0; }
void hal_sleep(float seconds) { (void)seconds; }
void hal_exit(int status) { (void)status; }
uint8_t hal_gpio_pins(void) { return 20; }
void hal_gpio_write(uint8_t pin, float level, bool on) { (void)pin; (void)level; (void)on; }
float hal_gpio_read(uint8_t pin) { (void)pin; return 0; }
void hal_gpio_pull(uint8_t pin, uint8_t pull) { (void)pin; (void)pull; }
void hal_neopixel(const uint8_t *grb, uint16_t n) { (void)grb; (void)n; }
void hal_tone(float hz) { (void)hz; }

int main(void)
{
	for (;;) {
		snek_boot();
		snek_run();
	}
}
