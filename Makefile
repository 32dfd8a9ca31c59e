# Set-up lives here, so that `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8765

.PHONY: run test bench clean

# A stamp per extra set: reinstall only when pyproject.toml changes.
$(VENV)/.stamp-run: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.stamp-dev: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.stamp-run

run: $(VENV)/.stamp-run
	$(BIN)/pos-sandbox --host $(HOST) --port $(PORT)

test: $(VENV)/.stamp-dev
	$(BIN)/python -m pytest -q

bench: $(VENV)/.stamp-dev
	$(BIN)/python benchmarks/sandbox_check.py
	$(BIN)/python benchmarks/client_overhead.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
