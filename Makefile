# printkit: two commands a newcomer needs.  `make demo` builds the kits; `make test` runs the tests.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test bench lint typecheck extract update compile init-locale clean wheel

# Fall back to python3 when python3.11 is not on PATH (the project needs Python >= 3.11).
ifeq (, $(shell command -v $(PYTHON) 2>/dev/null))
PYTHON := python3
endif

$(STAMP): pyproject.toml setup.py
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

demo: $(STAMP)
	$(PY) -m printkit.demo out

test: $(STAMP)
	$(PY) -m ruff check .
	$(MAKE) --no-print-directory typecheck
	$(PY) -m pytest

# mypy --strict over the package as it installs: engines/ and templates/ are printkit.engines
# and printkit.templates, so mypy reads them through a tree of links with that shape. The
# benchmarks and the tests are checked with it, as they run: bench/ is the package bench, and
# tests/ (no __init__.py) is a folder of top-level modules (conftest, buildcache, test_...),
# as pytest imports them; they import printkit from the same tree.
typecheck: $(STAMP)
	@rm -rf .typecheck && mkdir -p .typecheck/printkit
	@for f in printkit/*; do ln -s ../../$$f .typecheck/printkit/; done
	@ln -s ../../engines .typecheck/printkit/engines
	@ln -s ../../templates .typecheck/printkit/templates
	@ln -s ../bench .typecheck/bench
	@ln -s ../tests .typecheck/tests
	cd .typecheck && ../$(PY) -m mypy --config-file ../pyproject.toml printkit bench \
		$(wildcard tests/*.py)

# `make bench` prints the figures of the README's tables, one JSON object per line (about 4
# minutes on 2 cores). Comparisons with another tool time both as whole processes in the same
# run; the tool lives in a venv of its own, made once by `make bench-peers` (protograf, from
# PyPI); without it those figures say "not measured". `make bench-million`: the peak memory
# of 10^5 and 10^6 validation games, each in its own process (about 15 minutes of one core).
.PHONY: bench-peers bench-million fuzz
# `make fuzz`: the suite's log fuzzing (tests/test_log_fuzz.py) with FUZZ_SCALE times the
# cases, drawn afresh on every run (about 12 minutes on 2 cores at 10); prints the cases
# each game tried, what replay and example exited with, and how many broke the contract.
FUZZ_SCALE ?= 10
fuzz: $(STAMP)
	@rm -f .fuzz-tally
	-PRINTKIT_FUZZ_SCALE=$(FUZZ_SCALE) PRINTKIT_FUZZ_TALLY=$(abspath .fuzz-tally) \
		$(PY) -m pytest tests/test_log_fuzz.py -q -p no:cacheprovider
	$(PY) -m tests.test_log_fuzz .fuzz-tally
PEERS_VENV       ?= /tmp/printkit-bench-peers
PROTOGRAF_PYTHON ?= $(abspath $(PEERS_VENV))/protograf/bin/python
bench: $(STAMP)
	PROTOGRAF_PYTHON=$(PROTOGRAF_PYTHON) $(PY) -m bench.run

bench-peers:
	@test -x $(PEERS_VENV)/protograf/bin/python || $(PYTHON) -m venv $(PEERS_VENV)/protograf
	$(PEERS_VENV)/protograf/bin/python -m pip install --quiet "protograf==0.5.2"

bench-million: $(STAMP)
	$(PY) -m bench.memory_probe 100000 1000000

lint: $(STAMP)
	$(PY) -m ruff check .

# Translations (Babel), one catalog per kit and one of printkit's own. A catalog is a folder
# locale/ (printkit/locale, templates/<game>/locale) holding babel.cfg (the sources its words
# come from), DOMAIN.pot and DOMAIN.po per language, DOMAIN being its package's name
# (printkit, <game>). `make extract` collects each catalog's words into its template,
# `make update` merges them into each language's .po, `make compile` checks and compiles them
# (.mo files; printkit also reads the .po directly, so a fresh edit shows at once). A new
# language: `make init-locale LANG=nl` (a catalog that has it already is kept), translate its
# .po files, run the tests. CATALOG=templates/<game>/locale limits any of them to that one.
CATALOGS := printkit/locale $(sort $(wildcard templates/*/locale))
CATALOG  ?= $(CATALOGS)
PYBABEL  := $(VENV)/bin/pybabel
# each target runs its command once per catalog, with $$dir and $$domain set
EACH_CATALOG = set -e; for dir in $(CATALOG); do domain=$$(basename $$(dirname $$dir));

extract: $(STAMP)
	@$(EACH_CATALOG) echo "$$dir/$$domain.pot"; \
		$(PYBABEL) --quiet extract -F $$dir/babel.cfg -o $$dir/$$domain.pot --project printkit \
		--no-location --sort-output .; done

update: extract
	@$(EACH_CATALOG) $(PYBABEL) update -i $$dir/$$domain.pot -d $$dir -D $$domain \
		--ignore-obsolete --no-fuzzy-matching; done

compile: $(STAMP)
	@$(EACH_CATALOG) $(PYBABEL) compile -d $$dir -D $$domain --statistics; done

init-locale: $(STAMP)
	@test "$(origin LANG)" = "command line" || (echo "usage: make init-locale LANG=xx" && false)
	@$(EACH_CATALOG) po=$$dir/$(LANG)/LC_MESSAGES/$$domain.po; \
		if test -f $$po; then echo "$$po exists: kept"; else \
		$(PYBABEL) init -i $$dir/$$domain.pot -d $$dir -D $$domain -l $(LANG); fi; done

# The wheel a user installs (`pip install dist/printkit-*.whl`): the package, its data, the
# shipped examples and the compiled catalogs; tests/test_user_install.py builds and runs it.
wheel: $(STAMP)
	$(PY) -m pip wheel --no-deps --no-build-isolation --quiet -w dist .

clean:
	rm -rf out build dist *.egg-info .pytest_cache .typecheck .mypy_cache
