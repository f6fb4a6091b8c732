# Two commands on a fresh machine: `make demo` and `make test`. Both set everything up themselves.
# The environment's interpreter: python3, or a statically linked build of the same version on PATH
# when there is one (faster; sim/core/pick_python.py says why). `make PYTHON=...` chooses another.
PYTHON ?= $(shell python3 sim/core/pick_python.py 2>/dev/null || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
JOBS   ?= 2

.PHONY: setup system-deps compiled demo test lint format bench golden notebook notebooks walkthrough config-readme clean

setup: $(STAMP) system-deps compiled

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	@touch $(STAMP)

# The games' compiled cores, Brass and 明初商途 (mypyc; docs/architecture.md "Compiled core"), each
# rebuilt when a source of its package changed. A C compiler and the Python headers first (Debian
# packages) if they are missing.
compiled: $(STAMP)
	@if ! command -v gcc >/dev/null || ! test -f "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h"; then \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends gcc python3-dev >/dev/null; \
	fi
	SIM_PURE_PYTHON=1 $(BIN)/python -m sim.core.build_compiled --if-stale --jobs $(JOBS)

# A CJK font for chart labels and Chromium for the report test (Debian packages).
system-deps:
	@if ! fc-list 2>/dev/null | grep -qiE "WenQuanYi|Noto Sans CJK" || ! command -v chromium >/dev/null; then \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends \
			fonts-wqy-microhei fontconfig chromium >/dev/null && \
		rm -rf $$HOME/.cache/matplotlib; \
	fi

demo: setup
	$(BIN)/python -m sim.demo --jobs $(JOBS) --out reports/demo

test: setup
	$(BIN)/ruff check .
	$(BIN)/pytest -n $(JOBS) --dist loadfile tests

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format:
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Rewrite tests/golden/*.txt after an intended rules change; review the diff before committing.
golden: setup
	SIM_UPDATE_GOLDEN=1 $(BIN)/pytest -q tests/games/test_golden.py

# Jupyter Lab on the notebooks, from the project's environment.
notebook: setup
	$(BIN)/jupyter lab notebooks

# Rerun every notebook and save it with its outputs (charts, tables), as committed; about five
# minutes on 2 cores with the compiled cores.
notebooks: setup
	cd notebooks && for book in *.ipynb; do \
		../$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
			--ExecutePreprocessor.timeout=900 --ExecutePreprocessor.record_timing=False "$$book" || exit 1; \
	done

# Rerun the commands of the Chinese walkthrough and rewrite docs/walkthrough.zh.md with their output.
walkthrough: setup
	$(BIN)/python docs/make_walkthrough.py

bench: setup
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b; done

# Rerun the measured figures of configs/mingchu/README.md (between its figures markers).
config-readme: setup
	$(BIN)/python docs/make_config_readme.py

clean:
	rm -rf $(VENV) runs reports/demo .pytest_cache
