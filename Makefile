# Set-up lives here, so that `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8765

.PHONY: run sandbox test bench screenshots clean

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

# The till, in training mode on a fresh machine (its own embedded sandbox).
run: $(VENV)/.stamp-run
	$(BIN)/pos-app

# The sandbox alone, for integrators (curl, the client library).
sandbox: $(VENV)/.stamp-run
	$(BIN)/pos-sandbox --host $(HOST) --port $(PORT)

test: $(VENV)/.stamp-dev
	$(BIN)/python -m pytest -q

bench: $(VENV)/.stamp-dev
	$(BIN)/python benchmarks/sandbox_check.py
	$(BIN)/python benchmarks/client_overhead.py

# Screenshots of every screen on a virtual X server (installs Xvfb when missing).
screenshots: $(VENV)/.stamp-dev
	@command -v xvfb-run >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xvfb xauth libxcb-cursor0 >/dev/null; }
	xvfb-run -a -s "-screen 0 1280x900x24" $(BIN)/python scripts/screenshots.py docs/screenshots

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
