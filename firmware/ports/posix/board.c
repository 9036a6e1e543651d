/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host's virtual boards. Output changes go out as JSON lines on the
 * side channel (--io-fd N) and input values come in on it, so the IDE can
 * draw the board and a student can flip a switch:
 *
 *   out  {"board": "snekboard", "pins": 17, "analog": [0, ...], "motors": [[8, 9], ...]}
 *   out  {"pin": 8, "power": 0.5, "on": true}
 *   out  {"motor": 1, "power": 0.5, "on": true, "direction": "right"}
 *   out  {"pin": 3, "pull": "up"}
 *   out  {"neopixel": [[255, 0, 0]]}
 *   out  {"tone": 440}
 *   in   {"pin": 14, "value": 0.5}
 *
 * Writes that change nothing are not reported. Virtual time's messages
 * (vclock.c) share the channel. Numbers that are not finite go out as
 * null, as JavaScript writes them: a strict JSON reader takes every line.
 * Input that is not a whole pin number and a JSON number is ignored.
 *
 * The channel never stops the board: while nobody reads it, a write waits
 * reading the console, as a board's receive interrupt runs while it sends,
 * so ^C and DC4 act; a ^C ends the wait and what was not sent goes first
 * the next time. A reader that closes is no longer written to.
 */
#include "snek.h"
#include "board.h"
#include "vclock.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct pin_name {
	uint16_t name;
	int8_t value;      /* a pin number, or -1 - motor index */
};

struct board {
	const char *name;
	uint8_t pins;
	uint32_t analog;   /* bit per pin read through an ADC (0..1) */
	uint8_t motors[4][2];
	uint8_t nmotors;
	const struct pin_name *names;
};

static const struct pin_name uno_names[] = {
	{ NAME_D0, 0 }, { NAME_D1, 1 }, { NAME_D2, 2 }, { NAME_D3, 3 }, { NAME_D4, 4 },
	{ NAME_D5, 5 }, { NAME_D6, 6 }, { NAME_D7, 7 }, { NAME_D8, 8 }, { NAME_D9, 9 },
	{ NAME_D10, 10 }, { NAME_D11, 11 }, { NAME_D12, 12 }, { NAME_D13, 13 }, { NAME_LED, 13 },
	{ NAME_A0, 14 }, { NAME_A1, 15 }, { NAME_A2, 16 }, { NAME_A3, 17 }, { NAME_A4, 18 },
	{ NAME_A5, 19 }, { NAME_NONE, 0 },
};

/* The Snekboard's names and entry come from the firmware's own table. */
#include "../snekboard/boards/simulated-names.h"

static const struct board boards[] = {
	{ "uno", 20, 0xFC000, { { 0 } }, 0, uno_names },
#include "../snekboard/boards/simulated-board.h"
};

static const struct board *board = &boards[1];
static int io_fd = -1;
static float input[SNEK_GPIO_PINS];
static bool input_set[SNEK_GPIO_PINS];
static uint8_t pulls[SNEK_GPIO_PINS];
static float out_level[SNEK_GPIO_PINS];
static bool out_on[SNEK_GPIO_PINS];

bool board_select(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		if (!strcmp(boards[i].name, name)) {
			board = &boards[i];
			return true;
		}
	}
	return false;
}

void board_set_io_fd(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	io_fd = fd;
	/* Writes never block: board_send waits itself, reading the console. */
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

/* What the channel has not taken yet, in order: whole lines, the first
 * perhaps begun. At most OUT_MAX bytes; a line beyond that (only after
 * many ^C with nobody reading) is dropped whole. */
#define OUT_MAX 65536
static char out[OUT_MAX];
static size_t out_len;

/* write(), but a reader that closed gives EPIPE, not the SIGPIPE that
 * would end the board. */
static ssize_t write_quietly(const char *buf, size_t len)
{
	static const struct timespec now;
	sigset_t pipe, old;
	ssize_t n;
	int error;

	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	sigprocmask(SIG_BLOCK, &pipe, &old);
	n = write(io_fd, buf, len);
	error = errno;
	if (n < 0 && error == EPIPE)
		sigtimedwait(&pipe, NULL, &now); /* take the SIGPIPE this write raised */
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = error;
	return n;
}

/* Send what waits. While the channel is full, read the console: a ^C
 * (vm_interrupt) ends the wait, the rest still waiting. */
static void flush_out(void)
{
	struct pollfd p[2];
	bool console_open = true;
	size_t done = 0;
	ssize_t n;

	while (done < out_len && io_fd >= 0) {
		n = write_quietly(out + done, out_len - done);
		if (n > 0) {
			done += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
			io_fd = -1; /* the other end went away: carry on without it */
			done = out_len;
			break;
		}
		if (vm_interrupt)
			break;
		/* The console only while the ring has room (else poll wakes for
		 * nothing); it is read at least every 10 ms all the same. */
		p[0] = (struct pollfd){ .fd = io_fd, .events = POLLOUT };
		p[1] = (struct pollfd){ .fd = console_open && console_room() ? 0 : -1,
					.events = POLLIN };
		poll(p, 2, 10);
		if (console_open)
			console_open = posix_console_take();
	}
	memmove(out, out + done, out_len - done);
	out_len -= done;
}

void board_send(const char *line)
{
	size_t len = strlen(line);

	if (io_fd < 0)
		return;
	if (out_len + len <= sizeof out) {
		memcpy(out + out_len, line, len);
		out_len += len;
	}
	flush_out();
}

/* A report; in virtual time, held until the world's next step. */
static void emit(const char *line)
{
	if (!vclock_hold(line))
		board_send(line);
}

int board_io_fd(void)
{
	return io_fd;
}

/* Print a level the way a person reads it: 0.5, 1, 0.25; null if it is
 * not finite (JSON has no nan or inf). */
static const char *level_text(float f, char *buf)
{
	if (!isfinite(f))
		return "null";
	num_repr(buf, f);
	return buf;
}

static void describe(void)
{
	char line[512];
	int n = snprintf(line, sizeof line, "{\"board\": \"%s\", \"pins\": %d, \"analog\": [",
			 board->name, board->pins);
	uint8_t i;
	bool first = true;

	for (i = 0; i < board->pins; i++) {
		if (board->analog & (1ul << i)) {
			n += snprintf(line + n, sizeof line - (size_t)n, "%s%d", first ? "" : ", ", i);
			first = false;
		}
	}
	n += snprintf(line + n, sizeof line - (size_t)n, "], \"motors\": [");
	for (i = 0; i < board->nmotors; i++)
		n += snprintf(line + n, sizeof line - (size_t)n, "%s[%d, %d]", i ? ", " : "",
			      board->motors[i][0], board->motors[i][1]);
	snprintf(line + n, sizeof line - (size_t)n, "]}\n");
	emit(line);
}

/* Bind the board's pin names: at every boot, since boot clears globals. */
void board_start(void)
{
	const struct pin_name *p;
	value_t v;
	snek_len_t n;
	uint8_t m;

	for (p = board->names; p->name != NAME_NONE; p++) {
		if (p->value >= 0) {
			global_set(p->name, val_from_num(p->value));
			continue;
		}
		m = (uint8_t)(-1 - p->value);
		v = tuple_new(2);
		seq_items(v, &n)[0] = val_from_num(board->motors[m][0]);
		seq_items(v, &n)[1] = val_from_num(board->motors[m][1]);
		global_set(p->name, v);
	}
	memset(out_on, 0, sizeof out_on);
	memset(out_level, 0, sizeof out_level);
	for (m = 0; m < board->pins; m++)
		pulls[m] = board->analog & (1ul << m) ? PULL_NONE : PULL_UP;
	gpio_init();
	describe();
	if (vclock_on)
		vclock_boot();
}

uint8_t hal_gpio_pins(void)
{
	return board->pins;
}

static void report_motor(uint8_t pin)
{
	char line[160], a[NUM_REPR_MAX];
	uint8_t m, p, d;

	for (m = 0; m < board->nmotors; m++) {
		p = board->motors[m][0];
		d = board->motors[m][1];
		if (pin != p && pin != d)
			continue;
		snprintf(line, sizeof line,
			 "{\"motor\": %d, \"power\": %s, \"on\": %s, \"direction\": \"%s\"}\n", m + 1,
			 level_text(out_level[p], a), out_on[p] ? "true" : "false",
			 out_on[d] ? "left" : "right");
		emit(line);
	}
}

void hal_gpio_write(uint8_t pin, gpio_level_t power, bool on)
{
	char line[128], a[NUM_REPR_MAX];
	float level = GPIO_LEVEL_FLOAT(power);

	if (out_level[pin] == level && out_on[pin] == on)
		return; /* nothing changed: a busy loop need not flood the channel */
	out_level[pin] = level;
	out_on[pin] = on;
	snprintf(line, sizeof line, "{\"pin\": %d, \"power\": %s, \"on\": %s}\n", pin,
		 level_text(level, a), on ? "true" : "false");
	emit(line);
	report_motor(pin);
}

/* Where the value of "key": starts in line, or NULL. */
static const char *json_value(const char *line, const char *key)
{
	const char *p = strstr(line, key);

	if (!p)
		return NULL;
	for (p += strlen(key); *p == ' '; p++)
		;
	if (*p++ != ':')
		return NULL;
	while (*p == ' ')
		p++;
	return p;
}

/* Whether a JSON value ends at p: the object goes on or ends. */
static bool json_value_ends(const char *p)
{
	while (*p == ' ')
		p++;
	return *p == ',' || *p == '}';
}

bool board_json_number(const char *line, const char *key, double *number)
{
	const char *p = json_value(line, key), *q;
	char *end;
	double x;

	/* Only what JSON writes a number with: strtod would also take inf,
	 * nan, hex and a leading + or space. */
	if (!p || !(*p == '-' || (*p >= '0' && *p <= '9')))
		return false;
	for (q = p + 1; (*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E'
		     || *q == '+' || *q == '-'; q++)
		;
	x = strtod(p, &end);
	if (end != q || !json_value_ends(end) || !isfinite(x))
		return false;
	*number = x;
	return true;
}

bool board_json_whole(const char *line, const char *key, uint64_t *number)
{
	const char *p = json_value(line, key);
	char *end;
	unsigned long long x;

	if (!p || !(*p >= '0' && *p <= '9'))
		return false;
	errno = 0;
	x = strtoull(p, &end, 10);
	if (errno || !json_value_ends(end))
		return false;
	*number = x;
	return true;
}

/* Take input lines: {"pin": N, "value": X}. */
static char in_line[256];
static size_t in_len;

static void take_line(void)
{
	uint64_t pin;
	double value;

	if (vclock_take(in_line))
		return;
	if (!board_json_whole(in_line, "\"pin\"", &pin) || pin >= board->pins
	    || !board_json_number(in_line, "\"value\"", &value))
		return;
	input[pin] = (float)value;
	input_set[pin] = true;
}

void board_poll(void)
{
	struct pollfd p = { .fd = io_fd, .events = POLLIN };
	char buf[256];
	ssize_t n, i;

	while (io_fd >= 0 && poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
		n = read(io_fd, buf, sizeof buf);
		if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
			io_fd = -1; /* the other end went away */
			return;
		}
		if (n < 0)
			return;
		for (i = 0; i < n; i++) {
			if (buf[i] == '\n') {
				in_line[in_len] = '\0';
				take_line();
				in_len = 0;
			} else if (in_len < sizeof in_line - 1) {
				in_line[in_len++] = buf[i];
			}
		}
	}
}

float hal_gpio_read(uint8_t pin)
{
	if (vclock_on)
		vclock_read(); /* inputs come in at the world's steps */
	else
		board_poll();
	if (board->analog & (1ul << pin))
		return input_set[pin] ? input[pin] : 0;
	if (input_set[pin])
		return input[pin] > 0.5f ? 1 : 0;
	/* Nothing connected: a pull-up reads high. */
	return pulls[pin] == PULL_UP ? 1 : 0;
}

void hal_gpio_pull(uint8_t pin, uint8_t pull)
{
	static const char *const names[] = { "none", "up", "down" };
	char line[64];

	pulls[pin] = pull;
	snprintf(line, sizeof line, "{\"pin\": %d, \"pull\": \"%s\"}\n", pin, names[pull]);
	emit(line);
}

void hal_neopixel(const uint8_t *grb, uint16_t n)
{
	char line[40 + 16 * SNEK_NEOPIXEL_MAX];
	int len = snprintf(line, sizeof line, "{\"neopixel\": [");
	uint16_t i;

	for (i = 0; i < n; i++)
		len += snprintf(line + len, sizeof line - (size_t)len, "%s[%d, %d, %d]", i ? ", " : "",
				grb[3 * i + 1], grb[3 * i], grb[3 * i + 2]);
	snprintf(line + len, sizeof line - (size_t)len, "]}\n");
	emit(line);
}

void hal_tone(float hz)
{
	char line[64], a[NUM_REPR_MAX];

	snprintf(line, sizeof line, "{\"tone\": %s}\n", level_text(hz, a));
	emit(line);
}
