# Two set-up commands: `make run` starts the product, `make test` runs every test.
.PHONY: run test

run:
	@bash scripts/run.sh

test:
	@bash scripts/test.sh
