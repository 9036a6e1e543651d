/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The top level: start the interpreter, run input, survive errors. */
#include "snek.h"

value_t *const gc_roots[] = {
	&vm_code, &vm_acc, &lex_buf, &lex_tok.val, &comp_tok.val,
	&name_user, &global_vals, &global_shadow,
	&comp_roots[0], &comp_roots[1], &comp_roots[2], &comp_roots[3], &comp_roots[4],
	&comp_roots[5], &comp_roots[6], &comp_roots[7], &comp_roots[8], &comp_roots[9],
	NULL,
};

void snek_init(void)
{
	gc_init();
	vm_reset();
	comp_reset();
	lex_init();
	name_init();
}

bool snek_run(void)
{
	jmp_buf catch;

	for (;;) {
		if (ERR_TRY(catch)) {
			parse_run();
			return true;
		}
		vm_reset();
		comp_reset();
		if (!lex_interactive)
			return false;
		lex_recover();
	}
}
