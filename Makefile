# Parley — `make run` to play, `make test` before every commit.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

# Checked by ruff and mypy: the code, its tests and its benchmarks. A folder that has no Python
# files yet is skipped (mypy refuses an empty folder); each is a package, so its __init__.py brings it in.
LINT_PATHS := $(strip $(foreach d,engine store table render cogs tests bench,$(if $(wildcard $(d)/*.py),$(d))) bot.py)

.PHONY: run local test lint bench faults conformance image-check clean

run: $(VENV)/.installed
	$(BIN)/python bot.py $(ARGS)

local: $(VENV)/.installed
	$(BIN)/python bot.py --local --players 4 --bots 3 $(ARGS)

# Twice as many workers as cores: the end-to-end tests spend most of their time waiting on the
# loopback Discord, so two workers per core keep the cores busy (measured: 1.06 cores used with -n auto).
# The longest tests are collected first (tests/conftest.py) and idle workers steal queued tests
# from busy ones (worksteal), so no worker is left alone with a long test at the end.
test: lint
	$(BIN)/python -m pytest -q -n $$(( $$(nproc) * 2 )) --dist worksteal --durations=15

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy $(LINT_PATHS)

bench: $(VENV)/.installed
	$(BIN)/python -m bench $(ARGS)

faults: $(VENV)/.installed-dev
	PARLEY_FAULTS=full $(BIN)/python -m pytest tests/faults -q

# Every seeded conformance playout (make test plays the first 3/5: tests/engine/test_conformance.py).
conformance: $(VENV)/.installed-dev
	PARLEY_PLAYOUTS=full $(BIN)/python -m pytest tests/engine/test_conformance.py -q -n $$(( $$(nproc) * 2 )) --dist worksteal

# The Dockerfile built here without a Docker engine (buildah on a base made from Debian's packages)
# and tried from the inside: what it proves and what it cannot, docs/deployment.md "The image check".
image-check: $(VENV)/.installed
	PYTHON=$(BIN)/python bash .ci/image-check

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

$(BIN)/python:
	$(PY) -m venv $(VENV)

# Stamps: pip runs again only when a requirements file is newer than the last install.
$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

# The dev requirements include the runtime ones, so this install also satisfies `.installed`.
$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed
