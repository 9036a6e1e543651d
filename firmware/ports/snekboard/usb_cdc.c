/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The USB serial device's descriptors and its control requests (USB 2.0
 * chapter 9; CDC 1.2 and its PSTN subclass 1.2 for the ACM requests). */
#include "usb_cdc.h"
#include "console.h"
#include <string.h>

/* Standard request codes (USB 2.0, table 9-4) and descriptor types
 * (table 9-5). */
enum {
	GET_STATUS = 0,
	CLEAR_FEATURE = 1,
	SET_FEATURE = 3,
	SET_ADDRESS = 5,
	GET_DESCRIPTOR = 6,
	GET_CONFIGURATION = 8,
	SET_CONFIGURATION = 9,
	GET_INTERFACE = 10,
	SET_INTERFACE = 11,
};
enum { DESC_DEVICE = 1, DESC_CONFIG = 2, DESC_STRING = 3, DESC_INTERFACE = 4, DESC_ENDPOINT = 5 };
#define FEATURE_ENDPOINT_HALT 0

/* CDC class requests (PSTN 6.3) and descriptors (CDC 5.2.3). */
enum { SET_LINE_CODING = 0x20, GET_LINE_CODING = 0x21, SET_CONTROL_LINE_STATE = 0x22, SEND_BREAK = 0x23 };
#define CS_INTERFACE 0x24

/* bmRequestType: direction, type and recipient (USB 2.0, 9.3.1). */
#define REQ_IN 0x80
#define REQ_CLASS 0x20
#define REQ_DEVICE 0
#define REQ_INTERFACE 1
#define REQ_ENDPOINT 2

#define LE16(v) (uint8_t)((v) & 0xFF), (uint8_t)((v) >> 8)
#define BCD_USB 0x0200
#define BCD_CDC 0x0120
#define BCD_DEVICE 0x0010 /* firmware 0.1.0 */
#define MAX_POWER_MA 500

const uint8_t usb_config_descriptor[] = {
	/* Configuration (9.6.3): total length, 2 interfaces, value 1, no
	 * string, bus powered, the current in 2 mA units. */
	9, DESC_CONFIG, LE16(67), 2, 1, 0, 0x80, MAX_POWER_MA / 2,
	/* Interface 0 (9.6.5): communication class, abstract control model,
	 * no protocol (a plain serial line, no AT commands), one endpoint. */
	9, DESC_INTERFACE, 0, 0, 1, 0x02, 0x02, 0x00, 0,
	/* Header functional descriptor (CDC 5.2.3.1): the CDC release. */
	5, CS_INTERFACE, 0x00, LE16(BCD_CDC),
	/* Call management (PSTN 5.3.1): none; data on interface 1. */
	5, CS_INTERFACE, 0x01, 0x00, 1,
	/* Abstract control management (PSTN 5.3.2): line coding, serial
	 * state and control line state requests. */
	4, CS_INTERFACE, 0x02, 0x02,
	/* Union (CDC 5.2.3.2): interface 0 controls interface 1. */
	5, CS_INTERFACE, 0x06, 0, 1,
	/* The notification endpoint (9.6.6): interrupt IN, every 16 ms. */
	7, DESC_ENDPOINT, 0x80 | USB_EP_NOTIFY, 0x03, LE16(USB_NOTIFY_SIZE), 16,
	/* Interface 1: data class, two endpoints. */
	9, DESC_INTERFACE, 1, 0, 2, 0x0A, 0x00, 0x00, 0,
	/* Bulk OUT and bulk IN. */
	7, DESC_ENDPOINT, USB_EP_DATA_OUT, 0x02, LE16(USB_DATA_SIZE), 0,
	7, DESC_ENDPOINT, 0x80 | USB_EP_DATA_IN, 0x02, LE16(USB_DATA_SIZE), 0,
};
const uint16_t usb_config_descriptor_length = sizeof usb_config_descriptor;
_Static_assert(sizeof usb_config_descriptor == 67, "wTotalLength");

/* Device descriptor (9.6.1): communication class at the device level (no
 * other function, so no interface association), strings 1-3. */
void usb_device_descriptor(const struct usb_device *d, uint8_t out[18])
{
	const uint8_t desc[18] = {
		18, DESC_DEVICE, LE16(BCD_USB), 0x02, 0x00, 0x00, USB_EP0_SIZE,
		LE16(d->id->vendor), LE16(d->id->product), LE16(BCD_DEVICE), 1, 2, 3, 1,
	};

	memcpy(out, desc, sizeof desc);
}

void usb_device_reset(struct usb_device *d)
{
	d->address = 0;
	d->configuration = 0;
	d->halted = 0;
	d->control_lines = 0;
	d->receiving = 0;
}

void usb_device_init(struct usb_device *d, const struct usb_identity *id,
		     const uint32_t serial_words[4])
{
	static const char hex[] = "0123456789ABCDEF";
	uint8_t i;

	memset(d, 0, sizeof *d);
	d->id = id;
	for (i = 0; i < 32; i++)
		d->serial[i] = hex[(serial_words[i / 8] >> (28 - 4 * (i % 8))) & 0xF];
	d->serial[32] = '\0';
	/* Until the host says otherwise: 115200 8N1 (never 1200, which
	 * would ask for the bootloader). */
	d->coding = (struct cdc_line_coding){ 115200, 0, 0, 8 };
	usb_device_reset(d);
}

struct usb_setup usb_setup_parse(const uint8_t raw[8])
{
	struct usb_setup s = {
		raw[0], raw[1],
		(uint16_t)(raw[2] | raw[3] << 8),
		(uint16_t)(raw[4] | raw[5] << 8),
		(uint16_t)(raw[6] | raw[7] << 8),
	};

	return s;
}

static const struct usb_reply stall = { USB_STALL, false, 0, NULL };
static const struct usb_reply status = { USB_STATUS, false, 0, NULL };

/* An IN data stage: no more than the host asked for, and a zero-length
 * packet after a whole number of packets that is short of it (USB 2.0,
 * 5.5.3), or the host would wait for more. */
static struct usb_reply send(const struct usb_setup *s, const void *data, uint16_t len)
{
	struct usb_reply r = { USB_SEND, false, len, data };

	if (r.len >= s->length)
		r.len = s->length;
	else
		r.zlp = r.len % USB_EP0_SIZE == 0;
	return r;
}

/* A string descriptor (9.6.7) in UTF-16LE, built in scratch; index 0 is
 * the list of languages (US English only). */
static struct usb_reply string(struct usb_device *d, const struct usb_setup *s, uint8_t index)
{
	const char *text;
	uint8_t n, *p = d->scratch;

	switch (index) {
	case 0:
		memcpy(p, (const uint8_t[]){ 4, DESC_STRING, LE16(0x0409) }, 4);
		return send(s, p, 4);
	case 1:
		text = d->id->manufacturer;
		break;
	case 2:
		text = d->id->name;
		break;
	case 3:
		text = d->serial;
		break;
	default:
		return stall;
	}
	for (n = 0; text[n] && 2 + 2 * (n + 1) <= (int)sizeof d->scratch; n++) {
		p[2 + 2 * n] = (uint8_t)text[n];
		p[3 + 2 * n] = 0;
	}
	p[0] = (uint8_t)(2 + 2 * n);
	p[1] = DESC_STRING;
	return send(s, p, p[0]);
}

static struct usb_reply descriptor(struct usb_device *d, const struct usb_setup *s)
{
	uint8_t type = (uint8_t)(s->value >> 8), index = (uint8_t)s->value;

	switch (type) {
	case DESC_DEVICE:
		if (index)
			return stall;
		usb_device_descriptor(d, d->scratch);
		return send(s, d->scratch, 18);
	case DESC_CONFIG:
		if (index)
			return stall;
		return send(s, usb_config_descriptor, sizeof usb_config_descriptor);
	case DESC_STRING:
		return string(d, s, index);
	default:
		/* Device qualifier and other-speed configuration too: a
		 * full-speed-only device stalls them (9.6.2). */
		return stall;
	}
}

/* The endpoints a configuration has, by address; 0 for none. */
static uint8_t endpoint_bit(uint16_t address)
{
	switch (address) {
	case 0x80 | USB_EP_DATA_IN:
		return 1;
	case USB_EP_DATA_OUT:
		return 2;
	case 0x80 | USB_EP_NOTIFY:
		return 4;
	default:
		return 0;
	}
}

static struct usb_reply two_bytes(struct usb_device *d, const struct usb_setup *s, uint8_t low)
{
	d->scratch[0] = low;
	d->scratch[1] = 0;
	return send(s, d->scratch, 2);
}

static struct usb_reply standard(struct usb_device *d, const struct usb_setup *s)
{
	uint8_t bit;

	switch (s->type << 8 | s->request) {
	case (REQ_IN | REQ_DEVICE) << 8 | GET_STATUS:
		return two_bytes(d, s, 0); /* bus powered, no remote wakeup */
	case (REQ_IN | REQ_DEVICE) << 8 | GET_DESCRIPTOR:
		return descriptor(d, s);
	case (REQ_IN | REQ_DEVICE) << 8 | GET_CONFIGURATION:
		d->scratch[0] = d->configuration;
		return send(s, d->scratch, 1);
	case REQ_DEVICE << 8 | SET_ADDRESS:
		if (s->value > 127 || s->index || s->length)
			return stall;
		d->address = (uint8_t)s->value; /* the driver applies it after the status stage */
		return status;
	case REQ_DEVICE << 8 | SET_CONFIGURATION:
		if (s->value > 1)
			return stall;
		d->configuration = (uint8_t)s->value;
		d->halted = 0;
		usb_hook_configured(d);
		return status;
	case (REQ_IN | REQ_INTERFACE) << 8 | GET_STATUS:
		if (!d->configuration || s->index > 1)
			return stall;
		return two_bytes(d, s, 0);
	case (REQ_IN | REQ_INTERFACE) << 8 | GET_INTERFACE:
		if (!d->configuration || s->index > 1)
			return stall;
		d->scratch[0] = 0;
		return send(s, d->scratch, 1);
	case REQ_INTERFACE << 8 | SET_INTERFACE:
		if (!d->configuration || s->index > 1 || s->value)
			return stall;
		return status;
	case (REQ_IN | REQ_ENDPOINT) << 8 | GET_STATUS:
		if ((s->index & 0x7F) == 0)
			return two_bytes(d, s, 0);
		bit = endpoint_bit(s->index);
		if (!d->configuration || !bit)
			return stall;
		return two_bytes(d, s, (d->halted & bit) ? 1 : 0);
	case REQ_ENDPOINT << 8 | CLEAR_FEATURE:
	case REQ_ENDPOINT << 8 | SET_FEATURE:
		if (s->value != FEATURE_ENDPOINT_HALT)
			return stall;
		if ((s->index & 0x7F) == 0)
			return status;
		bit = endpoint_bit(s->index);
		if (!d->configuration || !bit)
			return stall;
		if (s->request == SET_FEATURE)
			d->halted |= bit;
		else
			d->halted &= (uint8_t)~bit;
		usb_hook_halt(d, (uint8_t)s->index, s->request == SET_FEATURE);
		return status;
	default:
		/* No remote wakeup, no test modes (high speed only), no
		 * synch frames: a request error (9.4). */
		return stall;
	}
}

static struct usb_reply cdc(struct usb_device *d, const struct usb_setup *s)
{
	uint8_t *p = d->scratch;

	if (s->index != 0) /* the communication interface */
		return stall;
	switch (s->type << 8 | s->request) {
	case (REQ_CLASS | REQ_INTERFACE) << 8 | SET_LINE_CODING:
		if (s->length != 7)
			return stall;
		d->receiving = SET_LINE_CODING;
		return (struct usb_reply){ USB_RECEIVE, false, 7, NULL };
	case (REQ_IN | REQ_CLASS | REQ_INTERFACE) << 8 | GET_LINE_CODING:
		memcpy(p, (const uint8_t[]){
			(uint8_t)d->coding.rate, (uint8_t)(d->coding.rate >> 8),
			(uint8_t)(d->coding.rate >> 16), (uint8_t)(d->coding.rate >> 24),
			d->coding.stop_bits, d->coding.parity, d->coding.data_bits }, 7);
		return send(s, p, 7);
	case (REQ_CLASS | REQ_INTERFACE) << 8 | SET_CONTROL_LINE_STATE:
		if (s->length)
			return stall;
		d->control_lines = (uint8_t)(s->value & (CDC_DTR | CDC_RTS));
		usb_hook_line(d);
		return status;
	case (REQ_CLASS | REQ_INTERFACE) << 8 | SEND_BREAK:
		return s->length ? stall : status;
	default:
		return stall;
	}
}

struct usb_reply usb_control(struct usb_device *d, const struct usb_setup *s)
{
	d->receiving = 0; /* a new setup packet ends any control transfer */
	if ((s->type & 0x60) == 0) /* standard */
		return standard(d, s);
	if ((s->type & 0x60) == REQ_CLASS && d->configuration)
		return cdc(d, s);
	return stall;
}

void usb_control_data(struct usb_device *d, const uint8_t *data, uint16_t len)
{
	if (d->receiving == SET_LINE_CODING && len == 7) {
		d->coding.rate = (uint32_t)data[0] | (uint32_t)data[1] << 8 |
				 (uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
		d->coding.stop_bits = data[4];
		d->coding.parity = data[5];
		d->coding.data_bits = data[6];
		usb_hook_line(d);
	}
	d->receiving = 0;
}

bool cdc_wants_bootloader(const struct usb_device *d)
{
	return d->configuration && d->coding.rate == 1200 && !(d->control_lines & CDC_DTR);
}

bool cdc_feed(const uint8_t *bytes, uint8_t *at, uint8_t len)
{
	uint8_t i;

	while (*at < len) {
		if (!console_room()) {
			for (i = *at; i < len && bytes[i] != CTRL_C; i++)
				;
			if (i == len)
				return false;
			*at = i;
		}
		console_rx(bytes[(*at)++]);
	}
	return true;
}
