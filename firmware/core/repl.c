/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The top level: start the interpreter, run input, survive errors. */
#include "snek.h"

/* Every static root: a global value, or an array with its length. */
#define ROOT(v) { &(v), 1 },
#define ROOTS(a) { (a), sizeof(a) / sizeof((a)[0]) },
const struct gc_root gc_roots[] SNEK_ROM = {
	ROOT(vm_code) ROOT(vm_acc) ROOT(lex_buf) ROOT(lex_tok.val) ROOT(comp_tok.val)
	ROOT(name_user) ROOT(global_vals) ROOT(global_shadow)
	ROOTS(comp_roots)
#if SNEK_CHAR_STRINGS
	ROOT(obj_chars)
#endif
	{ NULL, 0 },
};

void snek_init(void)
{
	const struct gc_root *r;
	value_t *root;
	uint8_t n;

	/* Every root starts as None: one loop, not a store each in every
	 * module's init. */
	for (r = gc_roots; (root = SNEK_ROM_PTR(&r->at)); r++) {
		n = SNEK_ROM_BYTE(&r->n);
		do
			*root++ = VAL_NONE;
		while (--n);
	}
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
