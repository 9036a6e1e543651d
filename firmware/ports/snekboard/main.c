/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SAMD21 boards' firmware: clocks, pins and USB up, then boot Snek
 * as every port does (banner, the stored program, the REPL). reset()
 * restarts the chip through the watchdog. A fault resets it too, and the
 * next boot then leaves the stored program alone (it may be what
 * crashed) and says so. */
#include "snek.h"
#include "samd21.h"
#include "arm.h"
#include "board.h"
#include "storage.h"
#include "usb_serial.h"

__attribute__((section(".text.init.enter"), used))
const arm_vector_t __interrupt_vector[16 + 28] = {
	ARM_CORE_VECTORS,
	[16 + IRQ_USB] = usb_isr,
};

/* Survives a reset (picolibc's .preserve section is neither loaded nor
 * cleared). */
#define CRASH_MARK 0xC4A5C4A5u
static uint32_t crash_mark __attribute__((section(".preserve.crash")));

static __attribute__((noreturn)) void crash(void)
{
	crash_mark = CRASH_MARK;
	samd21_reset();
}

void arm_hardfault_isr(void)
{
	crash();
}

void abort(void)
{
	crash();
}

void hal_reset(void)
{
	uint32_t since = arm_ticks();

	/* Let the echo of reset() reach the host first. */
	hal_flush();
	while (arm_ticks() - since < 20)
		arm_wait_for_interrupt();
	samd21_reset();
}

void hal_exit(int status)
{
	(void)status;
	hal_reset();
}

/* Program storage: the two flash slots (storage.c) at SAMD21_STORAGE_BASE,
 * the end of flash (the build keeps the image below it). */
uint16_t hal_storage_size(void)
{
	return STORAGE_ROOM + 1; /* the core keeps one byte for the end mark */
}

uint8_t hal_storage_read(uint16_t addr)
{
	return addr < storage_length() ? storage_text()[addr] : 0xFF;
}

void hal_storage_write(const uint8_t *data, uint16_t len)
{
	if (!storage_store(data, len))
		err_format("the program could not be stored: the old one is kept");
}

int hal_file_getc(void)
{
	return -1;
}

int main(void)
{
	bool crashed = crash_mark == CRASH_MARK;

	/* Our vectors, not the bootloader's (it may have moved the table to
	 * 0x2000 already; saying so costs nothing). */
	SCB_VTOR = (uint32_t)__interrupt_vector;
	crash_mark = 0;
	clock_init();
	arm_systick_init();
	pins_init();
	storage_init(SAMD21_STORAGE_BASE);
	usb_init(&board_usb);
	random_init(SERIAL_WORD0 ^ SERIAL_WORD3);
	arm_irq_enable();
	board_led(true);
	for (;;) {
		snek_boot();
		board_start();
		if (crashed) {
			crashed = false;
			print_str("the board restarted after a crash; the stored program did not run\n");
			lex_set_source(SOURCE_CONSOLE);
		}
		snek_run();
	}
}
