/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * avrsim: run AVR firmware (the ATmega328P Snek build) in libsimavr with
 * UART0 bridged to stdin/stdout or to a pseudo-terminal.
 *
 *   avrsim [--eeprom FILE] [--pty LINK] [--trace-pins] [--cycles]
 *          [--mcu atmega328p] [--freq 16000000] [--baud 115200]
 *          [--adc PIN=VOLTS]... [--flash-kb N] [--stack]
 *          [--linger SECONDS] [--realtime] [-v]
 *          [--bootloader HEX] [--reset-on-open] [--strict-baud] ELF
 *
 * Signals: SIGUSR1 resets the chip like a DTR pulse (EEPROM kept);
 * SIGTERM, SIGINT and SIGHUP end the simulation (EEPROM saved).
 * See usage() for the rest.
 *
 * With --bootloader the chip starts at the bootloader's first address, as
 * the BOOTRST fuse makes a real one do, and the application flash is
 * erased unless an ELF is given. What the bootloader writes with SPM stays
 * in the simulated flash until avrsim exits. --reset-on-open resets the
 * chip whenever a program opens the pty, as DTR does on an Uno: a pty has
 * no DTR, but every serial library flushes the input queue (TCIFLUSH) when
 * it opens a port, and packet mode (TIOCPKT) on the master reports that.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <gelf.h>
#include <libelf.h>

#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_hex.h>
#include <sim_io.h>
#include <avr_adc.h>
#include <avr_eeprom.h>
#include <avr_ioport.h>
#include <avr_timer.h>
#include <avr_uart.h>

#define GPIOR0_ADDR	0x3e	/* data-space address of GPIOR0 on the ATmega328P */
#define IN_SIZE		4096	/* host -> AVR bytes waiting to go on the wire */
#define OUT_SIZE	4096	/* AVR -> host bytes waiting for write() */
#define POLL_TICKS	8	/* poll the host every 8 byte times (~0.7 ms) */
#define EEPROM_SAVE_NS	50000000L	/* check for EEPROM changes every 50 ms */
#define ADC_CHANNELS	8
#define SUPPLY_MV	5000	/* the Uno runs at 5 V: AVCC and AREF */
#define CTRL_C		0x03
#define XON		0x11
#define XOFF		0x13

struct options {
	const char *eeprom_file;
	const char *pty_link;
	const char *mcu;
	const char *elf;	/* NULL: none (--bootloader only) */
	const char *bootloader;
	uint32_t freq;
	uint32_t baud;
	uint32_t flash_kb;
	int adc_mv[ADC_CHANNELS];	/* -1: not given */
	double linger;
	int log_level;
	bool trace_pins;
	bool cycles;
	bool realtime;
	bool stack;
	bool reset_on_open;
	bool strict_baud;
};

/* Everything the callbacks share; there is one simulated chip. */
static struct {
	avr_t *avr;
	avr_uart_t *uart;
	avr_irq_t *uart_in;
	struct options opt;
	int in_fd, out_fd;	/* UART bridge ends on the host */
	int pty_slave;		/* kept open so closing clients don't hang up */
	char pty_name[128];
	bool in_eof;
	bool xoff;		/* the UART raised UART_IRQ_OUT_XOFF */
	bool sw_xoff;		/* the firmware sent XOFF and no XON yet */
	bool rearm;		/* a reset cleared our cycle timer */
	uint8_t in_buf[IN_SIZE];
	size_t in_head, in_len;
	uint8_t out_buf[OUT_SIZE];
	size_t out_len;
	unsigned long dropped;
	unsigned long garbled;	/* --strict-baud: bytes lost to a line speed mismatch */
	avr_cycle_count_t byte_cycles;	/* one byte on the wire at --baud */
	avr_cycle_count_t cycle_base;	/* added to avr->cycle */
	avr_cycle_count_t cycle_at_reset;
	avr_cycle_count_t last_activity;
	unsigned ticks;
	uint8_t *eeprom;	/* libsimavr's live EEPROM array */
	uint8_t *eeprom_saved;
	size_t eeprom_size;
	struct timespec eeprom_checked;
	struct timespec wall_anchor;	/* --realtime: this wall time ... */
	avr_cycle_count_t cycle_anchor;	/* ... matches this cycle */
	uint16_t ram_free;	/* first RAM byte above .data and .bss */
	uint16_t stack_peak;	/* deepest C stack seen before the last reset */
	long long sleep_ns;	/* idle time not slept yet (sleep_idle()) */
	bool painted;
} sim;

static volatile sig_atomic_t quit_requested, reset_requested;

static void set_adc_inputs(void);
static void load_other_flash_sections(const char *path);
static void read_bootloader(const char *path);
static void make_room_for_bootloader(const char *path);
static void load_bootloader(const char *path, uint32_t app_end);

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("avrsim: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

/* Total simulated cycles, counting on across resets (see bridge_reset()). */
static avr_cycle_count_t now_cycles(void)
{
	return sim.cycle_base + sim.avr->cycle;
}

static long long elapsed_ns(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000000000LL + (b->tv_nsec - a->tv_nsec);
}

/* ---- host side of the UART ---------------------------------------- */

static void flush_output(void)
{
	size_t done = 0;

	while (done < sim.out_len) {
		ssize_t n = write(sim.out_fd, sim.out_buf + done, sim.out_len - done);
		if (n > 0) {
			done += (size_t) n;
		} else if (n < 0 && errno == EINTR && !quit_requested) {
			continue;
		} else if (n < 0 && errno == EAGAIN && sim.pty_slave < 0) {
			struct pollfd p = { .fd = sim.out_fd, .events = POLLOUT };
			poll(&p, 1, -1);	/* stdout was handed over non-blocking */
		} else if (n < 0 && errno == EAGAIN) {
			/* Nobody reads the pty: a real line loses the bytes too. */
			sim.dropped += sim.out_len - done;
			break;
		} else {
			quit_requested = 1;	/* EPIPE: the reader is gone */
			break;
		}
	}
	sim.out_len = 0;
}

/* The line speed a termios speed code stands for, or 0. */
static uint32_t speed_value(speed_t code)
{
	static const struct { speed_t code; uint32_t value; } speeds[] = {
		{ B1200, 1200 }, { B2400, 2400 }, { B4800, 4800 }, { B9600, 9600 },
		{ B19200, 19200 }, { B38400, 38400 }, { B57600, 57600 },
		{ B115200, 115200 }, { B230400, 230400 }, { B460800, 460800 },
		{ B500000, 500000 }, { B921600, 921600 }, { B1000000, 1000000 },
	};

	for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++)
		if (speeds[i].code == code)
			return speeds[i].value;
	return 0;
}

/*
 * --strict-baud: does the rate the program on the pty set match the
 * UART's (UBRR0, U2X0) closely enough for bytes to cross? Real UARTs
 * tolerate about 4 % between the two ends; beyond that the receiver sees
 * garbage, here nothing.
 */
static bool line_speeds_match(void)
{
	struct termios t;
	uint32_t host, ubrr;
	double avr_rate;

	if (!sim.opt.strict_baud || tcgetattr(sim.pty_slave, &t) != 0)
		return true;
	host = speed_value(cfgetospeed(&t));
	ubrr = avr_regbit_get(sim.avr, sim.uart->ubrrl) |
	       (uint32_t) avr_regbit_get(sim.avr, sim.uart->ubrrh) << 8;
	avr_rate = (double) sim.avr->frequency /
		   ((avr_regbit_get(sim.avr, sim.uart->u2x) ? 8 : 16) * (ubrr + 1.0));
	if (host && host > avr_rate * 0.96 && host < avr_rate * 1.04)
		return true;
	if (!sim.garbled++)
		fprintf(stderr, "avrsim: the port is at %u baud, the UART at %.0f: bytes are lost "
			"(--strict-baud)\n", (unsigned) host, avr_rate);
	return false;
}

/*
 * On a pty the program at the other end says whether XON/XOFF is flow
 * control (IXON, as the IDE sets) or just bytes (a bootloader's binary
 * protocol, as avrdude and our writer speak). On stdin/stdout it always is.
 */
static bool host_wants_xonxoff(void)
{
	struct termios t;

	if (sim.pty_slave < 0 || tcgetattr(sim.pty_slave, &t) != 0)
		return true;
	return (t.c_iflag & IXON) != 0;
}

static void uart_output_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void) irq;
	(void) param;
	if (!line_speeds_match())
		return;
	if (sim.out_len == OUT_SIZE)
		flush_output();
	sim.out_buf[sim.out_len++] = (uint8_t) value;
	sim.last_activity = now_cycles();
	/* The host end obeys the firmware's software flow control, if it asked for it. */
	if (value == XOFF && host_wants_xonxoff())
		sim.sw_xoff = true;
	else if (value == XON)
		sim.sw_xoff = false;
}

static void uart_xoff_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void) irq;
	(void) param;
	sim.xoff = value != 0;
}

/*
 * The chip sleeps until its next timer. That idle time passes as wall
 * time, so an idle chip costs no CPU, unless --realtime already holds all
 * of simulated time to the clock (keep_realtime()). simavr's own callback
 * counts from the first sleep it sees: a chip that first sleeps seconds
 * after it started (a bootloader busy-waits) would stall for as long.
 */
static void sleep_idle(avr_t *avr, avr_cycle_count_t how_long)
{
	if (sim.opt.realtime)
		return;
	sim.sleep_ns += (long long) (how_long * 1e9 / avr->frequency);
	if (sim.sleep_ns >= 200000) {	/* shorter sleeps are not kept well */
		struct timespec d = { .tv_sec = sim.sleep_ns / 1000000000,
				      .tv_nsec = sim.sleep_ns % 1000000000 };
		nanosleep(&d, NULL);
		sim.sleep_ns = 0;
	}
}

/* Does nothing: after EOF no input can come, so idle time need not pass in real time. */
static void sleep_skip(avr_t *avr, avr_cycle_count_t how_long)
{
	(void) avr;
	(void) how_long;
}

/*
 * --reset-on-open: in packet mode each read from the master starts with a
 * status byte: TIOCPKT_DATA (0) before data, else flags alone. The client
 * flushing its input (TIOCPKT_FLUSHREAD) is a port being opened.
 */
static ssize_t read_packet(uint8_t *buf, size_t room)
{
	uint8_t packet[IN_SIZE + 1];
	ssize_t n = read(sim.in_fd, packet, room + 1);

	if (n <= 0)
		return n;
	if (packet[0] != TIOCPKT_DATA) {
		if (packet[0] & TIOCPKT_FLUSHREAD) {
			reset_requested = 1;
			if (sim.opt.log_level > LOG_ERROR)
				fprintf(stderr, "avrsim: the port was opened: reset\n");
		}
		errno = EAGAIN;
		return -1;
	}
	memcpy(buf, packet + 1, (size_t) n - 1);
	return n - 1;
}

static void read_input(void)
{
	struct pollfd p = { .fd = sim.in_fd, .events = POLLIN };
	size_t tail, room;
	ssize_t n;

	if (sim.in_eof || sim.in_len == IN_SIZE || poll(&p, 1, 0) <= 0)
		return;
	tail = (sim.in_head + sim.in_len) % IN_SIZE;
	room = IN_SIZE - sim.in_len;
	if (room > IN_SIZE - tail)
		room = IN_SIZE - tail;
	if (sim.opt.reset_on_open)
		n = read_packet(sim.in_buf + tail, room);
	else
		n = read(sim.in_fd, sim.in_buf + tail, room);
	if (n > 0) {
		sim.in_len += (size_t) n;
	} else if (n == 0 && sim.pty_slave < 0) {
		sim.in_eof = true;
		sim.avr->sleep = sleep_skip;
	}
}

static unsigned uart_fifo_count(void)
{
	const uart_fifo_t *f = &sim.uart->input;

	return (unsigned) (f->write - f->read) & (uart_fifo_fifo_size - 1);
}

/*
 * May the next byte go on the wire? Bytes are held while the receiver is
 * off (boot, reset) and while the UART says XOFF. simavr lowers XOFF (says
 * XON) only when its fifo has run dry or the firmware polls UCSR0A, so we
 * resume at half empty instead: the firmware never waits for a byte.
 */
static bool uart_ready(void)
{
	unsigned n;

	if (!avr_regbit_get(sim.avr, sim.uart->rxen))
		return false;
	n = uart_fifo_count();
	if (sim.xoff && n >= uart_fifo_fifo_size / 2)
		return false;
	sim.xoff = false;
	return n < uart_fifo_fifo_size - 1;
}

/*
 * While the firmware's XOFF is in force, only a ^C may go: it jumps the
 * queue, like the IDE's interrupt, which drops what it has not sent yet
 * and would otherwise wait for ever on a board too busy to read.
 */
static bool take_ctrl_c(uint8_t *c)
{
	for (size_t i = 0; i < sim.in_len; i++) {
		size_t at = (sim.in_head + i) % IN_SIZE;

		if (sim.in_buf[at] != CTRL_C)
			continue;
		for (; i > 0; i--) {	/* close the gap: the bytes before it move up one */
			size_t prev = (sim.in_head + i - 1) % IN_SIZE;

			sim.in_buf[at] = sim.in_buf[prev];
			at = prev;
		}
		*c = CTRL_C;
		return true;
	}
	return false;
}

static void feed_input(void)
{
	uint8_t c;

	if (sim.in_len == 0 || !uart_ready())
		return;
	if (sim.sw_xoff && !take_ctrl_c(&c))
		return;
	if (!sim.sw_xoff)
		c = sim.in_buf[sim.in_head];
	sim.in_head = (sim.in_head + 1) % IN_SIZE;
	sim.in_len--;
	sim.last_activity = now_cycles();
	if (line_speeds_match())
		avr_raise_irq(sim.uart_in, c);
}

/* ---- EEPROM image --------------------------------------------------- */

static void eeprom_attach(void)
{
	avr_eeprom_desc_t d = { .ee = NULL, .offset = 0, .size = 0 };

	/* Returns -1 even when it worked; with ee == NULL it points ee at the live array. */
	avr_ioctl(sim.avr, AVR_IOCTL_EEPROM_GET, &d);
	if (!d.ee)
		die("this MCU has no EEPROM for --eeprom");
	sim.eeprom = d.ee;
	sim.eeprom_size = sim.avr->e2end + 1;
	sim.eeprom_saved = malloc(sim.eeprom_size);
	if (!sim.eeprom_saved)
		die("out of memory");
}

static void eeprom_load(const char *path)
{
	FILE *f = fopen(path, "rb");

	memset(sim.eeprom, 0xff, sim.eeprom_size);	/* a missing file is an erased chip */
	if (f) {
		if (fread(sim.eeprom, 1, sim.eeprom_size, f) < sim.eeprom_size && ferror(f))
			die("%s: read error", path);
		fclose(f);
	} else if (errno != ENOENT) {
		die("%s: %s", path, strerror(errno));
	}
	memcpy(sim.eeprom_saved, sim.eeprom, sim.eeprom_size);
}

/* Write a new file and rename it over the old one: a kill never leaves half a file. */
static void eeprom_save(void)
{
	char tmp[4096];
	FILE *f;

	snprintf(tmp, sizeof tmp, "%s.tmp%ld", sim.opt.eeprom_file, (long) getpid());
	f = fopen(tmp, "wb");
	if (!f || fwrite(sim.eeprom, 1, sim.eeprom_size, f) != sim.eeprom_size
	    || fclose(f) != 0 || rename(tmp, sim.opt.eeprom_file) != 0) {
		fprintf(stderr, "avrsim: cannot save %s: %s\n", sim.opt.eeprom_file, strerror(errno));
		unlink(tmp);
		return;
	}
	memcpy(sim.eeprom_saved, sim.eeprom, sim.eeprom_size);
}

/* Saves at most every EEPROM_SAVE_NS of wall time, only when something changed. */
static void eeprom_check(void)
{
	struct timespec t;

	if (!sim.opt.eeprom_file)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t);
	if (elapsed_ns(&sim.eeprom_checked, &t) < EEPROM_SAVE_NS)
		return;
	sim.eeprom_checked = t;
	if (memcmp(sim.eeprom, sim.eeprom_saved, sim.eeprom_size) != 0)
		eeprom_save();
}

/* ---- the periodic host tick (simulated time) ------------------------- */

static bool linger_over(void)
{
	double idle = (double) (now_cycles() - sim.last_activity);

	return sim.in_eof && idle >= sim.opt.linger * sim.avr->frequency;
}

/*
 * --realtime: sleep while simulated time is ahead of the wall clock. When
 * the simulation falls behind (a slow host), start counting afresh rather
 * than racing to catch up.
 */
static void keep_realtime(void)
{
	struct timespec t;
	long long sim_ns, wall_ns;

	clock_gettime(CLOCK_MONOTONIC, &t);
	sim_ns = (long long) ((now_cycles() - sim.cycle_anchor) * 1e9 / sim.avr->frequency);
	wall_ns = elapsed_ns(&sim.wall_anchor, &t);
	if (sim_ns > wall_ns + 1000000) {
		struct timespec d = { .tv_sec = (sim_ns - wall_ns) / 1000000000,
				      .tv_nsec = (sim_ns - wall_ns) % 1000000000 };
		nanosleep(&d, NULL);
	} else if (wall_ns > sim_ns + 100000000) {
		sim.wall_anchor = t;
		sim.cycle_anchor = now_cycles();
	}
}

static void host_poll(void)
{
	read_input();
	if (sim.out_len)
		flush_output();
	eeprom_check();
	if (sim.opt.realtime)
		keep_realtime();
	if (linger_over())
		quit_requested = 1;
}

/* Runs once per byte time, so input goes in at the wire rate. */
static avr_cycle_count_t tick(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
	(void) avr;
	(void) param;
	feed_input();
	if (++sim.ticks % POLL_TICKS == 0)
		host_poll();
	return when + sim.byte_cycles;
}

static void arm_tick(void)
{
	if (sim.avr->cycle < sim.cycle_at_reset)
		sim.cycle_base += sim.cycle_at_reset;
	sim.cycle_at_reset = 0;
	sim.rearm = false;
	avr_cycle_timer_register(sim.avr, sim.byte_cycles, tick, NULL);
}

/* ---- reset notification: our own little IO module -------------------- */

/*
 * avr_reset() (our SIGUSR1, or the watchdog inside libsimavr) drops every
 * cycle timer. simavr 1.6 keeps avr->cycle counting, later versions zero it
 * after calling the modules' reset, which would misplace a timer set here:
 * the main loop re-arms the tick (and adds the lost count, if any).
 */
/* --stack: RAM above .data and .bss is painted at every reset; the
 * lowest byte the firmware changed there marks the deepest its C stack
 * (with interrupt frames) went. */
#define STACK_PAINT 0xA5

static uint16_t stack_depth(void)
{
	uint16_t a = sim.ram_free;

	while (a <= sim.avr->ramend && sim.avr->data[a] == STACK_PAINT)
		a++;
	return (uint16_t)(sim.avr->ramend + 1 - a);
}

static void paint_stack(void)
{
	uint16_t depth;

	if (!sim.opt.stack)
		return;
	depth = sim.painted ? stack_depth() : 0;
	if (depth > sim.stack_peak)
		sim.stack_peak = depth;
	sim.painted = true;
	memset(sim.avr->data + sim.ram_free, STACK_PAINT, sim.avr->ramend + 1 - sim.ram_free);
}

static void bridge_reset(avr_io_t *io)
{
	sim.cycle_at_reset = io->avr->cycle;
	sim.rearm = true;
	sim.xoff = sim.sw_xoff = false;
	sim.in_len = 0;		/* bytes in flight are lost, as on a real reset */
	if (sim.opt.trace_pins || sim.opt.cycles)
		fprintf(stderr, "reset @cycle %llu\n", (unsigned long long) now_cycles());
	set_adc_inputs();
	paint_stack();
}

static avr_io_t bridge_io = {
	.kind = "avrsim",
	.reset = bridge_reset,
};

/* ---- pin trace and cycle marks ------------------------------------ */

/* Arduino Uno names: D0-D7 = PD0-7, D8-D13 = PB0-5, A0-A5 = PC0-5. */
static void arduino_name(char port, int pin, char *buf, size_t len)
{
	buf[0] = 0;
	if (port == 'D')
		snprintf(buf, len, " D%d", pin);
	else if (port == 'B' && pin <= 5)
		snprintf(buf, len, " D%d", pin + 8);
	else if (port == 'C' && pin <= 5)
		snprintf(buf, len, " A%d", pin);
}

/* The compare outputs of timers 0-2 and the pins they can drive. */
static const struct pwm_out {
	char timer, comp;	/* '0', 'A' */
	char port;
	int pin;
} pwm_outs[] = {
	{ '0', 'A', 'D', 6 }, { '0', 'B', 'D', 5 },
	{ '1', 'A', 'B', 1 }, { '1', 'B', 'B', 2 },
	{ '2', 'A', 'B', 3 }, { '2', 'B', 'D', 3 },
};

static avr_timer_t *find_timer(char name)
{
	for (avr_io_t *io = sim.avr->io_port; io; io = io->next)
		if (io->kind && !strcmp(io->kind, "timer") && ((avr_timer_t *) io)->name == name)
			return (avr_timer_t *) io;
	return NULL;
}

/* Is a timer's PWM driving this pin (PWM mode, its COM bits set)? Tones
 * (CTC toggling) are traced edge by edge. */
static bool timer_drives(char port, int pin)
{
	for (size_t i = 0; i < sizeof pwm_outs / sizeof pwm_outs[0]; i++) {
		const struct pwm_out *o = &pwm_outs[i];
		avr_timer_t *t;

		if (o->port != port || o->pin != pin || !(t = find_timer(o->timer)))
			continue;
		if ((t->mode.kind == avr_timer_wgm_fast_pwm || t->mode.kind == avr_timer_wgm_pwm)
		    && avr_regbit_get(sim.avr, t->comp[o->comp - 'A'].com))
			return true;
	}
	return false;
}

static void pin_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
	intptr_t id = (intptr_t) param;
	char port = (char) (id >> 8);
	int pin = (int) (id & 7);
	char name[16];

	(void) irq;
	/* Edges a timer makes are summed up by the 'pwm' lines instead. */
	if (timer_drives(port, pin))
		return;
	arduino_name(port, pin, name, sizeof name);
	fprintf(stderr, "pin P%c%d %u @cycle %llu%s\n", port, pin, value & 1,
		(unsigned long long) now_cycles(), name);
}

/* A new compare value (simavr reports it in the PWM modes). */
static void pwm_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
	const struct pwm_out *o = param;
	char name[16];

	(void) irq;
	arduino_name(o->port, o->pin, name, sizeof name);
	fprintf(stderr, "pwm OC%c%c %u @cycle %llu%s\n", o->timer, o->comp, value,
		(unsigned long long) now_cycles(), name);
}

static void trace_pins(void)
{
	for (char port = 'B'; port <= 'D'; port++) {
		for (int pin = 0; pin < 8; pin++) {
			avr_irq_t *irq = avr_io_getirq(sim.avr, AVR_IOCTL_IOPORT_GETIRQ(port), pin);
			if (irq)
				avr_irq_register_notify(irq, pin_hook, (void *) (intptr_t) (port << 8 | pin));
		}
	}
	for (size_t i = 0; i < sizeof pwm_outs / sizeof pwm_outs[0]; i++) {
		const struct pwm_out *o = &pwm_outs[i];
		avr_irq_t *irq = avr_io_getirq(sim.avr, AVR_IOCTL_TIMER_GETIRQ(o->timer),
					       TIMER_IRQ_OUT_PWM0 + (o->comp - 'A'));
		if (irq)
			avr_irq_register_notify(irq, pwm_hook, (void *) o);
	}
}

/* ---- analog inputs ------------------------------------------------------- */

static void set_adc_inputs(void)
{
	if (!sim.avr->avcc)
		sim.avr->avcc = SUPPLY_MV;
	if (!sim.avr->aref)
		sim.avr->aref = SUPPLY_MV;
	if (!sim.avr->vcc)
		sim.avr->vcc = SUPPLY_MV;
	for (int i = 0; i < ADC_CHANNELS; i++) {
		avr_irq_t *irq = avr_io_getirq(sim.avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + i);
		if (irq && sim.opt.adc_mv[i] >= 0)
			avr_raise_irq(irq, (uint32_t) sim.opt.adc_mv[i]);
	}
}

static void mark_write(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	(void) param;
	avr->data[addr] = v;	/* stays an ordinary register for the firmware */
	if (sim.opt.cycles)
		fprintf(stderr, "mark %u @cycle %llu\n", v, (unsigned long long) now_cycles());
}

/* ---- set-up ---------------------------------------------------------- */

static void usage(FILE *f)
{
	fputs("usage: avrsim [--eeprom FILE] [--pty LINK] [--trace-pins] [--cycles]\n"
	      "              [--mcu atmega328p] [--freq 16000000] [--baud 115200]\n"
	      "              [--adc PIN=VOLTS]... [--flash-kb N] [--stack]\n"
	      "              [--linger SECONDS] [--realtime] [-v]\n"
	      "              [--bootloader HEX] [--reset-on-open] [--strict-baud] ELF\n"
	      "  UART0 is on stdin/stdout, or on a pseudo-terminal symlinked at LINK.\n"
	      "  --eeprom FILE  raw EEPROM image: loaded at start (missing: erased),\n"
	      "                 saved on exit and within 50 ms of any change\n"
	      "  --trace-pins   'pin PB5 1 @cycle N D13' on stderr for port B/C/D changes\n"
	      "  --cycles       'cycles N' on stderr at exit; a write of V to GPIOR0\n"
	      "                 prints 'mark V @cycle N'\n"
	      "  --baud         host line rate that paces input (10 bits a byte)\n"
	      "  --linger       after EOF on stdin, exit once the UART has been\n"
	      "                 silent this many simulated seconds (default 2)\n"
	      "  --realtime     hold simulated time to the wall clock (default: free-running)\n"
	      "  --adc A0=2.5   the voltage on an analog input (A0-A7 or 0-7; AVCC is 5 V);\n"
	      "                 may be given once per input\n"
	      "  --flash-kb N   development aid: give the chip N KB of flash (up to 128),\n"
	      "                 so an image too big for the real part still runs; pins,\n"
	      "                 peripherals, RAM and cycle counts stay the chip's own\n"
	      "  --stack        'stack N bytes deepest, M bytes of RAM free for it' on\n"
	      "                 stderr at exit: free RAM is painted at each reset\n"
	      "  --bootloader HEX  an Intel HEX bootloader (Optiboot, ATmegaBOOT): the chip\n"
	      "                 starts at its first address, as with the BOOTRST fuse; the\n"
	      "                 ELF is then optional (without it the application flash\n"
	      "                 is erased); flash the bootloader writes is kept until exit\n"
	      "  --reset-on-open  with --pty: reset the chip (external reset) whenever a\n"
	      "                 program opens the port, as DTR does on an Uno\n"
	      "  --strict-baud  with --pty: bytes cross only while the port's speed is\n"
	      "                 within 4 % of the UART's (UBRR0, U2X0), as on a real line\n"
	      "  -v, --verbose  more libsimavr messages on stderr (twice: trace)\n"
	      "  SIGUSR1 resets the chip (like DTR); SIGTERM/SIGINT exit.\n"
	      "  With --trace-pins or --cycles, resets print 'reset @cycle N'.\n", f);
}

/* --adc A3=1.25 (or 3=1.25): volts on an analog input. */
static void parse_adc(const char *arg, struct options *o)
{
	const char *p = arg[0] == 'A' || arg[0] == 'a' ? arg + 1 : arg;
	char *end;
	long ch = strtol(p, &end, 10);
	double volts;

	if (end == p || *end != '=' || ch < 0 || ch >= ADC_CHANNELS)
		die("--adc %s: give PIN=VOLTS, PIN A0-A7", arg);
	volts = strtod(end + 1, &end);
	if (*end || volts < 0 || volts > SUPPLY_MV / 1000.0)
		die("--adc %s: volts must be 0 to %g", arg, SUPPLY_MV / 1000.0);
	o->adc_mv[ch] = (int) (volts * 1000 + 0.5);
}

static void parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longs[] = {
		{ "eeprom", required_argument, NULL, 'e' },
		{ "pty", required_argument, NULL, 'p' },
		{ "trace-pins", no_argument, NULL, 't' },
		{ "cycles", no_argument, NULL, 'c' },
		{ "mcu", required_argument, NULL, 'm' },
		{ "freq", required_argument, NULL, 'f' },
		{ "baud", required_argument, NULL, 'b' },
		{ "linger", required_argument, NULL, 'l' },
		{ "realtime", no_argument, NULL, 'r' },
		{ "adc", required_argument, NULL, 'a' },
		{ "flash-kb", required_argument, NULL, 'k' },
		{ "stack", no_argument, NULL, 's' },
		{ "bootloader", required_argument, NULL, 'B' },
		{ "reset-on-open", no_argument, NULL, 'R' },
		{ "strict-baud", no_argument, NULL, 'S' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct options) { .baud = 115200, .linger = 2.0, .log_level = LOG_ERROR };
	for (int i = 0; i < ADC_CHANNELS; i++)
		o->adc_mv[i] = -1;
	while ((c = getopt_long(argc, argv, "hv", longs, NULL)) != -1) {
		switch (c) {
		case 'e': o->eeprom_file = optarg; break;
		case 'p': o->pty_link = optarg; break;
		case 't': o->trace_pins = true; break;
		case 'c': o->cycles = true; break;
		case 'm': o->mcu = optarg; break;
		case 'f': o->freq = (uint32_t) strtoul(optarg, NULL, 0); break;
		case 'b': o->baud = (uint32_t) strtoul(optarg, NULL, 0); break;
		case 'l': o->linger = strtod(optarg, NULL); break;
		case 'r': o->realtime = true; break;
		case 'a': parse_adc(optarg, o); break;
		case 'k':
			o->flash_kb = (uint32_t) strtoul(optarg, NULL, 0);
			if (o->flash_kb < 1 || o->flash_kb > 128)
				die("--flash-kb takes 1 to 128");
			break;
		case 's': o->stack = true; break;
		case 'B': o->bootloader = optarg; break;
		case 'R': o->reset_on_open = true; break;
		case 'S': o->strict_baud = true; break;
		case 'v': o->log_level++; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	/* The ELF may be left out only when a bootloader is there to run. */
	if (optind < argc - 1 || (optind == argc && !o->bootloader) || o->baud == 0) {
		usage(stderr);
		exit(2);
	}
	o->elf = optind < argc ? argv[optind] : NULL;
	if (o->reset_on_open && !o->pty_link)
		die("--reset-on-open needs --pty: it watches a program opening the port");
	if (o->strict_baud && !o->pty_link)
		die("--strict-baud needs --pty: it compares the port's speed with the UART's");
}

/*
 * Parts of libsimavr printf() to stdout (and its default logger sends
 * warnings there): keep the real stdout for UART bytes only and point
 * fd 1 at stderr.
 */
static void separate_stdout(void)
{
	sim.out_fd = dup(STDOUT_FILENO);
	if (sim.out_fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
		die("dup: %s", strerror(errno));
	setvbuf(stdout, NULL, _IOLBF, 0);
	sim.in_fd = STDIN_FILENO;
}

static void quiet_logger(avr_t *avr, const int level, const char *fmt, va_list ap)
{
	if (level > (avr ? avr->log : LOG_ERROR))
		return;
	fputs("simavr: ", stderr);
	vfprintf(stderr, fmt, ap);
}

/* MCUSR bits tell the firmware why it started; libsimavr leaves them clear. */
static void set_reset_flag(avr_regbit_t flag)
{
	if (flag.reg)
		avr_regbit_set(sim.avr, flag);
}

static void make_avr(void)
{
	static elf_firmware_t fw;
	const char *mcu;

	if (sim.opt.elf && elf_read_firmware(sim.opt.elf, &fw) != 0)
		die("%s: cannot read the ELF file", sim.opt.elf);
	/* Options win over an .mmcu section in the ELF, which wins over the defaults. */
	mcu = sim.opt.mcu ? sim.opt.mcu : fw.mmcu[0] ? fw.mmcu : "atmega328p";
	if (sim.opt.freq)
		fw.frequency = sim.opt.freq;
	else if (!fw.frequency)
		fw.frequency = 16000000;
	sim.avr = avr_make_mcu_by_name(mcu);
	if (!sim.avr)
		die("unknown MCU %s", mcu);
	/* avr_init() allocates flashend + 1 bytes: enlarge before it. The
	 * 328P's jmp/call reach 64 K words and push 2-byte return addresses,
	 * so up to 128 KB runs unchanged. */
	if (sim.opt.flash_kb && sim.opt.flash_kb * 1024 > sim.avr->flashend + 1)
		sim.avr->flashend = sim.opt.flash_kb * 1024 - 1;
	if (sim.opt.bootloader) {
		read_bootloader(sim.opt.bootloader);
		make_room_for_bootloader(sim.opt.bootloader);
	}
	avr_init(sim.avr);
	sim.avr->log = sim.opt.log_level > LOG_DEBUG ? LOG_DEBUG : sim.opt.log_level;
	memset(sim.avr->flash, 0xff, sim.avr->flashend + 1);	/* an erased chip */
	sim.ram_free = (uint16_t)(sim.avr->ioend + 1);
	if (sim.opt.elf) {
		if (fw.flashsize > sim.avr->flashend + 1)
			die("%s: %u bytes of code do not fit %s's %u bytes of flash%s", sim.opt.elf,
			    (unsigned) fw.flashsize, mcu, (unsigned) sim.avr->flashend + 1,
			    sim.opt.flash_kb ? "" : " (--flash-kb enlarges it)");
		avr_load_firmware(sim.avr, &fw);
		load_other_flash_sections(sim.opt.elf);
	}
	if (sim.opt.bootloader)
		load_bootloader(sim.opt.bootloader, sim.opt.elf ? fw.flashbase + fw.flashsize : 0);
	paint_stack();
	sim.avr->frequency = fw.frequency;
	set_adc_inputs();
	set_reset_flag(sim.avr->reset_flags.porf);
}

/*
 * libsimavr 1.6 loads only the sections named .text and .data. An image
 * linked for --flash-kb keeps code in further flash sections (past the
 * .data image, which must stay in LPM's first 64 KB): load those too.
 * Also note where the image's RAM sections end, for --stack.
 */
static void load_other_flash_sections(const char *path)
{
	int fd = open(path, O_RDONLY);
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t strndx;

	if (fd < 0 || elf_version(EV_CURRENT) == EV_NONE || !(elf = elf_begin(fd, ELF_C_READ, NULL)))
		die("%s: cannot read the ELF file", path);
	if (elf_getshdrstrndx(elf, &strndx) != 0)
		die("%s: no section names", path);
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			continue;
		/* RAM sections (.data, .bss, .noinit) end where --stack paints. */
		if ((sh.sh_flags & SHF_ALLOC) && sh.sh_addr >= 0x800000 && sh.sh_addr < 0x810000 &&
		    sh.sh_addr - 0x800000 + sh.sh_size > sim.ram_free)
			sim.ram_free = (uint16_t)(sh.sh_addr - 0x800000 + sh.sh_size);
		if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_ALLOC)
		    || sh.sh_addr >= 0x800000 || !(name = elf_strptr(elf, strndx, sh.sh_name))
		    || !strcmp(name, ".text") || !strcmp(name, ".data"))
			continue;
		if (sh.sh_addr + sh.sh_size > sim.avr->flashend + 1)
			die("%s: section %s ends at %llu, past the %u bytes of flash%s", path, name,
			    (unsigned long long) (sh.sh_addr + sh.sh_size), (unsigned) sim.avr->flashend + 1,
			    sim.opt.flash_kb ? "" : " (--flash-kb enlarges it)");
		for (d = elf_getdata(scn, NULL); d; d = elf_getdata(scn, d))
			if (d->d_buf)
				memcpy(sim.avr->flash + sh.sh_addr + d->d_off, d->d_buf, d->d_size);
	}
	elf_end(elf);
	close(fd);
}

/*
 * The bootloader's Intel HEX, at its own addresses. The lowest is where
 * the chip starts after every reset (the BOOTRST fuse). The application
 * (the ELF, if any) must stay below it.
 *
 * Debian's optiboot_atmega328.hex (arduino-core-avr 1.8.7) was compiled
 * to 532 bytes for a 512-byte boot section: its code runs 20 bytes past
 * the end of the 328P's flash, and its 2-byte version record at 0x7ffe
 * lands on an instruction (the store that lets the watchdog be set to 1
 * s). Such a file cannot be burnt into a real chip. To run it as it was
 * compiled, the simulated flash grows to hold the overhang, and where
 * records overlap the first one is kept; both are reported on stderr.
 */
static struct {
	ihex_chunk_p chunks;
	int count;
	uint32_t start, end;	/* lowest address, one past the highest */
} boot;

static void read_bootloader(const char *path)
{
	boot.count = read_ihex_chunks(path, &boot.chunks);
	if (boot.count <= 0)
		die("%s: cannot read the bootloader (Intel HEX)", path);
	boot.start = UINT32_MAX;
	for (int i = 0; i < boot.count; i++) {
		const ihex_chunk_t *c = &boot.chunks[i];

		if (c->size == 0)
			continue;
		if (c->baseaddr < boot.start)
			boot.start = c->baseaddr;
		if (c->baseaddr + c->size > boot.end)
			boot.end = c->baseaddr + c->size;
	}
	if (boot.start == UINT32_MAX)
		die("%s: the bootloader holds no code", path);
}

/* Before avr_init(): room for a bootloader that runs past the chip's flash. */
static void make_room_for_bootloader(const char *path)
{
	uint32_t chip = sim.avr->flashend + 1;

	if (boot.end <= chip)
		return;
	if (boot.start >= chip)
		die("%s: the bootloader starts at 0x%x, past the %u bytes of this chip's flash: "
		    "is it for another chip?", path, (unsigned) boot.start, (unsigned) chip);
	sim.avr->flashend = ((boot.end + 1023) / 1024) * 1024 - 1;
	fprintf(stderr, "avrsim: %s: the bootloader runs %u bytes past the chip's %u bytes of "
		"flash (a real chip could not hold it); the simulated flash grows to %u KB\n",
		path, (unsigned) (boot.end - chip), (unsigned) chip,
		(unsigned) (sim.avr->flashend + 1) / 1024);
}

static void load_bootloader(const char *path, uint32_t app_end)
{
	uint8_t *loaded = calloc(boot.end, 1);
	unsigned twice = 0;

	if (!loaded)
		die("out of memory");
	if (app_end > boot.start)
		die("%s: the application reaches %u, into the bootloader at %u",
		    sim.opt.elf, (unsigned) app_end, (unsigned) boot.start);
	for (int i = 0; i < boot.count; i++) {
		const ihex_chunk_t *c = &boot.chunks[i];

		for (uint32_t j = 0; j < c->size; j++) {
			uint32_t a = c->baseaddr + j;

			if (loaded[a]) {
				twice++;
				continue;
			}
			loaded[a] = 1;
			sim.avr->flash[a] = c->data[j];
		}
	}
	if (twice)
		fprintf(stderr, "avrsim: %s: %u bytes are given twice; the first record of each "
			"is kept\n", path, twice);
	free(loaded);
	free_ihex_chunks(boot.chunks);
	sim.avr->reset_pc = sim.avr->pc = boot.start;
}

static avr_uart_t *find_uart(char name)
{
	for (avr_io_t *io = sim.avr->io_port; io; io = io->next)
		if (io->kind && !strcmp(io->kind, "uart") && ((avr_uart_t *) io)->name == name)
			return (avr_uart_t *) io;
	return NULL;
}

static void setup_uart(void)
{
	uint32_t flags = 0;

	sim.uart = find_uart('0');
	if (!sim.uart)
		die("this MCU has no UART0");
	/* No line printing to the console, no usleep() when UCSR0A is polled. */
	avr_ioctl(sim.avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
	flags &= ~(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
	avr_ioctl(sim.avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	sim.uart_in = avr_io_getirq(sim.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(sim.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
				uart_output_hook, NULL);
	avr_irq_register_notify(avr_io_getirq(sim.avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
				uart_xoff_hook, NULL);
	sim.byte_cycles = (avr_cycle_count_t) sim.avr->frequency * 10 / sim.opt.baud;
}

static void raw_pty(int fd)
{
	struct termios t;

	if (tcgetattr(fd, &t) != 0)
		die("tcgetattr: %s", strerror(errno));
	cfmakeraw(&t);
	cfsetspeed(&t, B115200);
	tcsetattr(fd, TCSANOW, &t);
}

static void setup_pty(const char *link)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	const char *name;

	if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0)
		die("cannot create a pseudo-terminal: %s", strerror(errno));
	name = ptsname(master);
	if (!name)
		die("ptsname: %s", strerror(errno));
	snprintf(sim.pty_name, sizeof sim.pty_name, "%s", name);
	sim.pty_slave = open(sim.pty_name, O_RDWR | O_NOCTTY);
	if (sim.pty_slave < 0)
		die("%s: %s", sim.pty_name, strerror(errno));
	raw_pty(sim.pty_slave);
	/* Non-blocking: with no client the output is dropped, never stalls the AVR. */
	fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
	if (sim.opt.reset_on_open && ioctl(master, TIOCPKT, &(int) { 1 }) != 0)
		die("packet mode on the pseudo-terminal: %s", strerror(errno));
	if (unlink(link) != 0 && errno != ENOENT)
		die("%s: %s", link, strerror(errno));
	if (symlink(sim.pty_name, link) != 0)
		die("symlink %s: %s", link, strerror(errno));
	sim.in_fd = sim.out_fd = master;
}

/* Remove LINK only if it is still ours (a newer avrsim may have taken it). */
static void remove_pty_link(void)
{
	char target[sizeof sim.pty_name];
	ssize_t n;

	if (!sim.opt.pty_link)
		return;
	n = readlink(sim.opt.pty_link, target, sizeof target - 1);
	if (n < 0)
		return;
	target[n] = 0;
	if (!strcmp(target, sim.pty_name))
		unlink(sim.opt.pty_link);
}

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		reset_requested = 1;
	else
		quit_requested = 1;
}

static void setup_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	int sigs[] = { SIGUSR1, SIGTERM, SIGINT, SIGHUP };

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* ---- running ------------------------------------------------------------ */

static void do_reset(void)
{
	reset_requested = 0;
	avr_reset(sim.avr);
	set_reset_flag(sim.avr->reset_flags.extrf);	/* DTR pulls the RESET pin */
}

/* The firmware stopped (sleep with interrupts off, or a crash): wait for a reset or the end. */
static void halted(int state)
{
	fprintf(stderr, "avrsim: firmware %s @cycle %llu\n",
		state == cpu_Crashed ? "crashed" : "stopped", (unsigned long long) now_cycles());
	flush_output();
	while (!quit_requested && !reset_requested) {
		struct pollfd p = { .fd = sim.in_fd, .events = POLLIN };
		poll(&p, 1, 20);
		read_input();
		sim.in_len = 0;	/* nobody listens */
		eeprom_check();
		if (sim.in_eof)
			quit_requested = 1;
	}
}

static void run(void)
{
	clock_gettime(CLOCK_MONOTONIC, &sim.wall_anchor);
	sim.cycle_anchor = now_cycles();
	arm_tick();
	while (!quit_requested) {
		int state;

		if (reset_requested)
			do_reset();
		if (sim.rearm)
			arm_tick();
		state = avr_run(sim.avr);
		if (state == cpu_Done || state == cpu_Crashed)
			halted(state);
	}
}

static void finish(void)
{
	flush_output();
	if (sim.dropped)
		fprintf(stderr, "avrsim: %lu output bytes dropped (no reader on the pty)\n", sim.dropped);
	if (sim.opt.eeprom_file)
		eeprom_save();
	if (sim.opt.cycles)
		fprintf(stderr, "cycles %llu\n", (unsigned long long) now_cycles());
	if (sim.opt.stack) {
		paint_stack();	/* folds the last run into the peak */
		fprintf(stderr, "stack %u bytes deepest, %u bytes of RAM free for it\n",
			sim.stack_peak, (unsigned)(sim.avr->ramend + 1 - sim.ram_free));
	}
	remove_pty_link();
}

int main(int argc, char **argv)
{
	parse_options(argc, argv, &sim.opt);
	sim.pty_slave = -1;
	separate_stdout();
	avr_global_logger_set(quiet_logger);
	make_avr();
	setup_uart();
	if (sim.opt.pty_link)
		setup_pty(sim.opt.pty_link);
	if (sim.opt.eeprom_file) {
		eeprom_attach();
		eeprom_load(sim.opt.eeprom_file);
		clock_gettime(CLOCK_MONOTONIC, &sim.eeprom_checked);
	}
	if (sim.opt.trace_pins)
		trace_pins();
	avr_register_io_write(sim.avr, GPIOR0_ADDR, mark_write, NULL);
	avr_register_io(sim.avr, &bridge_io);
	sim.avr->sleep = sleep_idle;
	setup_signals();
	run();
	finish();
	return 0;
}
