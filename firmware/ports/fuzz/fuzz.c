/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The libFuzzer port: each input is a fresh interpreter reading the input.
 *
 * The first line of the input picks where the text goes:
 *   "#!file..."  the whole input is a program file (SOURCE_FILE): the first
 *                error ends the run. The console is empty (input() sees
 *                the end of input).
 *   "#!boot..."  the bytes up to the first ^D (0x04) are the stored program
 *                (as eeprom.write would leave them), the bytes after it are
 *                typed at the console; the interpreter boots as a board does
 *                (stored program, then the REPL), reset() boots again.
 *   otherwise    every byte is typed at the console (SOURCE_CONSOLE): the
 *                REPL reports errors and goes on, control bytes (^C, ENQ,
 *                ^N, ^O, DC4) follow the serial protocol.
 * The mode lines are Snek comments, so a saved input runs unchanged on the
 * host build, as a file or on stdin ("#!boot": the stored part in an
 * --eeprom image, as tests/firmware/test_fuzz.py does).
 *
 * Output is counted, pins are no-ops, time is a counter, sleeping returns
 * at once, exit() unwinds back here, and SNEK_POLL's step budget and the
 * output budget (config.h) end endless loops, recursion and endless
 * printing with ^C. */
#include "snek.h"
#include <setjmp.h>

#define STORAGE_SIZE 1024
#define RESETS_MAX 4

static const uint8_t *in_data;
static size_t in_size, in_at;
static bool in_file;           /* hal_file_getc reads in_data */
static uint32_t steps, ticks, printed;
static uint8_t storage[STORAGE_SIZE];
static jmp_buf exit_jmp;

/* Hand up to n waiting console bytes to console_rx, as a receive
 * interrupt would. False when none are left. */
static bool feed(size_t n)
{
	if (in_file || in_at >= in_size)
		return false;
	while (n-- && in_at < in_size)
		console_rx(in_data[in_at++]);
	return true;
}

bool hal_console_wait(void)
{
	return feed(16);
}

/* From SNEK_POLL. Bytes keep arriving while a program runs (so a ^C can
 * land in a loop, and a full ring drops bytes, as on a board), and the
 * step budget ends endless programs. */
void fuzz_poll(void)
{
	steps++;
	if (!(steps & 1023))
		feed(16);
	if (steps >= SNEK_FUZZ_STEPS)
		vm_interrupt = true;
}

int hal_file_getc(void)
{
	if (!in_file || in_at >= in_size)
		return -1;
	return in_data[in_at++];
}

void hal_putc(char c)
{
	(void)c;
	if (++printed >= SNEK_FUZZ_OUTPUT)
		vm_interrupt = true;
}

void hal_flush(void)
{
}

void hal_err_putc(char c)
{
	(void)c;
}

float hal_monotonic(void)
{
	return (float)++ticks * 0.001f;
}

void hal_sleep(float seconds)
{
	(void)seconds;
}

void hal_exit(int status)
{
	(void)status;
	longjmp(exit_jmp, 1);
}

/* reset() unwinds to the fuzz loop, as on the host. */
void hal_reset(void)
{
}

uint16_t hal_storage_size(void)
{
	return STORAGE_SIZE;
}

void hal_storage_put(uint16_t addr, uint8_t byte)
{
	if (addr < STORAGE_SIZE)
		storage[addr] = byte;
}

uint8_t hal_storage_read(uint16_t addr)
{
	return addr < STORAGE_SIZE ? storage[addr] : 0xFF;
}

void hal_storage_write(const uint8_t *data, uint16_t len)
{
	if (len > STORAGE_SIZE)
		len = STORAGE_SIZE;
	if (len)
		memcpy(storage, data, len);
	memset(storage + len, 0xFF, STORAGE_SIZE - len);
}

/* A board with SNEK_GPIO_PINS pins; inputs read back a fixed pattern. */
uint8_t hal_gpio_pins(void)
{
	return SNEK_GPIO_PINS;
}

void hal_gpio_write(uint8_t pin, float level, bool on)
{
	(void)pin;
	(void)level;
	(void)on;
}

float hal_gpio_read(uint8_t pin)
{
	return (float)(pin % 3) * 0.5f;
}

void hal_gpio_pull(uint8_t pin, uint8_t pull)
{
	(void)pin;
	(void)pull;
}

void hal_neopixel(const uint8_t *grb, uint16_t npixels)
{
	(void)grb;
	(void)npixels;
}

void hal_tone(float hz)
{
	(void)hz;
}

static bool starts_with(const char *prefix)
{
	size_t n = strlen(prefix);

	return in_size >= n && !memcmp(in_data, prefix, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t resets = 0;

	in_data = data;
	in_size = size;
	in_at = 0;
	in_file = false;
	steps = 0;
	printed = 0;
	ticks = 0;
	memset(storage, 0xFF, sizeof storage);
	vm_interrupt = false;
	console_init();
	gpio_init();
	random_init(1);
	print_to(SINK_OUT);
	err_file = "<stdin>";
	/* Each input starts as a new process would, even if snek_init leaves
	 * the lexer's last token (a heap root) pointing into the old heap, as
	 * it did until tests/fuzz_crashes/reset_stale_token_root. */
	lex_tok.val = VAL_NONE;

	if (setjmp(exit_jmp))
		return 0;
	if (starts_with("#!file")) {
		in_file = true;
		err_file = "fuzz.py";
		snek_init();
		lex_set_source(SOURCE_FILE);
		snek_run();
	} else {
		/* Boot as the host REPL does, again after reset(). */
		if (starts_with("#!boot")) {
			const uint8_t *end = memchr(data, CTRL_D, size);
			size_t len = end ? (size_t)(end - data) : size;

			if (len > STORAGE_SIZE - 1)
				len = STORAGE_SIZE - 1;
			hal_storage_write(data, (uint16_t)len);
			in_at = end ? (size_t)(end - data) + 1 : size;
		}
		do {
			snek_boot();
		} while (snek_run() == SNEK_RESET && ++resets < RESETS_MAX);
	}
	return 0;
}
