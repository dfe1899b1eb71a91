#!/usr/bin/env bash
# seedpost's HTTP API under the load tool's scenarios (examples/load.rs: moves, reads,
# mix), on SQLite and on Postgres side by side, and pgbench running the transaction
# shape of a move on the same Postgres, in one run.
#   bash bench/compare.sh [clients] [seconds]        # STREAMS=N: streams held open in mix
#   BINDIR=DIR bash bench/compare.sh ...              # DIR/seedpost and DIR/examples/load
#                                                     # as they are, without building;
#                                                     # SCENARIOS="moves": only those
# Both seedpost and pgbench talk to Postgres with the same transport: TLS off
# (SSLMODE=disable, the default here: this is the loopback) or SSLMODE=prefer (what
# sqlx and libpq do when the URL says nothing; Debian's Postgres has ssl on).
# A fresh server per backend (rate limits and house bots off: the load alone); each
# scenario prints throughput, p50 / p99 / max latency, errors by kind and the server's
# peak RSS while it ran.
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-64}
seconds=${2:-20}
streams=${STREAMS:-200}
pg=${PGURL:-postgres://postgres@127.0.0.1:5432}
port=${PORT:-18080}
sslmode=${SSLMODE:-disable}
# As the Dockerfile sets it (docs/operations.md, "Production settings"); MALLOC_ARENA_MAX= for
# glibc's default.
arenas=${MALLOC_ARENA_MAX-2}
export PGSSLMODE=$sslmode
bin=${BINDIR:-${CARGO_TARGET_DIR:-target}/release}
scenarios=(${SCENARIOS:-moves reads mix})

[ -n "${BINDIR:-}" ] || cargo build --release --bin seedpost --example load

work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

psql "$pg/test" -qc 'DROP DATABASE IF EXISTS seedpost_bench WITH (FORCE)' -c 'CREATE DATABASE seedpost_bench'
psql "$pg/test" -qc 'DROP DATABASE IF EXISTS seedpost_pgbench WITH (FORCE)' -c 'CREATE DATABASE seedpost_pgbench'

# bench BACKEND DATABASE_URL: every scenario against one fresh server.
bench() {
  local backend=$1 url=$2 scenario
  env ${arenas:+MALLOC_ARENA_MAX=$arenas} \
    DATABASE_URL="$url" SEEDPOST_BIND="127.0.0.1:$port" RUST_LOG=warn SEEDPOST_HOUSE_BOTS=false \
    SEEDPOST_RATE_MOVES=0 SEEDPOST_RATE_CHALLENGES=0 SEEDPOST_RATE_STREAMS=0 \
    SEEDPOST_MAX_SIGN_UPS_PER_ADDRESS=0 SEEDPOST_MAX_CONNECTIONS_PER_ADDRESS=0 \
    SEEDPOST_MAX_STREAMS_PER_ADDRESS=0 \
    "$bin/seedpost" serve &
  server=$!
  for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
  for scenario in "${scenarios[@]}"; do
    # This machine's speed drifts within minutes: on Postgres the moves scenario runs
    # between two runs of each pgbench script, and is compared with their mean.
    if [ "$backend-$scenario" = postgres-moves ]; then pgbenches before; fi
    echo "== seedpost on $backend: $scenario, $clients clients, $seconds s"
    "$bin/examples/load" --url "http://127.0.0.1:$port" --scenario "$scenario" \
      --clients "$clients" --seconds "$seconds" --streams "$streams" --server-pid "$server" \
      | tee "$work/$backend-$scenario.txt"
    if [ "$backend-$scenario" = postgres-moves ]; then pgbenches after; fi
  done
  kill "$server"
  wait "$server" || true
  server=""
}

# pgbenches WHEN: each pgbench script once, its report in $work/<script>-WHEN.txt. Two
# scripts: the shape issue #3 names (lock the game row, insert the move, update the
# game: bench/pgbench/move.sql), and the server's own statement, which also writes the
# move's three events (bench/pgbench/move-events.sql).
pgbenches() {
  local script
  for script in move move-events; do
    echo "== pgbench $script ($1 seedpost's moves), $clients clients, $seconds s"
    pgbench -n -M prepared -c "$clients" -j 2 -T "$seconds" -D games=1000 \
      -f "bench/pgbench/$script.sql" "$pg/seedpost_pgbench" | tee "$work/$script-$1.txt"
  done
}

for m in migrations/postgres/*.sql; do psql "$pg/seedpost_pgbench" -q -f "$m"; done
psql "$pg/seedpost_pgbench" -q -v games=1000 -f bench/pgbench/setup.sql

bench sqlite "sqlite://$work/bench.db"
bench postgres "$pg/seedpost_bench?sslmode=$sslmode"

# One backend's columns of a scenario's row, from its load report: rate, p50/p99/max,
# errors, peak RSS.
cell() {
  local f=$work/$1.txt rate p50 p99 max errors rss
  rate=$(sed -n 's/.*\(moves\|requests\)\/s: \([0-9]*\).*/\2/p' "$f" | head -n 1)
  p50=$(sed -n 's/^[a-z]*: [0-9]*  errors.*p50: \([0-9.]*\) ms.*/\1/p' "$f")
  p99=$(sed -n 's/^[a-z]*: [0-9]*  errors.*p99: \([0-9.]*\) ms.*/\1/p' "$f")
  max=$(sed -n 's/^[a-z]*: [0-9]*  errors.*max: \([0-9.]*\) ms.*/\1/p' "$f")
  errors=$(sed -n 's/^[a-z]*: [0-9]*  errors: \([0-9]*\).*/\1/p' "$f")
  rss=$(sed -n 's/^peak RSS: \([0-9]*\) MiB.*/\1/p' "$f")
  printf '%8s %22s %6s %5s' "$rate" "$p50/$p99/$max" "$errors" "$rss"
}

echo
echo "== seedpost: $clients clients, $seconds s a scenario (mix: $streams streams open; Postgres sslmode=$sslmode; MALLOC_ARENA_MAX=${arenas:-unset})"
echo "   per second (moves/s for moves, requests/s otherwise); latency in ms; peak RSS in MiB"
printf '%-8s | %-44s | %s\n' "" "SQLite" "Postgres"
header=$(printf '%8s %22s %6s %5s' "per s" "p50/p99/max" errors RSS)
printf '%-8s | %s | %s\n' scenario "$header" "$header"
for scenario in "${scenarios[@]}"; do
  printf '%-8s | %s | %s\n' "$scenario" "$(cell "sqlite-$scenario")" "$(cell "postgres-$scenario")"
done
ours=$(sed -n 's/.*moves\/s: \([0-9]*\).*/\1/p' "$work/postgres-moves.txt")
for script in move move-events; do
  before=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$work/$script-before.txt")
  after=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$work/$script-after.txt")
  echo "== seedpost $ours moves/s on Postgres vs pgbench $script.sql $before tps before, $after after:" \
    "ratio $(python3 -c "print(round(2 * $ours / ($before + $after), 2))") to their mean"
done
