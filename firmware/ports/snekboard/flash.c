/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SAMD21's flash through its NVM controller (datasheet 22.6.4): a row
 * is erased with ER, a page written by filling the page buffer (32-bit
 * stores to the page's own addresses) and WP. MANW is set (clock.c), so
 * nothing is written until WP. The CPU stalls on flash while a command
 * runs, so the code may stay in flash; interrupts are held off so that
 * none finds the page buffer half filled. */
#include "flash.h"
#include "samd21.h"
#include "port.h"

static void command(uint32_t addr, uint16_t cmd)
{
	NVMCTRL_STATUS = NVMCTRL_STATUS_ERRORS;
	NVMCTRL_ADDR = addr / 2; /* in 16-bit words */
	NVMCTRL_CTRLA = NVMCTRL_CMD(cmd);
	while (!(NVMCTRL_INTFLAG & NVMCTRL_INTFLAG_READY))
		;
}

void flash_erase_row(uint32_t addr)
{
	uint32_t primask = arm_irq_save();

	command(addr, NVMCTRL_CMD_ER);
	arm_irq_restore(primask);
}

void flash_write_page(uint32_t addr, const uint32_t words[FLASH_PAGE / 4])
{
	volatile uint32_t *dst = (volatile uint32_t *)addr;
	uint32_t primask = arm_irq_save();
	uint8_t i;

	command(addr, NVMCTRL_CMD_PBC);
	for (i = 0; i < FLASH_PAGE / 4; i++)
		dst[i] = words[i];
	command(addr, NVMCTRL_CMD_WP);
	arm_irq_restore(primask);
}

const uint8_t *flash_at(uint32_t addr)
{
	return (const uint8_t *)addr;
}
