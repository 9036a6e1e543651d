# SPDX-License-Identifier: GPL-3.0-or-later
# What the ARM builds share (ports/snekboard, ports/qemu-arm): Debian's
# arm-none-eabi-gcc with picolibc, for the Cortex-M0+ (ARMv6-M, the
# SAMD21's instruction set; QEMU's micro:bit runs it as a Cortex-M0).
# Included from the Makefile.

ifndef SNEK_ARM_MK
SNEK_ARM_MK := 1

ARM_CC ?= arm-none-eabi-gcc
ARM_OBJCOPY ?= arm-none-eabi-objcopy
ARM_SIZE ?= arm-none-eabi-size
ARM_NM ?= arm-none-eabi-nm
# One flash: the QEMU build runs the very code the board does. -Os with
# LTO; -Werror: the drivers must compile clean (issue 16).
ARM_CFLAGS = -mcpu=cortex-m0plus -mthumb -Os -flto -ffunction-sections -fdata-sections \
	-std=gnu11 $(WARN) -Werror --specs=picolibc.specs
ARM_LDFLAGS = -Wl,--gc-sections
ARM_SHARED_SRC = ports/snekboard/systick.c ports/snekboard/mathd.c
ARM_SHARED_HDR = $(wildcard ports/snekboard/*.h)

# The name table of an ARM port $(1) (its directory first on the path).
define arm_names
	@mkdir -p $(@D)
	$(ARM_CC) -E -P -x c $(2) -Iports/$(1) -Iports/snekboard -Icore core/builtins.def | $(PYTHON) tools/gennames.py > $@.tmp
	mv $@.tmp $@
endef

endif
