/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The USB serial device: what the host sees (descriptors) and how control
 * requests are answered, with no hardware in it, so the host's unit tests
 * run it (tests/firmware/test_usb.py); usb_samd21.c moves the bytes.
 *
 * One configuration, a CDC-ACM function (USB CDC 1.2, PSTN 1.2) in two
 * interfaces: 0, communication, with an interrupt IN endpoint the host
 * polls for serial state; 1, data, with bulk OUT and IN endpoints. */
#ifndef SNEK_USB_CDC_H
#define SNEK_USB_CDC_H

#include <stdint.h>
#include <stdbool.h>

#define USB_EP0_SIZE 64
#define USB_DATA_SIZE 64   /* bulk endpoints' packets */
#define USB_NOTIFY_SIZE 16 /* the interrupt endpoint's */
#define USB_EP_DATA_IN 1   /* 0x81 */
#define USB_EP_DATA_OUT 2  /* 0x02 */
#define USB_EP_NOTIFY 3    /* 0x83 */

/* What the board says it is: its ids and names, from its board table. */
struct usb_identity {
	uint16_t vendor, product;
	const char *manufacturer, *name;
};

/* CDC line coding (PSTN 6.3.11): 7 bytes on the wire. */
struct cdc_line_coding {
	uint32_t rate;
	uint8_t stop_bits, parity, data_bits;
};

#define CDC_DTR 0x01
#define CDC_RTS 0x02

/* The device as control requests leave it. */
struct usb_device {
	const struct usb_identity *id;
	uint8_t address;       /* applied once the status stage is done */
	uint8_t configuration; /* 0: not configured */
	uint8_t halted;        /* a bit per endpoint 1..3 (IN/OUT as above) */
	uint8_t control_lines; /* CDC_DTR | CDC_RTS */
	struct cdc_line_coding coding;
	/* An OUT data stage on the way: the request it belongs to. */
	uint8_t receiving;
	/* Room for the answers built on the fly (strings, status). */
	uint8_t scratch[68];
	char serial[33]; /* 32 hex digits */
};

/* The setup packet (USB 2.0, 9.3). */
struct usb_setup {
	uint8_t type, request;
	uint16_t value, index, length;
};

/* What a setup packet asks of the hardware. */
enum usb_reply_kind {
	USB_STALL,   /* refuse: stall both directions of endpoint 0 */
	USB_SEND,    /* an IN data stage: data, len (then a ZLP when zlp) */
	USB_STATUS,  /* no data stage: send the zero-length status */
	USB_RECEIVE, /* an OUT data stage of len bytes, then the status */
};

struct usb_reply {
	uint8_t kind;
	bool zlp; /* len is a whole number of packets, short of what was asked */
	uint16_t len;
	const uint8_t *data;
};

void usb_device_init(struct usb_device *d, const struct usb_identity *id,
		     const uint32_t serial_words[4]);

/* A bus reset: back to the default state. */
void usb_device_reset(struct usb_device *d);

struct usb_setup usb_setup_parse(const uint8_t raw[8]);

/* Answer a setup packet. */
struct usb_reply usb_control(struct usb_device *d, const struct usb_setup *s);

/* The OUT data stage USB_RECEIVE asked for arrived. */
void usb_control_data(struct usb_device *d, const uint8_t *data, uint16_t len);

/* What the driver does on the device's changes: configure the data
 * endpoints (configuration set or cleared), halt or resume one, and see
 * the line change (DTR dropping at 1200 baud asks for the bootloader). */
void usb_hook_configured(struct usb_device *d);
void usb_hook_halt(struct usb_device *d, uint8_t endpoint_address, bool halt);
void usb_hook_line(struct usb_device *d);

/* The 1200-baud touch: the host opened the port at 1200 baud and closed
 * it (DTR dropped), asking for the UF2 bootloader. */
bool cdc_wants_bootloader(const struct usb_device *d);

/* A received packet's bytes from *at to len, handed to the console
 * (console_rx) as far as it has room; *at moves past them. A ^C further
 * on is handed over at once: it empties the console anyway, and a
 * runaway program must see it. True when all were taken; otherwise the
 * packet stays in its endpoint (the host waits) and this is called again
 * when the console has room. */
bool cdc_feed(const uint8_t *bytes, uint8_t *at, uint8_t len);

/* The descriptors, as sent (the tests parse them back). */
extern const uint8_t usb_config_descriptor[];
extern const uint16_t usb_config_descriptor_length;
void usb_device_descriptor(const struct usb_device *d, uint8_t out[18]);

#endif
