/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Value helpers that small chips keep out of line (see value.h). */
#include "snek.h"

#if SNEK_SMALL
value_t val_from_num(float f)
{
	return val_box_num(f);
}
#endif

#if SNEK_SMALL
value_t gc_ref(uint8_t tag, const void *p)
{
	return VAL_MAKE(tag, (snek_len_t)((const uint8_t *)p - gc_pool) / SNEK_GRANULE);
}
#endif
