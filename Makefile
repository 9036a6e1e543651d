# snekide top-level Makefile. See README.md for the quick start.

VENV   := .venv
PYTHON := $(VENV)/bin/python

.PHONY: venv firmware test ide

# Python virtual environment with snekide (editable) and test tools.
# The stamp makes pip re-run only when pyproject.toml changes.
venv: $(VENV)/.stamp

$(VENV)/.stamp: pyproject.toml
	test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -e '.[test]'
	touch $@

# Host (POSIX) build of the firmware: firmware/build/posix/snek, the simulator.
firmware:
	$(MAKE) -C firmware posix

# Whole test suite; pytest fixtures build the firmware variants they need.
test: venv
	$(PYTHON) -m pytest

# Open the IDE on the built-in simulator.
ide: venv firmware
	$(VENV)/bin/snekide
