# Two set-up commands: `make run` starts the product, `make test` runs every test.
.PHONY: run test

run:
	@bash scripts/run.sh

test:
	@bash scripts/test.sh

# Benchmarks (not part of make test): Tsumugi's hub against a Node socket.io baseline.
.PHONY: bench bench-quick
bench:
	@bash scripts/bench.sh

bench-quick:
	@QUICK=1 bash scripts/bench.sh
