/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `snek-qemu`: the Snekboard's core on QEMU's micro:bit, run as `snek` is.
 *
 *   snek-qemu FILE     runs FILE: its output on stdout, an error as
 *                      FILE:LINE message on stderr, exit status 0 or 1;
 *                      input() reads stdin. All through semihosting.
 *   snek-qemu          boots as a board does (banner, stored program,
 *                      REPL) with the console on the UART, its receive
 *                      interrupt feeding console_rx; reset() resets the
 *                      machine.
 *   --eeprom FILE      the stored program, as the host keeps it: a raw
 *                      image, the text ended by 0xFF
 *   --eeprom-size N    its size (default 1024)
 *   --stack            at exit, the deepest C stack the run used (stderr)
 *
 * The snek-qemu script passes the arguments through QEMU's semihosting
 * command line, each percent-encoded so that spaces survive. */
#include "snek.h"
#include "cortex_m.h"
#include "arm.h"
#include "qemu.h"
#include "semihost.h"

__attribute__((section(".text.init.enter"), used))
const arm_vector_t __interrupt_vector[16 + QEMU_IRQ_UART0 + 1] = {
	ARM_CORE_VECTORS,
	[16 + QEMU_IRQ_UART0] = qemu_uart0_isr,
};

static bool repl_mode;
static int32_t out_fd = -1, err_fd = -1, in_fd = -1, file_fd = -1;

/* Output, buffered: a semihosting call per byte would be slow. */
struct outbuf {
	int32_t *fd;
	uint16_t len;
	uint8_t bytes[256];
};
static struct outbuf out = { &out_fd, 0, { 0 } }, err = { &err_fd, 0, { 0 } };

static void drain(struct outbuf *b)
{
	if (b->len)
		sh_write(*b->fd, b->bytes, b->len);
	b->len = 0;
}

static void put(struct outbuf *b, char c)
{
	if (b->len == sizeof b->bytes)
		drain(b);
	b->bytes[b->len++] = (uint8_t)c;
}

void hal_putc(char c)
{
	if (repl_mode)
		uart_putc((uint8_t)c);
	else
		put(&out, c);
}

void hal_flush(void)
{
	if (!repl_mode)
		drain(&out);
}

/* Running a file, errors go to stderr (after what stdout holds, so a
 * terminal shows them in order); at the console, to the console. */
void hal_err_putc(char c)
{
	if (repl_mode || lex_source != SOURCE_FILE) {
		hal_putc(c);
		return;
	}
	drain(&out);
	put(&err, c);
	if (c == '\n')
		drain(&err);
}

/* The program file, read a block at a time. */
static uint8_t file_buf[256];
static uint16_t file_len, file_at;

int hal_file_getc(void)
{
	if (file_at == file_len) {
		file_len = (uint16_t)sh_read(file_fd, file_buf, sizeof file_buf);
		file_at = 0;
		if (!file_len)
			return -1;
	}
	return file_buf[file_at++];
}

/* The console: from the UART's interrupt in the REPL; running a file,
 * from stdin, read when the core wants a byte (blocking is fine there:
 * no ^C to catch). */
static bool stdin_ended;

bool hal_console_wait(void)
{
	uint8_t buf[64];
	size_t n, i, want = console_room() < sizeof buf ? console_room() : sizeof buf;

	if (repl_mode) {
		arm_wait_for_interrupt();
		return true;
	}
	hal_flush(); /* a prompt shows before input is read */
	if (stdin_ended || !want)
		return !stdin_ended;
	n = sh_read(in_fd, buf, want);
	if (!n)
		stdin_ended = true;
	for (i = 0; i < n; i++)
		console_rx(buf[i]);
	return !stdin_ended;
}

/* Program storage: a RAM image, loaded from the --eeprom file at start and
 * written back whole when it changes. */
static uint8_t storage[QEMU_STORAGE_MAX];
static uint16_t storage_size = 1024;
static const char *storage_file;

uint16_t hal_storage_size(void)
{
	return storage_size;
}

uint8_t hal_storage_read(uint16_t addr)
{
	return addr < storage_size ? storage[addr] : 0xFF;
}

static void storage_save(void)
{
	int32_t fd;

	if (!storage_file)
		return;
	fd = sh_open(storage_file, SH_WRITE);
	if (fd < 0)
		err_format("cannot save the program to %s", ERR_PTR(storage_file));
	sh_write(fd, storage, storage_size);
	sh_close(fd);
}

void hal_storage_write(const uint8_t *data, uint16_t len)
{
	if (len)
		memcpy(storage, data, len);
	memset(storage + len, 0xFF, storage_size - len);
	storage_save();
}

void hal_storage_put(uint16_t addr, uint8_t byte)
{
	if (addr >= storage_size)
		return;
	storage[addr] = byte;
	storage_save();
}

static void storage_load(void)
{
	int32_t fd;

	memset(storage, 0xFF, storage_size);
	if (!storage_file || (fd = sh_open(storage_file, SH_READ)) < 0)
		return;
	sh_read(fd, storage, storage_size);
	sh_close(fd);
}

/* The C stack: painted at start, so that --stack can tell how deep the
 * run went (the lowest word no longer the paint). */
#define PAINT 0xA5A5A5A5u
extern uint32_t __bss_end[];
static bool report_stack;

static void stack_paint(void)
{
	uint32_t *p, *sp;

	__asm__ volatile("mov %0, sp" : "=r"(sp));
	for (p = __bss_end; p < sp - 16; p++)
		*p = PAINT;
}

static void stack_report(void)
{
	uint32_t *p = __bss_end;
	char line[48], *s = line;
	uint32_t used;

	while (p < __stack && *p == PAINT)
		p++;
	used = (uint32_t)((uint8_t *)__stack - (uint8_t *)p);
	memcpy(s, "C stack: ", 9);
	s += 9;
	s += num_repr(s, (float)used);
	memcpy(s, " bytes\n", 8);
	sh_write(err_fd, line, strlen(line));
}

void hal_exit(int status)
{
	drain(&out);
	drain(&err);
	if (report_stack)
		stack_report();
	sh_exit(status);
}

/* reset(): at the console the machine resets (QEMU reloads the image and
 * main starts again, reading the stored program back from its file);
 * running a file, the run ends as the host's does. */
void hal_reset(void)
{
	if (!repl_mode)
		return;
	SCB_AIRCR = SCB_AIRCR_VECTKEY | SCB_AIRCR_SYSRESETREQ;
	for (;;)
		;
}

/* A fault, or a check the core makes on itself, ends the run with status
 * 3: a test sees a crash as a crash. */
static __attribute__((noreturn)) void crash(const char *msg, size_t len)
{
	drain(&out);
	sh_write(err_fd, msg, len);
	sh_exit(3);
}

void arm_hardfault_isr(void)
{
	static const char msg[] = "snek-qemu: hard fault\n";

	crash(msg, sizeof msg - 1);
}

void abort(void)
{
	static const char msg[] = "snek-qemu: abort\n";

	crash(msg, sizeof msg - 1);
}

/* The arguments: split at spaces, then %XX decoded in place. */
static char cmdline[512];

static char *next_arg(char **at)
{
	char *s = *at, *w, *r;

	while (*s == ' ')
		s++;
	if (!*s)
		return NULL;
	for (w = r = s; *r && *r != ' '; r++, w++) {
		if (r[0] == '%' && r[1] && r[2]) {
			static const char hex[] = "0123456789ABCDEF";
			const char *h1 = strchr(hex, r[1]), *h2 = strchr(hex, r[2]);

			if (h1 && h2) {
				*w = (char)((h1 - hex) << 4 | (h2 - hex));
				r += 2;
				continue;
			}
		}
		*w = *r;
	}
	*at = *r ? r + 1 : r;
	*w = '\0';
	return s;
}

static __attribute__((noreturn)) void usage(void)
{
	static const char msg[] = "usage: snek-qemu [--eeprom FILE] [--eeprom-size BYTES] [--stack] [FILE]\n";

	sh_write(err_fd, msg, sizeof msg - 1);
	sh_exit(2);
}

static uint32_t number(const char *s)
{
	uint32_t n = 0;

	if (!*s)
		usage();
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || n > 100000)
			usage();
		n = n * 10 + (uint32_t)(*s - '0');
	}
	return n;
}

/* The file to run, or NULL for the REPL. */
static const char *parse_args(void)
{
	char *at = cmdline, *arg;
	const char *file = NULL;
	uint32_t n;

	if (!sh_cmdline(cmdline, sizeof cmdline))
		usage();
	next_arg(&at); /* the program's name */
	while ((arg = next_arg(&at))) {
		if (!strcmp(arg, "--eeprom") && (arg = next_arg(&at))) {
			storage_file = arg;
		} else if (!strcmp(arg, "--eeprom-size") && (arg = next_arg(&at))) {
			n = number(arg);
			if (n < 2 || n > QEMU_STORAGE_MAX)
				usage();
			storage_size = (uint16_t)n;
		} else if (!strcmp(arg, "--stack")) {
			report_stack = true;
		} else if (arg[0] == '-' || file) {
			usage();
		} else {
			file = arg;
		}
	}
	return file;
}

static __attribute__((noreturn)) void run_file(const char *file)
{
	static const char cannot[] = "snek-qemu: cannot open ";
	uint8_t end;

	in_fd = sh_open("/dev/stdin", SH_READ);
	file_fd = sh_open(file, SH_READ);
	if (file_fd < 0) {
		sh_write(err_fd, cannot, sizeof cannot - 1);
		sh_write(err_fd, file, strlen(file));
		sh_write(err_fd, "\n", 1);
		sh_exit(1);
	}
	err_file = file;
	snek_init();
	lex_set_source(SOURCE_FILE);
	end = snek_run();
	hal_exit(end == SNEK_FAILED ? 1 : 0);
	for (;;)
		;
}

int main(void)
{
	const char *file;

	stack_paint();
	out_fd = sh_open(":tt", SH_WRITE);
	err_fd = sh_open(":tt", SH_APPEND);
	file = parse_args();
	random_init(0x5eed);
	arm_systick_init();
	arm_irq_enable();
	if (file)
		run_file(file);
	repl_mode = true;
	storage_load();
	uart_init();
	for (;;) {
		snek_boot();
		snek_run();
	}
}
