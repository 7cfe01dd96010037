# The two commands of the README: `make run` and `make test`. Each creates .venv on first use.
# `make test-fast`: the headless tests that take under 10 s (no real windows, nothing marked slow).
# Benchmarks (bench/benchkit.py): `make bench-smoke` proves every bench still runs (small sizes,
# what CI runs); `make bench` measures at full sizes, prints one table of figures, targets and
# the load, and appends the figures to bench/results/history.jsonl (BENCHES="render physics"
# for some); `make bench-plot FIGURE=fps` draws one figure over the commits.
# Installing (README "Install"): `make wheel` (wheel and sdist in dist/), `make dist` (desktop
# bundles in dist/); `make try-wheel` and `make try-bundle` are what CI runs on them.
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed
DIST_PLATFORMS ?=
VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' flickbook/__init__.py)
WHEEL := dist/flickbook-$(VERSION)-py3-none-any.whl
SDIST := dist/flickbook-$(VERSION).tar.gz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test,cluster,bench]'
	touch $(STAMP)

.PHONY: run test test-fast bench bench-smoke bench-plot wheel try-wheel dist try-bundle
run: $(STAMP)
	$(VENV)/bin/flickbook $(ARGS)

# Everything: the tests without a real window on parallel workers (pytest-xdist, one a core,
# when it is installed), then the real-window tests one at a time (each window is a whole
# software-GL viewer: side by side on 2 cores they only slow each other down), with the few
# tests marked serial (they compare runs that a parallel neighbour disturbs).
XDIST = $(shell $(VENV)/bin/python -c "import xdist" 2>/dev/null && echo "-n auto")
test: $(STAMP)
	$(VENV)/bin/python -m pytest -m "not window and not serial" $(XDIST) $(PYTEST_ARGS)
	$(VENV)/bin/python -m pytest -m "window or serial" $(PYTEST_ARGS)

test-fast: $(STAMP)
	$(VENV)/bin/python -m pytest -m "not window and not slow" $(XDIST) $(PYTEST_ARGS)

bench-smoke: $(STAMP)
	$(VENV)/bin/python bench/benchkit.py smoke $(BENCHES)

bench: $(STAMP)
	$(VENV)/bin/python bench/benchkit.py full $(BENCHES)

FIGURE ?= fps
bench-plot: $(STAMP)
	$(VENV)/bin/python bench/plot.py $(FIGURE)

# The sdist, and the wheel built from it (so the sdist is proved complete too), then a check
# that both carry every file the program is made of.
wheel: $(STAMP)
	rm -f $(WHEEL) $(SDIST)
	$(VENV)/bin/pip install -q build
	$(VENV)/bin/python -m build -q --outdir dist . >/dev/null
	$(VENV)/bin/python .ci/check_dist.py $(WHEEL) $(SDIST)

try-wheel: wheel
	PYTHON=$(PYTHON) .ci/try_wheel $(WHEEL)

# Desktop bundles (Panda3D's bdist_apps), one archive per platform; DIST_PLATFORMS=... for some.
dist: $(STAMP)
	$(VENV)/bin/python bundle/build.py $(DIST_PLATFORMS)

try-bundle: $(STAMP)
	PYTHON=$(VENV)/bin/python .ci/try_bundle
