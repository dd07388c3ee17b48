# The two everyday commands: `make play` plays a demo game, `make test` runs every check.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The list of the package's files: the editable install links each file (see
# tools/build_backend.py), so adding or removing one means installing again.
SOURCES := $(VENV)/.sources

.PHONY: play test lint typecheck bench coverage clean FORCE

$(SOURCES): FORCE
	@mkdir -p $(VENV)
	@find core keywords variants plugins -type f -not -path '*/__pycache__/*' | sort > $@.new
	@cmp -s $@.new $@ && rm $@.new || mv $@.new $@

$(STAMP): pyproject.toml setup.py tools/build_backend.py $(SOURCES)
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] < (3, 11))' 2>/dev/null || \
		{ echo "manaweave needs Python 3.11 or newer: make PYTHON=/path/to/python3.11"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test,dev,rl,analysis,ray]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/manaweave play --deck m10:red-green --deck m10:green-white --seed 7 --log game-7.jsonl --overwrite

test: $(STAMP) lint typecheck
	$(BIN)/pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The editable install is a real package folder of links, so mypy finds it as any user's does.
typecheck: $(STAMP)
	$(BIN)/mypy --strict -p manaweave
	$(BIN)/mypy --strict tools

bench: $(STAMP)
	$(BIN)/python bench/random_games.py --games 200

coverage: $(STAMP)
	$(BIN)/manaweave coverage --chapters-only

clean:
	rm -rf $(VENV) build *.egg-info
