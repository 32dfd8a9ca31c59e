# Set-up lives here, so that `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8765

.PHONY: run sandbox test soak lint audit lock bench screenshots sample-receipts translations update-translations \
        package package-smoke clean system-test-packages test-timeshift test-live

# A stamp per extra set: reinstall only when pyproject.toml or the lock changes. Every install takes the
# versions pinned in requirements.lock (the ones the tests ran and make audit looked up).
$(VENV)/.stamp-run: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --constraint requirements.lock --upgrade pip
	$(BIN)/pip install --quiet --constraint requirements.lock -e .
	touch $@

$(VENV)/.stamp-dev: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --constraint requirements.lock --upgrade pip
	$(BIN)/pip install --quiet --constraint requirements.lock -e '.[dev]'
	touch $@ $(VENV)/.stamp-run

# After changing dependencies in pyproject.toml: install without the old pins, then pin what was installed.
lock:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade -e '.[dev]'
	{ echo "# Every version make run and make test install (pip --constraint); make audit looks them up."; \
	  echo "# Written by make lock from a fresh install of .[dev]; tests/test_dependencies.py checks it."; \
	  $(BIN)/pip freeze --all --exclude-editable; } > requirements.lock
	touch $(VENV)/.stamp-dev $(VENV)/.stamp-run

# Translations: the .ts sources are kept in git; the .qm files the app loads are built from them.
TS_FILES := resources/translations/pos_app_mn.ts resources/translations/pos_app_en.ts
QM_FILES := $(TS_FILES:.ts=.qm)
resources/translations/%.qm: resources/translations/%.ts $(VENV)/.stamp-run
	$(BIN)/pyside6-lrelease -silent $< -qm $@
translations: $(QM_FILES)

# After changing user-visible texts: gather them into the .ts files (then translate the new ones).
update-translations: $(VENV)/.stamp-run
	$(BIN)/pyside6-lupdate $$(find pos_app -name '*.py' | sort) -no-obsolete -locations relative -ts $(TS_FILES)

# What the till's window needs from the system: Qt's xcb platform (X11, and XWayland under Wayland) loads these
# libraries, which a fresh Debian or Ubuntu may lack (libxcb-cursor0 above all). make run installs them when it
# runs as root, else names them with the command that does (scripts/system_packages.sh; a dpkg check when all are
# there). tests/test_system_packages.py checks the list against what the plugin links to.
RUN_PACKAGES := libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-xkb1 \
                libxkbcommon-x11-0 libxcb-randr0 libxcb-shape0 libxcb-xfixes0 libxcb-sync1 libxcb-shm0 \
                libxcb-render0 libxcb-util1 libxcb1 libx11-xcb1 libxkbcommon0 libfontconfig1 libegl1 libgl1 \
                libdbus-1-3

# The till, in training mode on a fresh machine (its own embedded sandbox).
run: $(VENV)/.stamp-run $(QM_FILES)
	@scripts/system_packages.sh "make run (the till's window)" $(RUN_PACKAGES)
	$(BIN)/pos-app

# The sandbox alone, for integrators (curl, the client library).
sandbox: $(VENV)/.stamp-run
	$(BIN)/pos-sandbox --host $(HOST) --port $(PORT)

# System tools the tests use (pdftotext/pdftoppm read back what Qt printed; faketime moves the clock;
# postgresql: the store tests start a throwaway server of their own, tests/pg_server.py; chromium: headless-browser
# tests of a web page; cups, cups-client and cups-pdf: the printing tests start a throwaway cupsd, tests/cups_server.py;
# xvfb and xdotool with the window's libraries: scans typed as real X key events, tests/ui/test_scanner_x.py).
TEST_PACKAGES := poppler-utils faketime postgresql haproxy chromium cups cups-client cups-pdf xvfb xauth xdotool $(RUN_PACKAGES)
system-test-packages:
	@dpkg -s $(TEST_PACKAGES) >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_PACKAGES) >/dev/null; }

# Static checks: ruff (pyflakes, pycodestyle, bugbear, bandit's security rules) and mypy --strict on the
# domain and the client library (settings in pyproject.toml). make test runs them too (tests/test_static_checks.py).
lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check --quiet .
	$(BIN)/mypy

# Known vulnerabilities in the locked versions (pip-audit; says NOT AUDITED where no service answers).
audit: $(VENV)/.stamp-dev
	$(BIN)/python scripts/audit.py

# The suite on TEST_WORKERS processes (pytest-xdist), each test module whole in one of them (its fixtures made once).
TEST_WORKERS ?= 2
test: $(VENV)/.stamp-dev system-test-packages $(QM_FILES)
	$(MAKE) audit
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --max-worker-restart=0
	$(MAKE) test-live
	$(MAKE) test-timeshift
	$(MAKE) package-smoke

# Generated shop days (tests/shop_days) with new seeds for as long as asked (DURATION seconds, 10 minutes by default), then what
# they tried, counted (make soak DURATION=3600). make test runs them bounded, with a fixed seed.
DURATION ?= 600
soak: $(VENV)/.stamp-dev system-test-packages $(QM_FILES)
	SHOP_DAYS_SOAK_SECONDS=$(DURATION) $(BIN)/python -m pytest -q -p no:cacheprovider tests/shop_days -k soak

# Every test that talks to the session's sandbox again, with the sandbox answering as the live service does
# (docs/sandbox.md, "The live profile"): the client, the checkout, the till's whole sales and its fault matrix.
LIVE_TESTS := tests/qpay tests/checkout tests/ui/test_sale.py tests/ui/test_fault_matrix.py \
              tests/ui/test_receipts_right.py tests/ui/test_part_paid.py tests/ui/test_history_dialog.py \
              tests/ui/test_qr_and_banks.py tests/ui/test_callback_hints.py tests/ui/test_scanner.py
test-live: $(VENV)/.stamp-dev system-test-packages $(QM_FILES)
	$(BIN)/python -m pytest -q -p no:cacheprovider --sandbox-profile live $(LIVE_TESTS)

# The date-sensitive tests again with the wall clock moved (libfaketime: scripts/timeshift.sh) to seconds before
# midnight in Ulaanbaatar, so that each run crosses it: the year's end (journal, sale numbers, history, day close,
# the shop's time zone) and a month's end (sale numbers, the journal) on a computer set to UTC, where it is still
# the afternoon before. About 40 s in all.
TIMESHIFT_YEAR_END  := tests/journal tests/checkout/test_bill_numbers.py tests/ui/test_history_dialog.py tests/ui/test_day_close_dialog.py \
                       tests/ui/test_shop_time_and_rates.py tests/domain/test_shop_time.py
TIMESHIFT_MONTH_END := tests/journal/test_numbers.py tests/journal/test_journal.py \
                       tests/ui/test_shop_time_and_rates.py tests/domain/test_shop_time.py
test-timeshift: $(VENV)/.stamp-dev system-test-packages $(QM_FILES)
	scripts/timeshift.sh "2026-12-31 23:59:50" $(BIN)/python -m pytest -q -p no:cacheprovider $(TIMESHIFT_YEAR_END)
	TIMESHIFT_TZ=UTC scripts/timeshift.sh "2026-11-30 23:59:55" $(BIN)/python -m pytest -q -p no:cacheprovider $(TIMESHIFT_MONTH_END)

VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml | head -n 1)
DEB := dist/pos-app_$(VERSION)_$(shell dpkg --print-architecture 2>/dev/null || echo amd64).deb

# The installer: a PyInstaller one-folder bundle (packaging/pos-app.spec), then the .deb around it; built again
# only when something it is made of changed (make bench after make test reuses the one the smoke test ran).
PACKAGE_SOURCES := $(shell find pos_app packaging resources -type f -not -path '*/__pycache__/*' 2>/dev/null) \
                   pyproject.toml requirements.lock
package: $(DEB)
$(DEB): $(VENV)/.stamp-dev $(QM_FILES) $(PACKAGE_SOURCES)
	rm -rf dist/pos-app build/pyinstaller
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller \
	    packaging/pos-app.spec
	packaging/linux/build_deb.sh

# CI's check of the installer: unpack it somewhere clean, start it offscreen, sell once, remove it.
package-smoke: package
	packaging/linux/smoke.sh $(DEB)

# Every measurement (benchmarks/README.md), then one table of them into the README (benchmarks/summary.py).
# Shorter runs than the scripts' own defaults, to keep the whole near its 5-minute goal on 2 cores.
bench: $(VENV)/.stamp-dev $(QM_FILES)
	rm -f benchmarks/results/*.json
	mkdir -p benchmarks/results && date +%s > benchmarks/results/started_at
	$(BIN)/python benchmarks/client_overhead.py --calls 1000
	$(BIN)/python benchmarks/payment_detection.py --sales 10 --pay-to 2.5
	$(BIN)/python benchmarks/start.py --starts 9
	$(BIN)/python benchmarks/gui_responsiveness.py --sales 3
	$(BIN)/python benchmarks/scan_latency.py --scans 60
	$(BIN)/python benchmarks/catalog_search.py
	$(BIN)/python benchmarks/memory_soak.py --sales 400 --warmup 200
	$(BIN)/python benchmarks/sandbox_check.py --duration 1
	$(BIN)/python benchmarks/journal_write.py --sales 2000
	$(BIN)/python benchmarks/store.py --poll-invoices 8 --sales 1000
	$(BIN)/python benchmarks/store_scale.py --tills 25,100,300 --sales 1
	$(BIN)/python benchmarks/store_floor.py --calls 500 --rounds 3
	$(BIN)/python benchmarks/receipt_print.py --max-seconds 8 --json benchmarks/results/receipt_print.json
	$(MAKE) package
	$(BIN)/python benchmarks/installed_start.py --starts 3 $(DEB)
	$(BIN)/python benchmarks/summary.py

# Screenshots of every screen on a virtual X server (installs Xvfb and Qt's xcb libraries when missing).
X_PACKAGES := xvfb xauth $(RUN_PACKAGES)
# At the counter's two screen sizes, each on an X screen of that size (dialogs are bounded by it), in both languages:
# 1366x768 into docs/screenshots and docs/screenshots/mn, 1024x768 into their 1024/ subfolders.
SHOT_SIZES := 1366x768 1024x768
screenshots: $(VENV)/.stamp-dev $(QM_FILES)
	@scripts/system_packages.sh "make screenshots" $(X_PACKAGES)
	for size in $(SHOT_SIZES); do \
	  sub=$$([ $$size = 1366x768 ] || echo /$${size%%x*}); \
	  xvfb-run -a -s "-screen 0 $${size}x24" $(BIN)/python scripts/screenshots.py docs/screenshots$$sub en $$size && \
	  xvfb-run -a -s "-screen 0 $${size}x24" $(BIN)/python scripts/screenshots.py docs/screenshots/mn$$sub mn $$size \
	  || exit 1; \
	done
	xvfb-run -a -s "-screen 0 1920x1080x24" $(BIN)/python scripts/screenshots_store.py docs/screenshots

# Sample receipts (ESC/POS bytes read back, and Qt's PDF through pdftoppm) into docs/receipts.
sample-receipts: $(VENV)/.stamp-dev system-test-packages
	$(BIN)/python scripts/sample_receipts.py docs/receipts

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache $(QM_FILES) build dist benchmarks/results
