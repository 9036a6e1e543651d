# SPDX-License-Identifier: GPL-3.0-or-later
# make uno-size: compile the core for the ATmega328P (ports/uno settings, a
# stub hardware layer) and report flash and RAM against the chip's budget,
# with the largest functions. A measurement, not a firmware: the Uno port is
# still to come, and the core does not fit yet.

ifndef SNEK_UNO_SIZE_MK
SNEK_UNO_SIZE_MK := 1

UNO_CFLAGS = -mmcu=atmega328p -DF_CPU=16000000UL -Os -flto -mcall-prologues -mrelax -std=gnu11 \
	-ffunction-sections -fdata-sections -Wall -Wextra -Wno-unused-const-variable
UNO_FLASH_BUDGET = 32256
UNO_RAM_BUDGET = 2048

build/uno-size/gen/names.h: core/builtins.def tools/gennames.py ports/uno/config.h core/config_default.h
	@mkdir -p $(@D)
	avr-gcc -E -P -x c -Iports/uno -Icore core/builtins.def | $(PYTHON) tools/gennames.py > $@.tmp
	mv $@.tmp $@

.PHONY: uno-size
uno-size: build/uno-size/gen/grammar.h build/uno-size/gen/names.h
	avr-gcc $(UNO_CFLAGS) -Iports/uno -Icore -Ibuild/uno-size/gen -o build/uno-size/snek-size.elf \
		$(CORE_SRC) ports/uno/size_stub.c -lm -Wl,--gc-sections -Wl,--noinhibit-exec 2>/dev/null
	@avr-size -A build/uno-size/snek-size.elf | awk -v flash=$(UNO_FLASH_BUDGET) -v ram=$(UNO_RAM_BUDGET) \
		'/^\.text/ {t=$$2} /^\.data/ {d=$$2} /^\.bss/ {b=$$2} END { \
		printf "uno-size: flash %d bytes of %d, RAM %d bytes of %d (data %d, bss %d)\n", t+d, flash, d+b, ram, d, b }'
	@echo "uno-size: largest functions (bytes):"
	@avr-nm --size-sort -S -t d build/uno-size/snek-size.elf | tail -12 | awk '{ printf "  %6d %s\n", $$2, $$4 }'

# Per-file flash (no LTO, so a little above the linked figure): the number
# to watch while making one file smaller.
.PHONY: uno-size-files
uno-size-files: build/uno-size/gen/grammar.h build/uno-size/gen/names.h
	@mkdir -p build/uno-size/obj
	@for f in $(CORE_SRC); do \
		avr-gcc $(filter-out -flto,$(UNO_CFLAGS)) -Iports/uno -Icore -Ibuild/uno-size/gen \
			-c $$f -o build/uno-size/obj/$$(basename $$f .c).o || exit 1; \
	done
	@avr-size build/uno-size/obj/*.o | awk 'NR > 1 { t += $$1; sub(".*/", "", $$6); \
		printf "  %6d %s\n", $$1, $$6 } END { printf "  %6d total (flash, without libraries)\n", t }' | sort -n

.PRECIOUS: build/uno-size/gen/grammar.h

endif
