# Bower. The two commands: `make run` and `make test` (README.md).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VENV := .venv
BIN := $(VENV)/bin
# Installed-package stamps live in the venv: deleting .venv forgets them too. Each holds
# the checksum of the pyproject.toml it was installed from, so only a change of its
# content reinstalls: a checkout that rewrites the file as it was (a rebase, a worktree,
# a branch switched back) leaves it newer than the stamp and installs nothing.
APP_STAMP := $(VENV)/.bower-app-installed
DEV_STAMP := $(VENV)/.bower-dev-installed
PROJECT_SUM := $(shell cksum < pyproject.toml)
stale = $(if $(filter-out $(shell cat $(1) 2>/dev/null),$(PROJECT_SUM)),installed-packages-stale)
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet

HOST ?= 127.0.0.1
PORT ?= 8000
# Test processes for each pass, SQLite and PostgreSQL (pytest-xdist; each its own test
# database); 0 runs them in this process. Three on two cores: a browser test waits on
# Chromium and the live server much of its time (SQLite pass: 5:04 with 2, 4:30 with 3).
# Work-stealing keeps one worker from ending the run alone with a queue of browser tests.
TEST_WORKERS ?= 3
XDIST = $(if $(filter-out 0,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist worksteal)
PYTEST_ARGS ?=
# `make bench BENCH_ARGS=--quick` (or benchmark names) for a smaller run.
BENCH_ARGS ?=
# `make load LOAD_TABLES=200,600 LOAD_DB=postgres LOAD_MODE=serve LOAD_LATENCY=0,20`
# (and LOAD_SERVER, LOAD_SECONDS): read by benchmarks/load; LOAD_ARGS for its other options.
LOAD_ARGS ?=

# The newest python3.1x (3.12 or newer) on PATH or among pyenv's versions;
# PYTHON=/path/to/python3 overrides.
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell scripts/find-python)
endif

.PHONY: help run test serve bench load floods lighthouse lint mutants clean chromium

help:
	@echo "make run     serve the app on http://$(HOST):$(PORT)/ (HOST=0.0.0.0 for phones: granian, DEBUG off)"
	@echo "make test    lint (ruff, mypy), the whole test suite on SQLite, the tests marked postgres on PostgreSQL"
	@echo "make serve   production: granian + whitenoise (needs DJANGO_DEBUG=0 etc.)"
	@echo "make bench   run the benchmarks and print their figures"
	@echo "make load    tables of phones against the server people run, per table count (under 5 min)"
	@echo "make floods  slow, idle and hostile clients against the real servers, both databases (minutes)"
	@echo "make lighthouse  Lighthouse's phone audit of the main screens (npm fetches it once)"
	@echo "make lint    ruff check, ruff format --check, mypy, import contracts"
	@echo "make mutants mutation-test the scoring rules and the trick reader (minutes), print the score"
	@echo "make clean   remove the venv, caches and collected static files"

$(BIN)/python:
	@if [ -z "$(PYTHON)" ]; then \
	  echo "Bower needs Python 3.12 or newer (Django 6.1 does), and none was found:" >&2; \
	  echo "no python3.12, python3.13, ... on PATH or in $${PYENV_ROOT:-$$HOME/.pyenv}/versions." >&2; \
	  echo "Install one (e.g. 'pyenv install 3.13') or run: make PYTHON=/path/to/python3.12 ..." >&2; \
	  exit 1; \
	fi
	@"$(PYTHON)" -c 'import sys; sys.exit(sys.version_info < (3, 12))' || { \
	  echo "$(PYTHON) is older than Python 3.12, which Django 6.1 needs." >&2; exit 1; }
	@echo "Creating $(VENV) with $(PYTHON)"
	"$(PYTHON)" -m venv $(VENV)

$(APP_STAMP): $(call stale,$(APP_STAMP)) | $(BIN)/python
	$(PIP) install -e .
	@echo '$(PROJECT_SUM)' > $@

$(DEV_STAMP): $(call stale,$(DEV_STAMP)) | $(BIN)/python
	$(PIP) install -e '.[dev]'
	@echo '$(PROJECT_SUM)' > $@
	@echo '$(PROJECT_SUM)' > $(APP_STAMP)

.PHONY: installed-packages-stale

# This machine alone: Django's development server, DEBUG on. Any other HOST lets
# other machines in, so scripts/serve-lan runs granian with DEBUG off instead.
LOOPBACK := 127.0.0.1 localhost ::1 [::1]

run: $(APP_STAMP)
ifneq ($(filter $(HOST),$(LOOPBACK)),)
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py runserver $(HOST):$(PORT)
else
	@scripts/serve-lan $(HOST) $(PORT)
endif

chromium:
	@scripts/ensure-chromium

# The time each part took and the whole are printed at the end, a failed run's too.
test: $(DEV_STAMP) chromium
	@SECONDS=0; lint=; sqlite=; postgres=; \
	  mmss() { printf '%d:%02d' $$(($$1 / 60)) $$(($$1 % 60)); }; \
	  took() { { set +x; } 2>/dev/null; echo "make test took $$(mmss $$SECONDS)$${lint:+: lint $$(mmss $$lint)}$${sqlite:+, SQLite pass $$(mmss $$sqlite)}$${postgres:+, PostgreSQL pass $$(mmss $$postgres)}"; }; \
	  trap took EXIT; set -x; \
	  $(BIN)/ruff check .; \
	  $(BIN)/ruff format --check .; \
	  $(BIN)/mypy; \
	  $(BIN)/lint-imports --no-cache; \
	  lint=$$SECONDS; \
	  $(BIN)/pytest $(XDIST) $(PYTEST_ARGS); \
	  sqlite=$$((SECONDS - lint)); \
	  : PostgreSQL pass: the tests marked postgres or postgres_only, docs/development.md; \
	  BOWER_POSTGRES_RUN=1 scripts/with-postgres $(BIN)/pytest -p no:cacheprovider $(XDIST) $(PYTEST_ARGS); \
	  postgres=$$((SECONDS - lint - sqlite))

serve: $(APP_STAMP)
	@debug=$${DJANGO_DEBUG:-}; case "$${debug,,}" in 0|false) ;; *) \
	  echo "make serve is for production: set DJANGO_DEBUG=0, DJANGO_SECRET_KEY and" >&2; \
	  echo "DJANGO_ALLOWED_HOSTS (README.md, 'Production')." >&2; exit 1;; esac
	@$(BIN)/python scripts/check-settings
	$(BIN)/python manage.py check --deploy
	$(BIN)/python manage.py collectstatic --no-input --verbosity 0
	$(BIN)/python manage.py migrate --no-input
	@scripts/serve-app $(HOST) $(PORT)

bench: $(DEV_STAMP)
	$(BIN)/python -m benchmarks $(BENCH_ARGS)

# Phones at card tables against the server as `make run`/`make serve` start it, in
# network namespaces of its own (root) with the phones' latency; not part of make test.
load: $(DEV_STAMP)
	$(BIN)/python -m benchmarks.load $(LOAD_ARGS)

# The real servers (make run for phones, make serve) flooded by slow, idle and hostile
# clients, on SQLite then PostgreSQL: the tests that serve_support.floods marks, which
# make test skips. Run it whenever you change the front door (docs/development.md).
FLOOD_TESTS := tests/test_slow_clients.py tests/test_hostile_clients.py tests/test_app_server_postgres.py

floods: $(DEV_STAMP)
	BOWER_FLOODS=1 $(BIN)/pytest -p no:randomly -p no:cacheprovider $(FLOOD_TESTS) $(PYTEST_ARGS)
	BOWER_FLOODS=1 BOWER_POSTGRES_RUN=1 scripts/with-postgres $(BIN)/pytest -p no:randomly \
	  -p no:cacheprovider $(FLOOD_TESTS) $(PYTEST_ARGS)

lighthouse: $(DEV_STAMP)
	$(BIN)/python scripts/lighthouse

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

# Mutation testing (mutmut, configured in pyproject.toml): every small change to the
# scoring and trick rules should make an engine test fail. Runs the engine tests only.
MUTANT_WORKERS ?= 2

mutants: $(DEV_STAMP)
	rm -rf mutants
	$(BIN)/mutmut run --max-children $(MUTANT_WORKERS)
	$(BIN)/python scripts/mutation-score

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache .hypothesis \
	  test-results build *.egg-info mutants .cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
