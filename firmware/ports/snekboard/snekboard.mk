# SPDX-License-Identifier: GPL-3.0-or-later
# The SAMD21 boards: the Snekboard and Adafruit's Metro M0 Express,
# ItsyBitsy M0 Express, Feather M0 Express and Circuit Playground Express,
# one image each from the same port and the board's pin table
# (ports/snekboard/boards/BOARD.def).
# Included from the Makefile.
#
#   make snekboard      build/snekboard/snek-snekboard.elf, .bin and .uf2
#   make metro-m0       build/metro-m0/snek-metro-m0.uf2 (and .elf, .bin)
#   make itsybitsy-m0   build/itsybitsy-m0/snek-itsybitsy-m0.uf2
#   make feather-m0     build/feather-m0/snek-feather-m0.uf2
#   make playground-express  build/playground-express/snek-playground-express.uf2
#   make samd21         all of them
#
# Each build prints its flash and RAM use and fails, saying why, when the
# image runs into the stored programs or static RAM leaves the C stack
# less than its reserve.
#
# Flash (256 KB): the UF2 bootloader below 0x2000, the image from 0x2000,
# the two program slots (2 x 16 KB, storage.h) from 0x38000.
# RAM (32 KB): static data, then the C stack's reserve at the top. The
# pool (heap and value stack) is all that the rest leaves: two probe
# links with small pools give static RAM as a line in the pool size
# (tools/armsize.py fit), and the image is linked with the pool that
# fills the RAM.

ifndef SNEK_SNEKBOARD_MK
SNEK_SNEKBOARD_MK := 1

include arm.mk

SAMD21_BOARDS = snekboard metro-m0 itsybitsy-m0 feather-m0 playground-express
SAMD21_RAM = 32768
# The deepest C stack under QEMU (test_samd21.py runs the corpus and the
# deepest nesting the limits allow, with --stack) is about 1.6 KB; the
# USB interrupt and the tick come on top of it.
SAMD21_C_STACK = 2560
SAMD21_APP = 0x2000
SAMD21_STORAGE = 0x38000
SAMD21_FAMILY = 0x68ED2B88
SAMD21_SRC = $(CORE_SRC) $(wildcard ports/snekboard/*.c) ports/snekboard/ws2812.S
SAMD21_DEPS = $(SAMD21_SRC) $(CORE_HDR) $(ARM_SHARED_HDR) ports/snekboard/snekboard.mk arm.mk \
	tools/armsize.py
SAMD21_PROBES = 4096 8192

.PHONY: samd21 $(SAMD21_BOARDS)
samd21: $(SAMD21_BOARDS)

# A board's own core features, beside config.h's: the boards with a
# speaker (a TONE row in their table) get tone().
SAMD21_FEATURES_playground-express = -DSNEK_TONE=1

# Linking board $(1) with pool $(2) into $(3).
define samd21_link
	$(ARM_CC) $(ARM_CFLAGS) $(SAMD21_FEATURES_$(1)) -DSNEK_BOARD_DEF='"boards/$(1).def"' -DSAMD21_STORAGE_BASE=$(SAMD21_STORAGE) \
		-DSNEK_POOL_SIZE=$(2) -Iports/snekboard -Icore -Ibuild/$(1)/gen -o $(3) $(SAMD21_SRC) -lm \
		$(ARM_LDFLAGS) -Wl,--defsym=__flash=$(SAMD21_APP),--defsym=__flash_size=0x3E000 \
		-Wl,--defsym=__ram=0x20000000,--defsym=__ram_size=$(SAMD21_RAM),--defsym=__stack_size=$(SAMD21_C_STACK)
endef

define samd21_report
	$(PYTHON) tools/armsize.py report snek-$(1) $(2) --flash-start $(SAMD21_APP) \
		--flash-end $(SAMD21_STORAGE) --ram $(SAMD21_RAM) --stack $(SAMD21_C_STACK) \
		--pool $$(cat build/$(1)/pool)
endef

define samd21_board
build/$(1)/gen/names.h: core/builtins.def tools/gennames.py ports/snekboard/config.h ports/snekboard/core-config.h core/config_default.h
	$$(call arm_names,snekboard,$(SAMD21_FEATURES_$(1)))

build/$(1)/probe-%.elf: $(SAMD21_DEPS) ports/snekboard/boards/$(1).def build/$(1)/gen/grammar.h build/$(1)/gen/names.h
	$$(call samd21_link,$(1),$$*,$$@)

build/$(1)/pool: $(foreach p,$(SAMD21_PROBES),build/$(1)/probe-$(p).elf)
	$(PYTHON) tools/armsize.py fit --ram $(SAMD21_RAM) --stack $(SAMD21_C_STACK) \
		$(foreach p,$(SAMD21_PROBES),build/$(1)/probe-$(p).elf $(p)) > $$@.tmp
	mv $$@.tmp $$@

build/$(1)/snek-$(1).elf: build/$(1)/pool
	$$(call samd21_link,$(1),$$$$(cat build/$(1)/pool),$$@.tmp)
	@$$(call samd21_report,$(1),$$@.tmp) > /dev/null || { $$(call samd21_report,$(1),$$@.tmp); rm -f $$@.tmp; exit 1; }
	mv $$@.tmp $$@

build/$(1)/snek-$(1).bin: build/$(1)/snek-$(1).elf
	$(ARM_OBJCOPY) -O binary $$< $$@

build/$(1)/snek-$(1).uf2: build/$(1)/snek-$(1).bin tools/uf2.py
	$(PYTHON) tools/uf2.py --base $(SAMD21_APP) --family $(SAMD21_FAMILY) $$< $$@

$(1): build/$(1)/snek-$(1).uf2
	@$$(call samd21_report,$(1),build/$(1)/snek-$(1).elf)
endef

$(foreach b,$(SAMD21_BOARDS),$(eval $(call samd21_board,$(b))))

.PRECIOUS: build/%/probe-4096.elf build/%/probe-8192.elf

endif
