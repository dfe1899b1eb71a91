#!/usr/bin/env bash
# Idle players: the load tool's mix scenario (examples/load.rs) with N streams held
# open (a third each of API event streams, `/live` page streams and game streams),
# for each N of STREAMS, against one or more server binaries side by side: a fresh
# server and database per run, binaries alternating, each run REPEAT times.
#   bash bench/idle.sh [BIN...]          # default: target/release/seedpost
#   STREAMS="1000 5000 10000" REPEAT=2 CLIENTS=32 SECONDS=20 BACKEND=postgres
#   IDLE_PLAYERS=2000: the streams held by that many accounts that never move (the
#   load tool's --idle-players), rather than by the clients' own accounts
# Prints per run the peak RSS, the move latencies and the requests/s; the caps on
# streams and connections per address and the rate limits are off (one address opens
# them all), as are the house bots.
set -euo pipefail
cd "$(dirname "$0")/.."
streams=${STREAMS:-"1000 5000 10000"}
repeat=${REPEAT:-1}
clients=${CLIENTS:-32}
seconds=${SECONDS_EACH:-20}
backend=${BACKEND:-postgres}
idle_players=${IDLE_PLAYERS:-0}
pg=${PGURL:-postgres://postgres@127.0.0.1:5432}
port=${PORT:-18090}
load=${LOAD:-${CARGO_TARGET_DIR:-target}/release/examples/load}
bins=("$@")
[ ${#bins[@]} -eq 0 ] && bins=("${CARGO_TARGET_DIR:-target}/release/seedpost")

work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# run BIN N: one fresh server, one mix run with N streams.
run() {
  local bin=$1 n=$2 url
  if [ "$backend" = postgres ]; then
    psql "$pg/test" -qc 'DROP DATABASE IF EXISTS seedpost_idle WITH (FORCE)' -c 'CREATE DATABASE seedpost_idle'
    url="$pg/seedpost_idle"
  else
    rm -f "$work"/idle.db*
    url="sqlite://$work/idle.db"
  fi
  env MALLOC_ARENA_MAX=2 DATABASE_URL="$url" SEEDPOST_BIND="127.0.0.1:$port" RUST_LOG=warn \
    SEEDPOST_HOUSE_BOTS=false SEEDPOST_RATE_MOVES=0 SEEDPOST_RATE_CHALLENGES=0 \
    SEEDPOST_RATE_STREAMS=0 SEEDPOST_MAX_STREAMS_PER_ADDRESS=0 \
    SEEDPOST_MAX_CONNECTIONS_PER_ADDRESS=0 SEEDPOST_MAX_SIGN_UPS_PER_ADDRESS=0 \
    "$bin" serve &
  server=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
  echo "== $bin on $backend: mix, $clients clients, $n streams, $seconds s"
  "$load" --url "http://127.0.0.1:$port" --scenario mix --clients "$clients" \
    --seconds "$seconds" --streams "$n" --idle-players "$idle_players" --server-pid "$server" --timeout 30 \
    | grep -E 'requests/s|^ *move|streams:|peak RSS|errors'
  kill "$server"
  wait "$server" || true
  server=""
}

for n in $streams; do
  for _ in $(seq 1 "$repeat"); do
    for bin in "${bins[@]}"; do run "$bin" "$n"; done
  done
done
