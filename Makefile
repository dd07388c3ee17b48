# The two everyday commands: `make play` plays a demo game, `make test` runs every check.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck bench coverage clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] < (3, 11))' 2>/dev/null || \
		{ echo "manaweave needs Python 3.11 or newer: make PYTHON=/path/to/python3.11"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/manaweave play --deck m10:red-green --deck m10:green-white --seed 7 --log game-7.jsonl

test: $(STAMP) lint typecheck
	$(BIN)/pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy checks an installed copy of the package, since static tools cannot follow the
# editable install's mapping of core/ -> manaweave.
typecheck: $(STAMP)
	rm -rf build/typecheck
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation --target build/typecheck .
	cd build/typecheck && ../../$(BIN)/mypy --strict -p manaweave

bench: $(STAMP)
	$(BIN)/python bench/random_games.py --games 200

coverage: $(STAMP)
	$(BIN)/manaweave coverage --chapters-only

clean:
	rm -rf $(VENV) build *.egg-info
