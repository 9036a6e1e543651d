/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The flash operations the program storage needs: flash.c drives the
 * SAMD21's NVM controller; the storage tests simulate them, with power
 * cuts. Flash reads as memory. Erasing sets a row's bytes to 0xFF;
 * writing a page can only clear bits. */
#ifndef SNEK_FLASH_H
#define SNEK_FLASH_H

#include <stdint.h>

#define FLASH_PAGE 64  /* bytes written at once */
#define FLASH_ROW 256  /* bytes erased at once: four pages */

void flash_erase_row(uint32_t addr);
void flash_write_page(uint32_t addr, const uint32_t words[FLASH_PAGE / 4]);
const uint8_t *flash_at(uint32_t addr);

#endif
