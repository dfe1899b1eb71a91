#!/usr/bin/env bash
# The house bots under load (examples/house.rs), side by side: each server binary
# given is started fresh (its own database, house bots on, rate limits off) and
# measured in turn, the list run ROUNDS times, alternating, in one run.
#   bash bench/house.sh [games] [seconds] [binary...]
#   (default binary: this tree's release build; PROFILE=debug for the debug one)
# GAMES games at once against house-random/house-greedy (Mangala) from HUMANS humans,
# PERFECT more at Modiar against house-perfect, started first, so that its solved
# table is being built on the fresh server while the quick bots are measured.
# THINK_MS: how long a human waits before its move (default 0: as fast as the
# server answers, so the figures are those of a saturated machine).
# BACKEND=postgres (default) or sqlite. Prints each run's replies (p50 / p99 / max
# from the human's 201 to the bot's reply event, replies per second), the server's
# CPU per reply, and the machine's load average before each run.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-50}
seconds=${2:-30}
shift $(($# < 2 ? $# : 2))
humans=${HUMANS:-10}
perfect=${PERFECT:-2}
think=${THINK_MS:-0}
rounds=${ROUNDS:-1}
backend=${BACKEND:-postgres}
pg=${PGURL:-postgres://postgres@127.0.0.1:5432}
port=${PORT:-18090}
profile=${PROFILE:-release}
arenas=${MALLOC_ARENA_MAX-2}
dir=${CARGO_TARGET_DIR:-target}/$profile
[ "$profile" = debug ] && flag="" || flag="--$profile"

cargo build $flag --example house
binaries=("$@")
if [ ${#binaries[@]} -eq 0 ]; then
  cargo build $flag --bin seedpost
  binaries=("$dir/seedpost")
fi

work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  [ "$backend" = postgres ] && psql "$pg/test" -qc 'DROP DATABASE IF EXISTS seedpost_house WITH (FORCE)' || true
  rm -rf "$work"
}
trap cleanup EXIT

# run BINARY: a fresh database and server, the load tool against it.
run() {
  local bin=$1 url
  if [ "$backend" = postgres ]; then
    psql "$pg/test" -qc 'DROP DATABASE IF EXISTS seedpost_house WITH (FORCE)' -c 'CREATE DATABASE seedpost_house'
    url="$pg/seedpost_house?sslmode=disable"
  else
    rm -f "$work"/house.db*
    url="sqlite://$work/house.db"
  fi
  env ${arenas:+MALLOC_ARENA_MAX=$arenas} \
    DATABASE_URL="$url" SEEDPOST_BIND="127.0.0.1:$port" RUST_LOG=warn \
    SEEDPOST_RATE_MOVES=0 SEEDPOST_RATE_CHALLENGES=0 SEEDPOST_RATE_STREAMS=0 \
    "$bin" serve &
  server=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
  echo "== $bin on $backend, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  "$dir/examples/house" --url "http://127.0.0.1:$port" --games "$games" --humans "$humans" \
    --perfect "$perfect" --seconds "$seconds" --think-ms "$think" --server-pid "$server"
  kill "$server"
  wait "$server" || true
  server=""
}

for _ in $(seq 1 "$rounds"); do
  for bin in "${binaries[@]}"; do run "$bin"; done
done
