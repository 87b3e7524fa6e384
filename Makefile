# Two set-up commands: `make run` starts the product, `make test` runs every test.
.PHONY: run test screens cluster

run:
	@bash scripts/run.sh

# Three release nodes behind HAProxy with PostgreSQL, Redis and the S3-compatible store
# (docs/operations.md); Ctrl-C stops everything.
cluster:
	@bash scripts/cluster.sh

test:
	@bash scripts/test.sh

# The browser tour with screenshots: one per route × viewport (desktop 1366, phone 390) in docs/screens/.
screens:
	@bash scripts/screens.sh

# Benchmarks (not part of make test): Tsumugi's hub against a Node socket.io baseline.
.PHONY: bench bench-quick bench-rest bench-search bench-search-messages bench-presence bench-confirm bench-web bench-files bench-manuscripts
bench:
	@bash scripts/bench.sh

bench-quick:
	@QUICK=1 bash scripts/bench.sh

# The hottest REST pages against pgbench running the same SQL on the same data, and p99 at a
# fixed 200 requests/s: loadtest/results/rest-pages.md (also a section of make bench).
bench-rest:
	@bash scripts/bench-rest.sh

# Files at scale (issue 40): a 2 GiB tus upload and ranged download against copying and
# reading the store directly, 50 concurrent 100 MB uploads, the node's RSS growth:
# loadtest/results/files.md.
bench-files:
	@bash scripts/bench-files.sh

# The creator search at 100,000 creators: p50/p95/p99 and plans in loadtest/results/user-search.md.
bench-search:
	@bash scripts/bench-search.sh

# Message search at 1,000,000 messages in 2,000 channels, the caller in 50: p50/p95/p99 for
# one- and two-character words and two-word queries, and plans, in loadtest/results/message-search.md.
bench-search-messages:
	@bash scripts/bench-search-messages.sh

# Presence at 10,000 clients: presence.updated p99 and the server's CPU with presence on and off
# (loadtest/results/presence.md).
bench-presence:
	@bash scripts/bench-presence.sh

# Confirming a month of rewards for 10,000 creators × 20 tasks: time and SQL statements in
# loadtest/results/reward-confirmation.md.
bench-confirm:
	@bash scripts/bench-confirm.sh

# Manuscripts (issue 44): 10 editors typing 5 characters/s into one manuscript for 60 s
# (convergence, remote-edit p99, the node's CPU) and a 50,000-character manuscript of 2,000
# stored updates opened in Chromium: loadtest/results/manuscripts.md.
bench-manuscripts:
	@bash scripts/bench-manuscripts.sh

# Lighthouse 12 (mobile profile) on the login page, /tasks and a channel page: performance
# score, FCP, LCP and bytes per page in loadtest/results/web.md.
bench-web:
	@bash scripts/bench-web.sh

# The long reliability runs of issue 15 (docs/reliability.md): `make soak` runs every section,
# `bash scripts/soak.sh faults` one of them.
.PHONY: soak
soak:
	@bash scripts/soak.sh
