/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SAMD21's USB device controller (datasheet chapter 32) carrying the
 * console: endpoint 0 answers control requests through usb_cdc.c, the
 * bulk OUT endpoint hands bytes to console_rx from the interrupt (so ^C
 * and DC4 reach a running program), the bulk IN endpoint drains the
 * output ring.
 *
 * Flow control is USB's own: an OUT packet the console has no room for
 * stays in its bank, and the host is NAKed until the 1 ms tick finds
 * room. A ^C inside such a packet is not held back: it empties the ring
 * anyway, so it is fed at once. Output waits for the host only while a
 * terminal holds the port open (DTR): a robot running on its own, or a
 * host that stopped reading, never blocks a program. */
#include "snek.h"
#include "samd21.h"
#include "arm.h"
#include "usb_serial.h"
#include "board.h"

static struct usb_device dev;

/* The endpoint descriptor table and the buffers the controller reaches
 * by DMA: RAM, word aligned. */
static struct usb_bank banks[4][2] __attribute__((aligned(4)));
static uint8_t ep0_out[USB_EP0_SIZE] __attribute__((aligned(4)));
static uint8_t ep0_in[2 * USB_EP0_SIZE] __attribute__((aligned(4)));
static uint8_t data_out[USB_DATA_SIZE] __attribute__((aligned(4)));
static uint8_t data_in[USB_DATA_SIZE] __attribute__((aligned(4)));

/* Output ring, drained a packet at a time by the IN endpoint. */
#define TX_RING 256
static uint8_t tx_ring[TX_RING];
static volatile uint16_t tx_head, tx_tail; /* tail - head bytes queued */
static volatile bool tx_busy, tx_zlp_owed;

/* A received packet: bytes rx_at..rx_len not yet given to console_rx. */
static uint8_t rx_at, rx_len; /* the interrupts' alone */
static volatile bool rx_pending;

/* The 1200-baud touch: when (ticks) to reboot into the bootloader. */
static volatile uint32_t bootloader_at;
static volatile bool bootloader_asked;

static void arm_out(uint8_t ep, uint8_t *buf, uint16_t size)
{
	banks[ep][0].addr = (uint32_t)buf;
	banks[ep][0].pcksize = USB_PCKSIZE_SIZE_64 | USB_PCKSIZE_MULTI_PACKET(size);
	USB_EPSTATUSCLR(ep) = USB_EPSTATUS_BK0RDY;
}

static void send_in(uint8_t ep, uint8_t *buf, uint16_t len, bool zlp)
{
	banks[ep][1].addr = (uint32_t)buf;
	banks[ep][1].pcksize = USB_PCKSIZE_SIZE_64 | len | (zlp ? USB_PCKSIZE_AUTO_ZLP : 0);
	USB_EPSTATUSSET(ep) = USB_EPSTATUS_BK1RDY;
}

/* A bus reset: address 0, endpoint 0 only. */
static void bus_reset(void)
{
	usb_device_reset(&dev);
	USB_DADD = USB_DADD_ADDEN;
	USB_EPCFG(0) = USB_EPCFG_OUT(USB_EPTYPE_CONTROL) | USB_EPCFG_IN(USB_EPTYPE_CONTROL);
	USB_EPINTENSET(0) = USB_EPINT_RXSTP | USB_EPINT_TRCPT0 | USB_EPINT_TRCPT1;
	arm_out(0, ep0_out, USB_EP0_SIZE);
	tx_busy = tx_zlp_owed = false;
	rx_pending = false;
}

/* SET_CONFIGURATION: the data endpoints, ready to receive (or, for
 * configuration 0, gone). */
void usb_hook_configured(struct usb_device *d)
{
	rx_pending = false;
	tx_busy = tx_zlp_owed = false;
	if (!d->configuration) {
		USB_EPCFG(USB_EP_DATA_IN) = 0;
		USB_EPCFG(USB_EP_DATA_OUT) = 0;
		USB_EPCFG(USB_EP_NOTIFY) = 0;
		return;
	}
	USB_EPCFG(USB_EP_DATA_IN) = USB_EPCFG_IN(USB_EPTYPE_BULK);
	USB_EPCFG(USB_EP_DATA_OUT) = USB_EPCFG_OUT(USB_EPTYPE_BULK);
	USB_EPCFG(USB_EP_NOTIFY) = USB_EPCFG_IN(USB_EPTYPE_INTERRUPT);
	USB_EPINTENSET(USB_EP_DATA_IN) = USB_EPINT_TRCPT1;
	USB_EPINTENSET(USB_EP_DATA_OUT) = USB_EPINT_TRCPT0;
	USB_EPSTATUSCLR(USB_EP_DATA_IN) = USB_EPSTATUS_BK1RDY | USB_EPSTATUS_DTGLIN;
	USB_EPSTATUSCLR(USB_EP_DATA_OUT) = USB_EPSTATUS_DTGLOUT;
	arm_out(USB_EP_DATA_OUT, data_out, USB_DATA_SIZE);
}

/* Halting stalls the endpoint; clearing the halt restarts its data
 * toggle (USB 2.0, 9.4.5). */
void usb_hook_halt(struct usb_device *d, uint8_t address, bool halt)
{
	uint8_t ep = address & 0x7F, in = address & 0x80;
	uint8_t stall = in ? USB_EPSTATUS_STALLRQ1 : USB_EPSTATUS_STALLRQ0;
	uint8_t toggle = in ? USB_EPSTATUS_DTGLIN : USB_EPSTATUS_DTGLOUT;

	(void)d;
	if (halt) {
		USB_EPSTATUSSET(ep) = stall;
	} else {
		USB_EPSTATUSCLR(ep) = stall;
		USB_EPSTATUSCLR(ep) = toggle;
	}
}

void usb_hook_line(struct usb_device *d)
{
	if (cdc_wants_bootloader(d)) {
		/* After the status stage has gone out. */
		bootloader_at = arm_ticks() + 50;
		bootloader_asked = true;
	} else {
		bootloader_asked = false;
	}
}

static void setup(void)
{
	struct usb_setup s = usb_setup_parse(ep0_out);
	struct usb_reply r = usb_control(&dev, &s);

	switch (r.kind) {
	case USB_STALL:
		USB_EPSTATUSSET(0) = USB_EPSTATUS_STALLRQ0 | USB_EPSTATUS_STALLRQ1;
		break;
	case USB_SEND:
		if (r.len > sizeof ep0_in) { /* no answer is this long */
			USB_EPSTATUSSET(0) = USB_EPSTATUS_STALLRQ0 | USB_EPSTATUS_STALLRQ1;
			break;
		}
		memcpy(ep0_in, r.data, r.len);
		send_in(0, ep0_in, r.len, r.zlp);
		break;
	case USB_STATUS:
		send_in(0, ep0_in, 0, false);
		break;
	case USB_RECEIVE:
		break; /* the data comes on bank 0 */
	}
	arm_out(0, ep0_out, USB_EP0_SIZE);
}

static void received(void)
{
	rx_at = 0;
	rx_len = (uint8_t)USB_PCKSIZE_BYTE_COUNT(banks[USB_EP_DATA_OUT][0].pcksize);
	rx_pending = !cdc_feed(data_out, &rx_at, rx_len);
	if (!rx_pending)
		arm_out(USB_EP_DATA_OUT, data_out, USB_DATA_SIZE);
}

/* Start the next IN packet, if there is one and none is on its way. In
 * an interrupt, or with interrupts held off. A whole packet with nothing
 * after it is followed by a zero-length one, so the host's read ends. */
static void tx_start(void)
{
	uint16_t n = 0;

	if (tx_busy || !dev.configuration)
		return;
	while (n < USB_DATA_SIZE && tx_head != tx_tail)
		data_in[n++] = tx_ring[tx_head++ % TX_RING];
	if (!n && !tx_zlp_owed)
		return;
	tx_zlp_owed = n == USB_DATA_SIZE && tx_head == tx_tail;
	tx_busy = true;
	send_in(USB_EP_DATA_IN, data_in, n, false);
}

void usb_isr(void)
{
	uint16_t flags = USB_INTFLAG;
	uint8_t ep;

	if (flags & USB_INT_EORST) {
		USB_INTFLAG = USB_INT_EORST;
		bus_reset();
	}
	ep = USB_EPINTFLAG(0);
	USB_EPINTFLAG(0) = ep;
	if (ep & USB_EPINT_RXSTP) {
		setup();
	} else if (ep & USB_EPINT_TRCPT0) {
		if (dev.receiving) {
			usb_control_data(&dev, ep0_out,
					 (uint16_t)USB_PCKSIZE_BYTE_COUNT(banks[0][0].pcksize));
			send_in(0, ep0_in, 0, false);
		}
		arm_out(0, ep0_out, USB_EP0_SIZE);
	}
	/* The status stage of SET_ADDRESS is done: the address applies. */
	if ((ep & USB_EPINT_TRCPT1) && dev.address && !(USB_DADD & 0x7F))
		USB_DADD = USB_DADD_ADDEN | dev.address;

	ep = USB_EPINTFLAG(USB_EP_DATA_OUT);
	USB_EPINTFLAG(USB_EP_DATA_OUT) = ep;
	if (ep & USB_EPINT_TRCPT0)
		received();
	ep = USB_EPINTFLAG(USB_EP_DATA_IN);
	USB_EPINTFLAG(USB_EP_DATA_IN) = ep;
	if (ep & USB_EPINT_TRCPT1) {
		tx_busy = false;
		tx_start();
	}
}

/* The serial number, the pads' factory trim, the 48 MHz clock already
 * running (clock.c), then attach. */
void usb_init(const struct usb_identity *id)
{
	uint32_t serial[4] = { SERIAL_WORD0, SERIAL_WORD1, SERIAL_WORD2, SERIAL_WORD3 };
	uint32_t cal = NVM_CALIB_HIGH;
	uint16_t transn = (cal >> 13) & 0x1F, transp = (cal >> 18) & 0x1F, trim = (cal >> 23) & 0x7;

	usb_device_init(&dev, id, serial);
	PM_APBBMASK |= PM_APBBMASK_USB;
	GCLK_CLKCTRL = GCLK_CLKCTRL_ID(GCLK_ID_USB) | GCLK_CLKCTRL_GEN(0) | GCLK_CLKCTRL_CLKEN;
	/* PA24 is D-, PA25 D+: peripheral function G. */
	PORT_PMUX(0, 24) = PORT_FUNC_G | PORT_FUNC_G << 4;
	PORT_PINCFG(0, 24) = PORT_PINCFG_PMUXEN;
	PORT_PINCFG(0, 25) = PORT_PINCFG_PMUXEN;

	USB_CTRLA = USB_CTRLA_SWRST;
	while (USB_SYNCBUSY & USB_CTRLA_SWRST)
		;
	/* Unprogrammed fuses read all ones: the datasheet's typical values. */
	if (transn == 0x1F)
		transn = 5;
	if (transp == 0x1F)
		transp = 29;
	if (trim == 0x7)
		trim = 3;
	USB_PADCAL = (uint16_t)(transp | transn << 6 | trim << 12);
	USB_DESCADD = (uint32_t)banks;
	USB_CTRLA = USB_CTRLA_ENABLE; /* device mode */
	while (USB_SYNCBUSY & USB_CTRLA_ENABLE)
		;
	USB_INTENSET = USB_INT_EORST;
	NVIC_ISER = 1u << IRQ_USB;
	USB_CTRLB = 0; /* full speed, attached */
}

/* The 1200-baud touch: the UF2 bootloader stays when it finds this word
 * at the top of RAM after a reset (the double-tap magic). */
#define BOOTLOADER_MAGIC_ADDR 0x20007FFCu
#define BOOTLOADER_MAGIC 0xF01669EFu

void usb_tick(void)
{
	if (rx_pending && cdc_feed(data_out, &rx_at, rx_len)) {
		rx_pending = false;
		arm_out(USB_EP_DATA_OUT, data_out, USB_DATA_SIZE);
	}
	if (bootloader_asked && (int32_t)(arm_ticks() - bootloader_at) >= 0) {
		REG32(BOOTLOADER_MAGIC_ADDR) = BOOTLOADER_MAGIC;
		samd21_reset();
	}
}

/* A terminal listens: configured, DTR up. */
static bool listening(void)
{
	return dev.configuration && (dev.control_lines & CDC_DTR);
}

static bool tx_put(uint8_t c)
{
	if ((uint16_t)(tx_tail - tx_head) >= TX_RING)
		return false;
	tx_ring[tx_tail++ % TX_RING] = c;
	return true;
}

void usb_serial_answer(uint8_t c)
{
	if (listening() && tx_put(c))
		tx_start();
}

/* Waits for room while a terminal listens and takes the bytes; gives up
 * (dropping what is queued) when the host has taken nothing for half a
 * second. */
void hal_putc(char c)
{
	uint32_t since = arm_ticks();
	bool put;

	for (;;) {
		if (!listening())
			return;
		SNEK_ATOMIC_BEGIN();
		put = tx_put((uint8_t)c);
		if ((uint16_t)(tx_tail - tx_head) >= USB_DATA_SIZE || !put)
			tx_start();
		SNEK_ATOMIC_END();
		if (put)
			return;
		if (arm_ticks() - since > 500) {
			uint32_t primask = arm_irq_save();

			tx_head = tx_tail;
			arm_irq_restore(primask);
			return;
		}
		arm_wait_for_interrupt();
	}
}

void hal_flush(void)
{
	SNEK_ATOMIC_BEGIN();
	tx_start();
	SNEK_ATOMIC_END();
}

void hal_err_putc(char c)
{
	hal_putc(c);
}

/* Waiting for input: the status LED goes out until something comes. */
bool hal_console_wait(void)
{
	hal_flush();
	board_led(false);
	arm_wait_for_interrupt();
	board_led(true);
	return true;
}
