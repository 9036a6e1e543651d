/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Test firmware for avrsim (ATmega328P, 16 MHz). UART0 at 115200 baud with
 * U2X, interrupt-driven receive into a ring, polled transmit. Every received
 * byte is echoed except these command bytes:
 *
 *   ^A (0x01)  toggle PB5 (Arduino D13, the LED); replies "L0" or "L1"
 *   ^E (0x05)  store the bytes received since the last newline or command
 *              in EEPROM from address 0, then 0xFF; replies "E<count>"
 *   ^P (0x10)  print the EEPROM text up to the first 0xFF: "P:<text>"
 *   ^G (0x07)  GPIOR0 marks 1 and 2 around a busy loop of BUSY_CYCLES
 *              cycles with interrupts off; replies "G"
 *   ^W (0x17)  reset through the watchdog (15 ms); prints nothing
 *
 * Replies end with CR LF. The banner at boot is
 * "Welcome to avrsim echo, MCUSR=XX" (tools wait for the 'W').
 */

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>
#include <stdint.h>

#define BAUD_UBRR	16	/* 16 MHz / (8 * (16 + 1)) = 117647 baud, 2.1 % off 115200 */
#define BUSY_CYCLES	160000UL	/* 10 ms at 16 MHz */
#define LINE_MAX	64
#define RING_SIZE	128	/* power of two */

/* .noinit: the C runtime must not clear it after early_init() stored it. */
static uint8_t reset_cause __attribute__((section(".noinit")));

static volatile uint8_t ring[RING_SIZE];
static volatile uint8_t ring_head, ring_tail;

static uint8_t line[LINE_MAX];
static uint8_t line_len;

/*
 * After a watchdog reset the watchdog stays enabled with its shortest
 * timeout, which would expire during the C runtime's start-up: turn it off
 * before anything else runs (.init3 comes before .data/.bss set-up).
 */
void early_init(void) __attribute__((naked, used, section(".init3")));
void early_init(void)
{
	reset_cause = MCUSR;
	MCUSR = 0;
	wdt_disable();
}

ISR(USART_RX_vect)
{
	uint8_t c = UDR0;
	uint8_t next = (ring_head + 1) & (RING_SIZE - 1);

	if (next != ring_tail) {
		ring[ring_head] = c;
		ring_head = next;
	}
}

static void uart_init(void)
{
	/* simavr computes the bit rate when UBRR is written: U2X0 first. */
	UCSR0A = _BV(U2X0);
	UBRR0H = 0;
	UBRR0L = BAUD_UBRR;
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
	UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

static void put(uint8_t c)
{
	loop_until_bit_is_set(UCSR0A, UDRE0);
	UDR0 = c;
}

static void puts_(const char *s)
{
	while (*s)
		put((uint8_t) *s++);
}

static void put_hex(uint8_t v)
{
	static const char digits[] = "0123456789ABCDEF";

	put(digits[v >> 4]);
	put(digits[v & 15]);
}

static void put_dec(uint8_t v)
{
	if (v >= 10)
		put_dec(v / 10);
	put('0' + v % 10);
}

static int get(void)
{
	uint8_t c;

	if (ring_tail == ring_head)
		return -1;
	c = ring[ring_tail];
	ring_tail = (ring_tail + 1) & (RING_SIZE - 1);
	return c;
}

static void toggle_led(void)
{
	PINB = _BV(PB5);	/* writing PINx toggles PORTx */
	puts_(bit_is_set(PORTB, PB5) ? "L1\r\n" : "L0\r\n");
}

static void store_line(void)
{
	uint8_t i;

	for (i = 0; i < line_len; i++)
		eeprom_update_byte((uint8_t *) (uintptr_t) i, line[i]);
	eeprom_update_byte((uint8_t *) (uintptr_t) i, 0xff);
	puts_("E");
	put_dec(line_len);
	puts_("\r\n");
}

static void print_eeprom(void)
{
	uint16_t a;
	uint8_t c;

	puts_("P:");
	for (a = 0; a < LINE_MAX; a++) {
		c = eeprom_read_byte((const uint8_t *) a);
		if (c == 0xff)
			break;
		put(c);
	}
	puts_("\r\n");
}

static void busy_marks(void)
{
	cli();
	GPIOR0 = 1;
	__builtin_avr_delay_cycles(BUSY_CYCLES);
	GPIOR0 = 2;
	sei();
	puts_("G\r\n");
}

static void watchdog_reset(void)
{
	wdt_enable(WDTO_15MS);
	for (;;)
		;
}

/* Returns 1 when c was a command (not echoed, ends the current line). */
static uint8_t command(uint8_t c)
{
	switch (c) {
	case 0x01: toggle_led(); break;
	case 0x05: store_line(); break;
	case 0x10: print_eeprom(); break;
	case 0x07: busy_marks(); break;
	case 0x17: watchdog_reset(); break;
	default: return 0;
	}
	return 1;
}

static void handle(uint8_t c)
{
	if (command(c)) {
		line_len = 0;
		return;
	}
	put(c);
	if (c == '\n')
		line_len = 0;
	else if (line_len < LINE_MAX - 1)
		line[line_len++] = c;
}

int main(void)
{
	int c;

	DDRB |= _BV(PB5);
	uart_init();
	sei();
	puts_("Welcome to avrsim echo, MCUSR=");
	put_hex(reset_cause);
	puts_("\r\n");
	for (;;) {
		c = get();
		if (c >= 0)
			handle((uint8_t) c);
	}
}
