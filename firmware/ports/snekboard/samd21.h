/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SAMD21 registers the port uses, by address (SAM D21 datasheet,
 * DS40001882; the chapter of each block is named beside it). Only what
 * the drivers touch: one place to check them against the datasheet. */
#ifndef SNEK_SAMD21_H
#define SNEK_SAMD21_H

#include <stdint.h>
#include "cortex_m.h"

#define REG8(addr) (*(volatile uint8_t *)(addr))
#define REG16(addr) (*(volatile uint16_t *)(addr))

/* PM, power manager (16): bus clocks, reset cause. */
#define PM_BASE 0x40000400u
#define PM_APBBMASK REG32(PM_BASE + 0x1C)
#define PM_APBCMASK REG32(PM_BASE + 0x20)
#define PM_RCAUSE REG8(PM_BASE + 0x38)
#define PM_APBBMASK_USB (1u << 5)
#define PM_APBCMASK_TCC0 (1u << 8)
#define PM_APBCMASK_TCC1 (1u << 9)
#define PM_APBCMASK_TCC2 (1u << 10)
#define PM_APBCMASK_TC3 (1u << 11)
#define PM_APBCMASK_TC4 (1u << 12)
#define PM_APBCMASK_TC5 (1u << 13)
#define PM_APBCMASK_ADC (1u << 16)

/* SYSCTRL, system controller (17): the 48 MHz DFLL. */
#define SYSCTRL_BASE 0x40000800u
#define SYSCTRL_PCLKSR REG32(SYSCTRL_BASE + 0x0C)
#define SYSCTRL_DFLLCTRL REG16(SYSCTRL_BASE + 0x24)
#define SYSCTRL_DFLLVAL REG32(SYSCTRL_BASE + 0x28)
#define SYSCTRL_DFLLMUL REG32(SYSCTRL_BASE + 0x2C)
#define SYSCTRL_PCLKSR_DFLLRDY (1u << 4)
#define SYSCTRL_DFLLCTRL_ENABLE (1u << 1)
#define SYSCTRL_DFLLCTRL_MODE (1u << 2)   /* closed loop */
#define SYSCTRL_DFLLCTRL_USBCRM (1u << 5) /* locked to USB start-of-frame */
#define SYSCTRL_DFLLCTRL_CCDIS (1u << 8)  /* no chill cycle */
#define SYSCTRL_DFLLCTRL_BPLCKC (1u << 10)
#define SYSCTRL_DFLLVAL_COARSE(c) ((uint32_t)(c) << 10)
#define SYSCTRL_DFLLVAL_FINE(f) ((uint32_t)(f))
#define SYSCTRL_DFLLMUL_MUL(m) ((uint32_t)(m))
#define SYSCTRL_DFLLMUL_FSTEP(s) ((uint32_t)(s) << 16)
#define SYSCTRL_DFLLMUL_CSTEP(s) ((uint32_t)(s) << 26)

/* GCLK, generic clocks (15). */
#define GCLK_BASE 0x40000C00u
#define GCLK_STATUS REG8(GCLK_BASE + 0x01)
#define GCLK_CLKCTRL REG16(GCLK_BASE + 0x02)
#define GCLK_GENCTRL REG32(GCLK_BASE + 0x04)
#define GCLK_GENDIV REG32(GCLK_BASE + 0x08)
#define GCLK_STATUS_SYNCBUSY (1u << 7)
#define GCLK_CLKCTRL_ID(id) ((uint16_t)(id))
#define GCLK_CLKCTRL_GEN(g) ((uint16_t)((g) << 8))
#define GCLK_CLKCTRL_CLKEN (1u << 14)
#define GCLK_GENCTRL_ID(g) ((uint32_t)(g))
#define GCLK_GENCTRL_SRC(s) ((uint32_t)(s) << 8)
#define GCLK_GENCTRL_GENEN (1u << 16)
#define GCLK_GENCTRL_IDC (1u << 17)
#define GCLK_GENCTRL_DIVSEL (1u << 20)
#define GCLK_GENDIV_ID(g) ((uint32_t)(g))
#define GCLK_GENDIV_DIV(d) ((uint32_t)(d) << 8)
#define GCLK_SRC_OSCULP32K 3
#define GCLK_SRC_DFLL48M 7
/* Generic clock channels (CLKCTRL.ID). */
#define GCLK_ID_WDT 0x03
#define GCLK_ID_USB 0x06
#define GCLK_ID_TCC0_TCC1 0x1A
#define GCLK_ID_TCC2_TC3 0x1B
#define GCLK_ID_TC4_TC5 0x1C
#define GCLK_ID_ADC 0x1E

/* WDT, watchdog (18): reset(). */
#define WDT_BASE 0x40001000u
#define WDT_CTRL REG8(WDT_BASE + 0x00)
#define WDT_CONFIG REG8(WDT_BASE + 0x01)
#define WDT_STATUS REG8(WDT_BASE + 0x07)
#define WDT_CLEAR REG8(WDT_BASE + 0x08)
#define WDT_CTRL_ENABLE (1u << 1)
#define WDT_STATUS_SYNCBUSY (1u << 7)

/* NVMCTRL, flash (22). Commands run when CTRLA is written with the key;
 * ADDR counts 16-bit words. */
#define NVMCTRL_BASE 0x41004000u
#define NVMCTRL_CTRLA REG16(NVMCTRL_BASE + 0x00)
#define NVMCTRL_CTRLB REG32(NVMCTRL_BASE + 0x04)
#define NVMCTRL_INTFLAG REG8(NVMCTRL_BASE + 0x14)
#define NVMCTRL_STATUS REG16(NVMCTRL_BASE + 0x18)
#define NVMCTRL_ADDR REG32(NVMCTRL_BASE + 0x1C)
#define NVMCTRL_CMD(c) ((uint16_t)(0xA500u | (c)))
#define NVMCTRL_CMD_ER 0x02  /* erase row */
#define NVMCTRL_CMD_WP 0x04  /* write page */
#define NVMCTRL_CMD_PBC 0x44 /* page buffer clear */
#define NVMCTRL_CTRLB_RWS(n) ((uint32_t)(n) << 1)
#define NVMCTRL_CTRLB_MANW (1u << 7)
#define NVMCTRL_INTFLAG_READY (1u << 0)
#define NVMCTRL_INTFLAG_ERROR (1u << 1)
#define NVMCTRL_STATUS_ERRORS 0x1Eu /* PROGE LOCKE NVME, write 1 to clear */

/* Factory calibration in the NVM software calibration area (10.3.2). */
#define NVM_CALIB_LOW REG32(0x00806020u)
#define NVM_CALIB_HIGH REG32(0x00806024u)

/* The 128-bit serial number (10.3.3). */
#define SERIAL_WORD0 REG32(0x0080A00Cu)
#define SERIAL_WORD1 REG32(0x0080A040u)
#define SERIAL_WORD2 REG32(0x0080A044u)
#define SERIAL_WORD3 REG32(0x0080A048u)

/* PORT, I/O pins (23): group 0 is PA, group 1 PB. Through the APB
 * bridge, which reaches every register; the single-cycle IOBUS mirror
 * takes only DIR and OUT writes (and IN reads, stale unless CTRL samples
 * continuously), so it serves the WS2812's timed writes alone. */
#define PORT_BASE 0x41004400u
#define PORT_IOBUS_BASE 0x60000000u
#define PORT_IOBUS_OUTSET(g) REG32(PORT_IOBUS_BASE + 0x80u * (g) + 0x18)
#define PORT_IOBUS_OUTCLR(g) REG32(PORT_IOBUS_BASE + 0x80u * (g) + 0x14)
#define PORT_GROUP(g) (PORT_BASE + 0x80u * (g))
#define PORT_DIRCLR(g) REG32(PORT_GROUP(g) + 0x04)
#define PORT_DIRSET(g) REG32(PORT_GROUP(g) + 0x08)
#define PORT_OUTCLR(g) REG32(PORT_GROUP(g) + 0x14)
#define PORT_OUTSET(g) REG32(PORT_GROUP(g) + 0x18)
#define PORT_OUTTGL(g) REG32(PORT_GROUP(g) + 0x1C)
#define PORT_IN(g) REG32(PORT_GROUP(g) + 0x20)
#define PORT_CTRL(g) REG32(PORT_GROUP(g) + 0x24)
#define PORT_PMUX(g, pin) REG8(PORT_GROUP(g) + 0x30 + (pin) / 2)
#define PORT_PINCFG(g, pin) REG8(PORT_GROUP(g) + 0x40 + (pin))
#define PORT_PINCFG_PMUXEN (1u << 0)
#define PORT_PINCFG_INEN (1u << 1)
#define PORT_PINCFG_PULLEN (1u << 2)
#define PORT_PINCFG_DRVSTR (1u << 6)
/* Peripheral functions (PMUX values). */
#define PORT_FUNC_B 1 /* ADC */
#define PORT_FUNC_E 4 /* TC, TCC */
#define PORT_FUNC_F 5 /* TCC */
#define PORT_FUNC_G 6 /* USB */

/* TCC0-2, timer/counters for control (31). */
#define TCC0_BASE 0x42002000u
#define TCC1_BASE 0x42002400u
#define TCC2_BASE 0x42002800u
#define TCC_CTRLA(t) REG32((t) + 0x00)
#define TCC_SYNCBUSY(t) REG32((t) + 0x08)
#define TCC_WAVE(t) REG32((t) + 0x3C)
#define TCC_PER(t) REG32((t) + 0x40)
#define TCC_CC(t, n) REG32((t) + 0x44 + 4 * (n))
#define TCC_CTRLA_ENABLE (1u << 1)
#define TCC_CTRLA_PRESCALER_DIV8 (3u << 8)
#define TCC_WAVE_NPWM 2u

/* TC3-5, timer/counters (30), in 8-bit mode. */
#define TC3_BASE 0x42002C00u
#define TC4_BASE 0x42003000u
#define TC5_BASE 0x42003400u
#define TC_CTRLA(t) REG16((t) + 0x00)
#define TC_INTENSET(t) REG8((t) + 0x0D)
#define TC_INTFLAG(t) REG8((t) + 0x0E)
#define TC_STATUS(t) REG8((t) + 0x0F)
#define TC_COUNT8_PER(t) REG8((t) + 0x14)
#define TC_COUNT8_CC(t, n) REG8((t) + 0x18 + (n))
#define TC_COUNT16_CC(t, n) REG16((t) + 0x18 + 2 * (n))
#define TC_CTRLA_SWRST (1u << 0)
#define TC_CTRLA_ENABLE (1u << 1)
#define TC_CTRLA_MODE_COUNT16 (0u << 2)
#define TC_CTRLA_MODE_COUNT8 (1u << 2)
#define TC_CTRLA_WAVEGEN_MFRQ (1u << 5)
#define TC_CTRLA_WAVEGEN_NPWM (2u << 5)
#define TC_CTRLA_PRESCALER(p) ((uint16_t)((p) << 8)) /* DIV1 2 4 8 16 64 256 1024 */
#define TC_STATUS_SYNCBUSY (1u << 7)
#define TC_INT_MC0 (1u << 4)

/* ADC (33). */
#define ADC_BASE 0x42004000u
#define ADC_CTRLA REG8(ADC_BASE + 0x00)
#define ADC_REFCTRL REG8(ADC_BASE + 0x01)
#define ADC_AVGCTRL REG8(ADC_BASE + 0x02)
#define ADC_SAMPCTRL REG8(ADC_BASE + 0x03)
#define ADC_CTRLB REG16(ADC_BASE + 0x04)
#define ADC_SWTRIG REG8(ADC_BASE + 0x0C)
#define ADC_INPUTCTRL REG32(ADC_BASE + 0x10)
#define ADC_INTFLAG REG8(ADC_BASE + 0x18)
#define ADC_STATUS REG8(ADC_BASE + 0x19)
#define ADC_RESULT REG16(ADC_BASE + 0x1A)
#define ADC_CALIB REG16(ADC_BASE + 0x28)
#define ADC_CTRLA_ENABLE (1u << 1)
#define ADC_REFCTRL_INTVCC1 2u /* VDDANA / 2 */
#define ADC_CTRLB_PRESCALER_DIV64 (4u << 8)
#define ADC_CTRLB_RESSEL_12BIT (0u << 4)
#define ADC_SWTRIG_START (1u << 1)
#define ADC_INPUTCTRL_MUXNEG_GND (0x18u << 8)
#define ADC_INPUTCTRL_GAIN_DIV2 (0xFu << 24)
#define ADC_INTFLAG_RESRDY (1u << 0)
#define ADC_STATUS_SYNCBUSY (1u << 7)

/* USB (32), device mode. */
#define USB_BASE 0x41005000u
#define USB_CTRLA REG8(USB_BASE + 0x00)
#define USB_SYNCBUSY REG8(USB_BASE + 0x02)
#define USB_CTRLB REG16(USB_BASE + 0x08)
#define USB_DADD REG8(USB_BASE + 0x0A)
#define USB_INTENSET REG16(USB_BASE + 0x18)
#define USB_INTFLAG REG16(USB_BASE + 0x1C)
#define USB_DESCADD REG32(USB_BASE + 0x24)
#define USB_PADCAL REG16(USB_BASE + 0x28)
#define USB_EP(n) (USB_BASE + 0x100u + 0x20u * (n))
#define USB_EPCFG(n) REG8(USB_EP(n) + 0x00)
#define USB_EPSTATUSCLR(n) REG8(USB_EP(n) + 0x04)
#define USB_EPSTATUSSET(n) REG8(USB_EP(n) + 0x05)
#define USB_EPSTATUS(n) REG8(USB_EP(n) + 0x06)
#define USB_EPINTFLAG(n) REG8(USB_EP(n) + 0x07)
#define USB_EPINTENSET(n) REG8(USB_EP(n) + 0x09)
#define USB_CTRLA_SWRST (1u << 0)
#define USB_CTRLA_ENABLE (1u << 1)
#define USB_CTRLB_DETACH (1u << 0)
#define USB_DADD_ADDEN (1u << 7)
#define USB_INT_SOF (1u << 2)
#define USB_INT_EORST (1u << 3)
#define USB_EPTYPE_CONTROL 1u
#define USB_EPTYPE_BULK 3u
#define USB_EPTYPE_INTERRUPT 4u
#define USB_EPCFG_OUT(t) ((uint8_t)(t))      /* bank 0 */
#define USB_EPCFG_IN(t) ((uint8_t)((t) << 4)) /* bank 1 */
#define USB_EPSTATUS_DTGLOUT (1u << 0)
#define USB_EPSTATUS_DTGLIN (1u << 1)
#define USB_EPSTATUS_STALLRQ0 (1u << 4)
#define USB_EPSTATUS_STALLRQ1 (1u << 5)
#define USB_EPSTATUS_BK0RDY (1u << 6)
#define USB_EPSTATUS_BK1RDY (1u << 7)
#define USB_EPINT_TRCPT0 (1u << 0)
#define USB_EPINT_TRCPT1 (1u << 1)
#define USB_EPINT_RXSTP (1u << 4)
/* An endpoint's descriptor in RAM: bank 0 (OUT), then bank 1 (IN). */
struct usb_bank {
	volatile uint32_t addr;
	volatile uint32_t pcksize;
	volatile uint16_t extreg;
	volatile uint8_t status_bk;
	uint8_t reserved[5];
};
_Static_assert(sizeof(struct usb_bank) == 16, "a bank descriptor is 16 bytes");
#define USB_PCKSIZE_BYTE_COUNT(p) ((p) & 0x3FFFu)
#define USB_PCKSIZE_MULTI_PACKET(n) ((uint32_t)(n) << 14)
#define USB_PCKSIZE_SIZE_64 (3u << 28)
#define USB_PCKSIZE_AUTO_ZLP (1u << 31)

/* Interrupt numbers (NVIC lines). */
#define IRQ_USB 7
#define IRQ_TC5 20

#endif
