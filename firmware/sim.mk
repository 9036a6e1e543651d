# SPDX-License-Identifier: GPL-3.0-or-later
# avrsim, our AVR simulator bridge on libsimavr, and its test firmware.
# Included from the Makefile (`include sim.mk`).
#
#   make sim    build/sim/avrsim and the test firmware build/sim/*.elf
#               (from sim/test/*.c, for the ATmega328P at 16 MHz)
#
# Needs gcc-avr avr-libc binutils-avr libsimavr-dev libelf-dev.

ifndef SNEK_SIM_MK
SNEK_SIM_MK := 1

SIM_CC ?= $(CC)
# -isystem: simavr's own headers are not -Wundef clean.
SIM_CFLAGS = -std=gnu11 -O2 -g -Wall -Wextra -Wundef -Wshadow \
	$(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr 2>/dev/null || echo -I/usr/include/simavr))
SIM_LIBS = $(shell pkg-config --libs simavr 2>/dev/null || echo -lsimavr) -lelf
AVR_CC ?= avr-gcc
AVR_MCU ?= atmega328p
AVR_CFLAGS = -std=gnu11 -mmcu=$(AVR_MCU) -DF_CPU=16000000UL -Os -g -Wall -Wextra
SIM_TEST_ELF = $(patsubst sim/test/%.c,build/sim/%.elf,$(wildcard sim/test/*.c))

.PHONY: sim
sim: build/sim/avrsim $(SIM_TEST_ELF)

build/sim/avrsim: $(wildcard sim/*.c) $(wildcard sim/*.h)
	@mkdir -p $(@D)
	$(SIM_CC) $(SIM_CFLAGS) -o $@ $(filter %.c,$^) $(SIM_LIBS)

build/sim/%.elf: sim/test/%.c
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -o $@ $<

endif
