# SPDX-License-Identifier: GPL-3.0-or-later
# libFuzzer target for the core (ports/fuzz). Included at the end of the
# Makefile (`include fuzz.mk`); needs clang with libFuzzer.
#
#   make fuzz-build              build/fuzz/snek-fuzz
#   make fuzz [FUZZ_SECONDS=60]  seed build/fuzz/corpus, then fuzz
#   make fuzz-gcstress-build     build/fuzz-gcstress/snek-fuzz (SNEK_GC_STRESS=2)
#   make fuzz-gcstress [FUZZ_SECONDS=60]
#   make fuzz-corpus             only seed build/fuzz/corpus
# FUZZ_ARGS adds libFuzzer options, e.g. FUZZ_ARGS=-ignore_crashes=1.
# Crashes land in build/<variant>/artifacts/; minimize one with
#   build/fuzz/snek-fuzz -minimize_crash=1 -runs=10000 FILE
# and keep it in ../tests/fuzz_crashes/ (tests/firmware/test_fuzz.py).

ifndef SNEK_FUZZ_MK
SNEK_FUZZ_MK := 1

PYTHON ?= python3
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_ARGS ?=
FUZZ_FLAGS = -std=gnu11 -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_FLAGS_fuzz =
FUZZ_FLAGS_fuzz-gcstress = -DSNEK_GC_STRESS=2 -DSNEK_COMPUTED_GOTO=0
FUZZ_SRC = $(wildcard core/*.c) ports/fuzz/fuzz.c
FUZZ_HDR = $(wildcard core/*.h) $(wildcard ports/fuzz/*.h)
FUZZ_SEEDS = ../tests/lang/pass ../tests/lang/fail ../tests/fuzz_crashes
FUZZ_RUN = -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	-max_len=4096 -dict=ports/fuzz/snek.dict -print_final_stats=1

.PHONY: fuzz fuzz-build fuzz-corpus fuzz-gcstress fuzz-gcstress-build

fuzz-build: build/fuzz/snek-fuzz
fuzz-gcstress-build: build/fuzz-gcstress/snek-fuzz

# names.h depends on the port's config (SNEK_EXIT, SNEK_STORAGE ...).
build/fuzz/gen/names.h build/fuzz-gcstress/gen/names.h: core/builtins.def tools/gennames.py ports/fuzz/config.h core/config_default.h
	@mkdir -p $(@D)
	$(CC) -E -P -x c -Iports/fuzz -Icore core/builtins.def | $(PYTHON) tools/gennames.py > $@.tmp
	mv $@.tmp $@

build/fuzz/snek-fuzz build/fuzz-gcstress/snek-fuzz: build/%/snek-fuzz: $(FUZZ_SRC) $(FUZZ_HDR) build/%/gen/grammar.h build/%/gen/names.h
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_FLAGS_$*) -Iports/fuzz -Icore -Ibuild/$*/gen \
		-o $@ $(FUZZ_SRC) -lm

fuzz-corpus:
	$(PYTHON) ports/fuzz/seeds.py build/fuzz/corpus $(FUZZ_SEEDS)

fuzz: build/fuzz/snek-fuzz fuzz-corpus
	@mkdir -p build/fuzz/artifacts
	build/fuzz/snek-fuzz $(FUZZ_RUN) -artifact_prefix=build/fuzz/artifacts/ $(FUZZ_ARGS) build/fuzz/corpus

fuzz-gcstress: build/fuzz-gcstress/snek-fuzz
	$(PYTHON) ports/fuzz/seeds.py build/fuzz-gcstress/corpus $(FUZZ_SEEDS)
	@mkdir -p build/fuzz-gcstress/artifacts
	build/fuzz-gcstress/snek-fuzz $(FUZZ_RUN) -artifact_prefix=build/fuzz-gcstress/artifacts/ $(FUZZ_ARGS) build/fuzz-gcstress/corpus

.PRECIOUS: build/fuzz/gen/grammar.h build/fuzz-gcstress/gen/grammar.h

endif
