# SPDX-License-Identifier: GPL-3.0-or-later
# The Arduino Uno firmware (ATmega328P at 16 MHz). Included from the Makefile.
#
#   make uno        build/uno/snek-uno.elf and .hex, and their flash and RAM
#                   use against the chip (32,256 bytes of flash beside the
#                   Optiboot loader, 2,048 bytes of RAM)
#   make uno-size   the same firmware measured even when it does not fit,
#                   with its largest functions
#   make uno-size-files   per-file flash, to steer the size work
#
# While the core is too big for the chip: `make uno UNO_FLASH_KB=96` builds
# an image for the simulator with enlarged flash (avrsim --flash-kb 96), and
# UNO_POOL_SIZE=N a smaller pool (heap and value stack) so static RAM leaves
# room for the C stack,
# UNO_STACK_SIZE=N the values the stack keeps for itself at the pool's end.
# All are development aids: the report says OVER BUDGET all the same.

ifndef SNEK_UNO_MK
SNEK_UNO_MK := 1

AVR_CC ?= avr-gcc
UNO_FLASH_KB ?= 32
UNO_POOL_SIZE ?=
UNO_STACK_SIZE ?=
UNO_FLASH_BUDGET = 32256
# -mrelax shortens calls to targets within 4 KB, so an unrelated change
# moves the linked total (up to 150 bytes, even with the functions ordered
# for it, see uno_link): size work can compare builds made with UNO_RELAX=
# (none, and no ordering) for steadier figures.
UNO_RELAX ?= -mrelax
# The chip's own pool (heap and value stack), as ports/uno/config.h sets it.
UNO_CHIP_POOL := $(shell sed -n 's/^\#define SNEK_POOL_SIZE (\([0-9]*\))$$/\1/p' ports/uno/config.h)
UNO_RAM_BUDGET = 2048
UNO_TEXT_LIMIT = $(if $(filter 32,$(UNO_FLASH_KB)),$(UNO_FLASH_BUDGET),$(shell echo $$(($(UNO_FLASH_KB) * 1024))))

# -mcall-prologues shares register saves between functions (about 1.6 KB);
# avr-gcc 5.4 then reads C varargs wrongly, so the core has none (see
# err_format). -mstrict-X and -fno-move-loop-invariants measured smaller,
# and so did leaving functions called once out of line (-248 bytes with
# -fno-partial-inlining, the same speed, 3 bytes more C stack at most).
# The large-stack-frame limits stop inlining from piling callees' locals
# into one frame: measured with avrsim --stack, 100-150 bytes less C stack
# (and 170 bytes less flash). One LTO partition: no static function made
# global to cross partitions (18 bytes less). Without early inlining,
# partial redundancy elimination and scalar-evolution constant propagation
# the image is about 70 bytes smaller for fib(15) 0.5% slower (measured
# against some 60 other -f and --param options, one at a time: none of the
# rest saved more than 8 bytes).
UNO_CFLAGS = -mmcu=atmega328p -DF_CPU=16000000UL -Os -flto -flto-partition=one -mcall-prologues $(UNO_RELAX) -mstrict-X -fno-move-loop-invariants -fno-inline-functions-called-once -fno-partial-inlining \
	-fno-early-inlining -fno-tree-pre -fno-tree-scev-cprop -std=gnu11 \
	--param large-stack-frame=16 --param large-stack-frame-growth=5 \
	-ffunction-sections -fdata-sections $(WARN) \
	$(if $(UNO_POOL_SIZE),-DSNEK_POOL_SIZE=$(UNO_POOL_SIZE)) \
	$(if $(UNO_STACK_SIZE),-DSNEK_STACK_SIZE=$(UNO_STACK_SIZE))
UNO_INC = -Iports/uno -Icore
UNO_SRC = $(CORE_SRC) $(wildcard ports/uno/*.c) $(wildcard ports/uno/*.S)
UNO_DEPS = $(UNO_SRC) $(CORE_HDR) $(wildcard ports/uno/*.h) ports/uno/uno.mk
# Linked with room to spare (128 KB of flash, 64 KB of RAM), so an image
# too big still links and is measured; the report then decides. The
# start-up code and vector table are ports/uno/start.S's, not crt1's
# (28 bytes less: see there).
UNO_LDFLAGS = -nostartfiles -Wl,--gc-sections -Wl,--defsym=__TEXT_REGION_LENGTH__=128K \
	-Wl,--defsym=__DATA_REGION_LENGTH__=0xff00

# The linker script: the toolchain's own, or for the enlarged image one
# changed in one place. LPM reaches only the first 64 KB, and the start-up
# code copies .data's initial values from flash with it, so dev.x puts the
# function sections after the .data image, which stays low with the tables.
UNO_LDSCRIPT = $(if $(filter 32,$(UNO_FLASH_KB)),build/uno/chip.x,build/uno/dev.x)

build/uno/chip.x: ports/uno/uno.mk
	@mkdir -p $(@D)
	$(AVR_CC) -mmcu=atmega328p -Wl,--verbose -x c /dev/null -o /dev/null 2>/dev/null | \
		awk '/^=====/ { inside = !inside; next } inside' > $@.tmp
	grep -q '^ *\*(\.text\.\*)$$' $@.tmp
	mv $@.tmp $@

build/uno/dev.x: build/uno/chip.x
	awk '/^ *\*\(\.text\.\*\)$$/ && !moved { moved = 1; next } { print } \
		/> data AT> text/ { print "  .text_high : { . = ALIGN(2); *(.text.*) } > text" } \
		END { if (!moved) exit 1 }' $< > $@.tmp
	mv $@.tmp $@

# Linking $(1) with the generated headers of $(2). With -mrelax, twice: a
# first link without relaxation tells tools/linkorder.py every call and
# every function's size, and it orders the functions so that more calls
# come within rcall's 4 KB (about 800 bytes less than the linker's order).
# $(1).x is the script with that order, $(1).map the first link's map.
, := ,
define uno_link
	$(AVR_CC) $(UNO_CFLAGS) $(UNO_INC) -I$(2) -o $(1) $(UNO_SRC) -lm $(UNO_LDFLAGS) \
		-Wl,-T,$(UNO_LDSCRIPT) $(if $(UNO_RELAX),-Wl$(,)--no-relax -Wl$(,)-Map$(,)$(1).map)
	$(if $(UNO_RELAX),$(PYTHON) tools/linkorder.py $(1).map $(1) $(UNO_LDSCRIPT) > $(1).x)
	$(if $(UNO_RELAX),$(AVR_CC) $(UNO_CFLAGS) $(UNO_INC) -I$(2) -o $(1) $(UNO_SRC) -lm $(UNO_LDFLAGS) -Wl$(,)-T$(,)$(1).x)
endef

# Flash, RAM and the verdict; fails when the image exceeds UNO_TEXT_LIMIT.
define uno_report
	avr-size -A $(1) | awk -v budget=$(UNO_FLASH_BUDGET) -v ram=$(UNO_RAM_BUDGET) \
		-v limit=$(UNO_TEXT_LIMIT) -v kb=$(UNO_FLASH_KB) -v name=$(2) \
		-v pool="$(if $(UNO_POOL_SIZE),$(UNO_POOL_SIZE) (dev; the chip's is $(UNO_CHIP_POOL)),$(UNO_CHIP_POOL))" \
		'/^\.text/ {t+=$$2} /^\.data/ {d=$$2} /^\.bss/ {b=$$2} END { \
		f = t + d; r = d + b; \
		printf "%s: flash %d bytes of %d%s\n", name, f, budget, \
			(f > budget ? sprintf(": OVER BUDGET by %d", f - budget) : ""); \
		printf "%s: RAM %d bytes of %d (data %d, bss %d, pool of heap and value stack %s), %d left for the C stack%s\n", \
			name, r, ram, d, b, pool, ram - r, (r > ram ? ": OVER BUDGET" : ""); \
		if (f > limit) { \
			sim = 32 * int((f + 32767) / 32768); \
			printf "%s: does not fit %d KB of flash; make uno UNO_FLASH_KB=%d builds an image for avrsim --flash-kb %d\n", \
				name, kb, sim, sim; \
			exit 1 } \
		if (r > ram) { \
			printf "%s: static RAM over the chip'"'"'s; UNO_POOL_SIZE=N builds a smaller pool\n", name; \
			exit 1 } }'
endef

build/uno/gen/names.h build/uno-size/gen/names.h: core/builtins.def tools/gennames.py ports/uno/config.h ports/uno/pins.def core/config_default.h
	@mkdir -p $(@D)
	$(AVR_CC) -E -P -x c $(UNO_INC) core/builtins.def | $(PYTHON) tools/gennames.py > $@.tmp
	mv $@.tmp $@

.PHONY: uno uno-size uno-size-files
uno: build/uno/snek-uno.hex
	@$(call uno_report,build/uno/snek-uno.elf,snek-uno)

# The settings the image was built with: a change rebuilds it.
build/uno/settings: FORCE
	@mkdir -p $(@D)
	@echo "$(UNO_FLASH_KB) $(UNO_POOL_SIZE) $(UNO_STACK_SIZE)" | cmp -s - $@ || \
		echo "$(UNO_FLASH_KB) $(UNO_POOL_SIZE) $(UNO_STACK_SIZE)" > $@

build/uno/snek-uno.elf: $(UNO_DEPS) build/uno/gen/grammar.h build/uno/gen/names.h build/uno/settings $(UNO_LDSCRIPT) tools/linkorder.py
	$(call uno_link,$@.tmp,build/uno/gen)
	@$(call uno_report,$@.tmp,snek-uno) >/dev/null || { $(call uno_report,$@.tmp,snek-uno); rm -f $@.tmp $@ build/uno/snek-uno.hex; exit 1; }
	mv $@.tmp $@

build/uno/snek-uno.hex: build/uno/snek-uno.elf
	avr-objcopy -O ihex -R .eeprom $< $@

uno-size: build/uno-size/gen/grammar.h build/uno-size/gen/names.h $(UNO_LDSCRIPT)
	$(call uno_link,build/uno-size/snek-size.elf,build/uno-size/gen)
	@avr-size -A build/uno-size/snek-size.elf | awk -v flash=$(UNO_FLASH_BUDGET) -v ram=$(UNO_RAM_BUDGET) \
		'/^\.text/ {t=$$2} /^\.data/ {d=$$2} /^\.bss/ {b=$$2} END { \
		printf "uno-size: flash %d bytes of %d, RAM %d bytes of %d (data %d, bss %d)\n", t+d, flash, d+b, ram, d, b }'
	@echo "uno-size: largest functions (bytes):"
	@avr-nm --size-sort -S -t d build/uno-size/snek-size.elf | tail -12 | awk '{ printf "  %6d %s\n", $$2, $$4 }'

# Per-file flash (no LTO, so a little above the linked figure): the number
# to watch while making one file smaller.
uno-size-files: build/uno-size/gen/grammar.h build/uno-size/gen/names.h
	@mkdir -p build/uno-size/obj
	@for f in $(UNO_SRC); do \
		$(AVR_CC) $(filter-out -flto,$(UNO_CFLAGS)) $(UNO_INC) -Ibuild/uno-size/gen \
			-c $$f -o build/uno-size/obj/$$(basename $$f .c).o || exit 1; \
	done
	@avr-size build/uno-size/obj/*.o | awk 'NR > 1 { t += $$1; sub(".*/", "", $$6); \
		printf "  %6d %s\n", $$1, $$6 } END { printf "  %6d total (flash, without libraries)\n", t }' | sort -n

.PHONY: FORCE
FORCE:
.PRECIOUS: build/uno/gen/grammar.h build/uno-size/gen/grammar.h

endif
