/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Value helpers kept out of line (see value.h and gc.h). */
#include "snek.h"

#if SNEK_SMALL_CODE
value_t val_from_num(float f)
{
	return val_box_num(f);
}
#endif

#if SNEK_LEN16
/* With 16-bit offsets the payload fits the low 16 bits, so the reference
 * is two halves put side by side (VAL_MAKE with a variable tag shifts 32
 * bits in a loop). */
_Static_assert(SNEK_POOL_SIZE / SNEK_GRANULE <= 0xFFFF, "payloads fit 16 bits");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the low half first");
value_t gc_ref(uint8_t tag, const void *p)
{
	uint16_t half[2] = {
		(uint16_t)((uint16_t)((const uint8_t *)p - gc_pool) / SNEK_GRANULE),
		(uint16_t)(VAL_BOX >> 16 | (uint16_t)tag << (VAL_TAG_SHIFT - 16)),
	};
	value_t v;

	memcpy(&v, half, sizeof v); /* little-endian, as the AVR is */
	return v;
}
#endif
