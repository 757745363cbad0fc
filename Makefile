# lawdesk: `make run` builds the KB and the site and serves both on http://127.0.0.1:8000;
# `make test` runs the suite.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test build publish bench lint serve clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

build/kb.sqlite: $(STAMP) corpus/* $(shell find kb -name '*.py' -o -name '*.toml' -o -name '*.tsv' -o -name '*.json' 2>/dev/null)
	$(BIN)/lawdesk build

build: $(STAMP)
	$(BIN)/lawdesk build

build/site/index.html: build/kb.sqlite $(shell find site -type f 2>/dev/null)
	$(BIN)/lawdesk publish

publish: build/kb.sqlite
	$(BIN)/lawdesk publish

PORT ?= 8000
WORKERS ?= 1

run: build/site/index.html
	$(BIN)/lawdesk serve --port $(PORT) --workers $(WORKERS)

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadfile

bench: build/kb.sqlite
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf build .pytest_cache .ruff_cache
