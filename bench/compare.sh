#!/usr/bin/env bash
# Moves per second through seedpost's HTTP API (the load tool) and pgbench running the
# same transaction shape, side by side in one run, on the local Postgres.
#   bash bench/compare.sh [clients] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-64}
seconds=${2:-20}
pg=${PGURL:-postgres://postgres@127.0.0.1:5432}
port=${PORT:-18080}

cargo build --release --bin seedpost --example load

psql "$pg/test" -qc 'DROP DATABASE IF EXISTS seedpost_bench WITH (FORCE)' -c 'CREATE DATABASE seedpost_bench'
psql "$pg/test" -qc 'DROP DATABASE IF EXISTS seedpost_pgbench WITH (FORCE)' -c 'CREATE DATABASE seedpost_pgbench'

DATABASE_URL="$pg/seedpost_bench" SEEDPOST_BIND="127.0.0.1:$port" RUST_LOG=warn \
  ./target/release/seedpost & server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/api/v1/variants" >/dev/null && break; sleep 0.2; done

echo "== seedpost: $clients clients, $seconds s"
./target/release/examples/load --url "http://127.0.0.1:$port" --clients "$clients" --seconds "$seconds" | tee /tmp/seedpost-load.txt
rss=$(ps -o rss= -p $server)
echo "server RSS after the run: $((rss / 1024)) MiB"

echo "== pgbench: the same transaction, $clients clients, $seconds s"
for m in migrations/postgres/*.sql; do psql "$pg/seedpost_pgbench" -q -f "$m"; done
psql "$pg/seedpost_pgbench" -q -v games=1000 -f bench/pgbench/setup.sql
pgbench -n -M prepared -c "$clients" -j 2 -T "$seconds" -D games=1000 -f bench/pgbench/move.sql "$pg/seedpost_pgbench" | tee /tmp/pgbench.txt

ours=$(sed -n 's/.*moves\/s: \([0-9]*\).*/\1/p' /tmp/seedpost-load.txt)
theirs=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' /tmp/pgbench.txt | head -n 1)
echo "== seedpost $ours moves/s vs pgbench $theirs tps: ratio $(python3 -c "print(round($ours / $theirs, 2))")"
