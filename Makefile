# rocport: `make run` serves the whole service locally, `make test` runs the whole suite.
# Both prepare the machine first (scripts/bootstrap.sh: Debian packages when root, .venv).

PYTHON := .venv/bin/python
PYTEST_ARGS ?=

.PHONY: run test bench lint bootstrap-run bootstrap-test example-zip token

run: bootstrap-run
	$(PYTHON) scripts/run.py

# SQLite always; when DATABASE_URL is set, the database-backed tests run on it as well.
test: bootstrap-test
	env -u DATABASE_URL $(PYTHON) -m pytest $(PYTEST_ARGS)
	@if [ -n "$$DATABASE_URL" ]; then \
		echo "rocport: database tests again on $$DATABASE_URL"; \
		$(PYTHON) -m pytest $(PYTEST_ARGS) tests/webapp tests/workers tests/e2e; \
	fi

bench: bootstrap-test
	@for script in benchmarks/bench_*.py; do \
		echo "== $$script"; $(PYTHON) $$script || exit 1; \
	done

# ruff on everything; mypy on translator/, webapp/ and workers/ with django-stubs
# (pyproject.toml's [tool.mypy]; it needs no environment).
lint: bootstrap-test
	.venv/bin/ruff check .
	.venv/bin/mypy

bootstrap-run:
	@scripts/bootstrap.sh run

bootstrap-test:
	@scripts/bootstrap.sh test

# One file to upload on the "New job" page: var/examples/$(EXAMPLE).zip
# (any folder of examples/, e.g. make example-zip EXAMPLE=particles).
EXAMPLE ?= saxpy
example-zip:
	@mkdir -p var/examples
	@rm -f var/examples/$(EXAMPLE).zip
	cd examples && python3 -m zipfile -c ../var/examples/$(EXAMPLE).zip $(EXAMPLE)
	@echo "upload var/examples/$(EXAMPLE).zip at http://127.0.0.1:8000/jobs/new/"

# An API token for NAME on the service `make run` serves (its database in var/, its
# development settings): make token NAME=rocport (-r replaces one: RESET=-r).
NAME ?= rocport
token:
	@DEBUG=$${DEBUG:-true} $(PYTHON) manage.py drf_create_token $(RESET) $(NAME)
