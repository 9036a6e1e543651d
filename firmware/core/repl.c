/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The top level: start the interpreter, run input, survive errors. */
#include "snek.h"

value_t *const gc_roots[] SNEK_ROM = {
	&vm_code, &vm_acc, &lex_buf, &lex_tok.val, &comp_tok.val,
	&name_user, &global_vals, &global_shadow,
	&comp_roots[0], &comp_roots[1], &comp_roots[2], &comp_roots[3], &comp_roots[4],
	&comp_roots[5], &comp_roots[6], &comp_roots[7], &comp_roots[8], &comp_roots[9],
	NULL,
};

void snek_init(void)
{
	value_t *const *r;
	value_t *root;

	/* Every root starts as None: one loop, not a store each in every
	 * module's init. */
	for (r = gc_roots; (root = SNEK_ROM_PTR(r)); r++)
		*root = VAL_NONE;
	gc_init();
	vm_reset();
	comp_reset();
	lex_init();
	name_init();
}

#if SNEK_SAFE_START
bool snek_skip_stored;
#else
#define snek_skip_stored false
#endif

/* The stored program runs unless a safe start skips it or a ^C comes in
 * the boot window; then the REPL answers the ^C with ^C and a prompt. */
void snek_boot(void)
{
	snek_init();
	print_str("Welcome to Snek " SNEK_VERSION "\n");
	hal_flush();
#if SNEK_STORAGE
	if (hal_storage_size() && hal_storage_read(0) != 0xFF && !snek_skip_stored &&
	    !console_boot_window()) {
		lex_set_source(SOURCE_STORAGE);
		return;
	}
#if SNEK_SAFE_START
	snek_skip_stored = false;
#endif
#endif
	lex_set_source(SOURCE_CONSOLE);
}

/* The raise that ended snek_run's last try, for top to handle; then, as
 * top returns, what snek_run returns. */
static uint8_t why;

_Static_assert(ERR_RESET == SNEK_RESET, "a reset ends snek_run as it came");

/* All of snek_run's work, inside its try: first the raise that ended the
 * last try (printed, the statement forgotten), then the input. A raise in
 * either unwinds to snek_run, which tries again. */
ERR_TRY_BODY static void top(void)
{
	if (why) {
		if (why == ERR_RAISED) {
			err_print();
#if SNEK_STORAGE && !SNEK_STORAGE_STREAM
			eeprom_upload_skip();
#endif
		}
		vm_reset();
		comp_reset();
		if (why == ERR_RESET)
			return;
		why = SNEK_FAILED;
#if SNEK_FILES
		if (lex_source == SOURCE_FILE)
			return;
#endif
		lex_recover();
	}
	parse_run();
	why = SNEK_DONE;
}

uint8_t snek_run(void)
{
	uint8_t raised;

	why = 0;
	while ((raised = err_try(top)))
		why = raised;
	return why;
}
