# SPDX-License-Identifier: GPL-3.0-or-later
# The Snekboard's core on QEMU's micro:bit (qemu-system-arm -M microbit, a
# Cortex-M0), so that the ARM build runs the language and protocol tests.
# Included from the Makefile.
#
#   make qemu-arm   build/qemu-arm/snek-qemu.elf and build/qemu-arm/snek-qemu,
#                   the script that runs it as `snek FILE` runs a file
#
# The micro:bit has 16 KB of RAM; QEMU gives it 64 KB here (its SoC's
# sram-size), so that the Snekboard's pool fits beside a generous C stack
# and the stored program's image. The pool is the Snekboard's own.

ifndef SNEK_QEMU_ARM_MK
SNEK_QEMU_ARM_MK := 1

include arm.mk
include ports/snekboard/snekboard.mk

QEMU_RAM = 65536
QEMU_SRC = $(CORE_SRC) $(ARM_SHARED_SRC) $(wildcard ports/qemu-arm/*.c)
QEMU_DEPS = $(QEMU_SRC) $(CORE_HDR) $(ARM_SHARED_HDR) $(wildcard ports/qemu-arm/*.h) \
	ports/qemu-arm/qemu-arm.mk arm.mk ports/qemu-arm/snek-qemu.in
# The Snekboard's pool, as its build fitted it to the board's RAM.
QEMU_POOL = build/snekboard/pool

.PHONY: qemu-arm
qemu-arm: build/qemu-arm/snek-qemu

build/qemu-arm/gen/names.h: core/builtins.def tools/gennames.py ports/qemu-arm/config.h ports/snekboard/core-config.h core/config_default.h
	$(call arm_names,qemu-arm)

build/qemu-arm/snek-qemu.elf: $(QEMU_DEPS) build/qemu-arm/gen/grammar.h build/qemu-arm/gen/names.h $(QEMU_POOL)
	$(ARM_CC) $(ARM_CFLAGS) -DSNEK_POOL_SIZE=$$(cat $(QEMU_POOL)) -Iports/qemu-arm -Iports/snekboard -Icore \
		-Ibuild/qemu-arm/gen -o $@ $(QEMU_SRC) -lm $(ARM_LDFLAGS) \
		-Wl,--defsym=__flash=0,--defsym=__flash_size=256K \
		-Wl,--defsym=__ram=0x20000000,--defsym=__ram_size=$(QEMU_RAM),--defsym=__stack_size=8192
	@$(ARM_SIZE) -A $@ | awk '/^\.(init|text)/ { t += $$2 } /^\.data/ { d = $$2 } /^\.bss/ { b = $$2 } \
		END { printf "snek-qemu: flash %d bytes, RAM %d (the Snekboard'"'"'s pool: %d)\n", t + d, d + b, '"$$(cat $(QEMU_POOL))"' }'

build/qemu-arm/snek-qemu: ports/qemu-arm/snek-qemu.in build/qemu-arm/snek-qemu.elf
	sed 's/@QEMU_RAM@/$(QEMU_RAM)/' $< > $@.tmp
	chmod +x $@.tmp
	mv $@.tmp $@

endif
