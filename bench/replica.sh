#!/usr/bin/env bash
# Reads/s of two seedpost instances with and without a read replica (docs/operations.md,
# "A read replica"): needs the replica of scripts/replica.sh up on port 5433, and
# the server and the load tool built (cargo build --release --bin seedpost --example load,
# or set SEEDPOST_BIN and SEEDPOST_LOAD).
# Two instances on one database, each loaded by its own load tool (reads scenario);
# $1 = "primary" or "replica". Prints each load tool's summary.
set -u
mode=$1
db=seedpost_bench_$mode
psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists $db with (force)" -c "create database $db"
url=postgres://postgres@127.0.0.1:5432/$db
extra=()
if [ "$mode" = replica ]; then extra=(--read-database-url postgres://postgres@127.0.0.1:5433/$db); fi
bin=${SEEDPOST_BIN:-target/release/seedpost}
pids=()
for port in 18081 18082; do
  $bin serve --database-url $url --bind 127.0.0.1:$port --house-bots false \
    --rate-moves 0 --rate-challenges 0 --rate-streams 0 --max-sign-ups-per-address 0 "${extra[@]}" >/tmp/replica-bench-$port.log 2>&1 &
  pids+=($!)
done
sleep 4
curl -s 127.0.0.1:18081/readyz; echo
for port in 18081 18082; do
  ${SEEDPOST_LOAD:-target/release/examples/load} --url http://127.0.0.1:$port --scenario reads --clients 16 --games-per-client 2 --setup-moves 6 --seconds 15 >/tmp/replica-load-$mode-$port.log 2>&1 &
  lp+=($!)
done
wait "${lp[@]}"
curl -s 127.0.0.1:18081/readyz; echo
curl -s 127.0.0.1:18081/metrics | grep '^seedpost_replica_reads_total'
kill "${pids[@]}"; wait "${pids[@]}" 2>/dev/null
for port in 18081 18082; do grep -E "requests/s|p50|errors" /tmp/replica-load-$mode-$port.log; done
psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists $db with (force)"
