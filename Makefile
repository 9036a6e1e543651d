# snekide top-level Makefile. See README.md for the quick start.

VENV   := .venv
PYTHON := $(VENV)/bin/python

.PHONY: system-ide system-test venv firmware test ide
# One thing at a time here: two apt-get runs at once would fight over the package database.
.NOTPARALLEL:

# System packages (apt), installed once; quick when they are all there.
system-ide:
	tools/system-packages ide
system-test:
	tools/system-packages test

# Python virtual environment with snekide (editable): $(VENV)/.ide has what the IDE
# needs, $(VENV)/.test adds the test tools. The stamps make pip re-run only when
# pyproject.toml changes.
venv: $(VENV)/.test

$(VENV)/.ide: pyproject.toml | system-ide
	test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -e .
	touch $@

$(VENV)/.test: $(VENV)/.ide
	$(PYTHON) -m pip install -e '.[test]'
	touch $@

# Host (POSIX) build of the firmware: firmware/build/posix/snek, the simulator.
firmware: | system-ide
	$(MAKE) -C firmware posix

# Whole test suite; pytest fixtures build the firmware variants they need.
test: system-test venv
	$(PYTHON) -m pytest

# Open the IDE on the built-in simulator.
ide: system-ide $(VENV)/.ide firmware
	$(VENV)/bin/snekide
