# The two commands of the README: `make run` and `make test`. Each creates .venv on first use.
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test]'
	touch $(STAMP)

.PHONY: run test bench
run: $(STAMP)
	$(VENV)/bin/flickbook $(ARGS)

test: $(STAMP)
	$(VENV)/bin/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	for b in bench/*.py; do $(VENV)/bin/python $$b || exit 1; done
