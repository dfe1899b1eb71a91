#!/usr/bin/env bash
# Faults under a move load (examples/load.rs), each checked afterwards:
#   1. Postgres restarted (`pg_ctlcluster restart`) in the middle of the load, seedpost
#      on Postgres;
#   2. Postgres stopped for PG_DOWN_SECONDS, then started: a longer outage;
#   3. the server killed with SIGKILL and started again, on SQLite;
#   4. the same on Postgres.
# Checks, per fault: no request slower than MAX_LATENCY_MS, 4 s (during a Postgres
# outage a request waits at most 2 s for a connection, then answers 503 `unavailable`;
# a request that got its connection meanwhile finds Postgres back for what follows);
# only the errors the fault explains
# (503 `unavailable`; connection errors while the server is down); moves succeed again
# without restarting seedpost (after a Postgres restart) or once it is back; every move
# answered 201 is stored exactly once at its ply and every game's plies run 1, 2, 3…
# (`load --verify`); every game equals the replay of its moves (`seedpost export`
# piped into `seedpost import`, which replays each game through the engine and refuses
# one whose stored board, stores, ply, side to move or result disagree).
# Exits 1 when a check fails (the load tool, `--verify` and the export and import run
# under `timeout`: a hang fails too). Postgres is started again whatever happens.
#   bash bench/faults.sh                  # release build; PROFILE=debug reuses the test build
#   CASES="postgres-down" bash bench/faults.sh   # only the cases named
set -euo pipefail
# The load signs up its players from one address, more than the default sign-up cap
# per address allows in an hour (SECURITY.md, "Floods"); the servers here lift it.
export SEEDPOST_MAX_SIGN_UPS_PER_ADDRESS=0
cd "$(dirname "$0")/.."

pg=${PGURL:-postgres://postgres@127.0.0.1:5432}
db=seedpost_faults
port=${PORT:-18090}
clients=${CLIENTS:-16}
load_seconds=${LOAD_SECONDS:-12}
fault_after=${FAULT_AFTER:-4}
max_ms=${MAX_LATENCY_MS:-4000}
pg_down=${PG_DOWN_SECONDS:-8}
cluster=${PG_CLUSTER:-$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)}
profile=${PROFILE:-release}
bin=${CARGO_TARGET_DIR:-target}/$profile

if [ "$profile" = release ]; then
  cargo build --release --locked --bin seedpost --example load
else
  cargo build --locked --bin seedpost --example load
fi

work=$(mktemp -d)
server=""
load=""
failures=()
summary=()

pg_cluster() {
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main "$1" 2>/dev/null ||
    pg_ctlcluster "$cluster" main "$1"
}

cleanup() {
  [ -n "$load" ] && kill "$load" 2>/dev/null || true
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true
  if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
    echo "faults: starting Postgres again" >&2
    pg_cluster start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
  psql "$pg/test" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
  echo "FAILED: $*" >&2
  failures+=("$*")
}

# Starts seedpost on database $1 (house bots and rate limits off: the load alone)
# and waits until it is ready.
start_server() {
  DATABASE_URL="$1" SEEDPOST_BIND="127.0.0.1:$port" RUST_LOG=warn NO_COLOR=1 \
    SEEDPOST_HOUSE_BOTS=false SEEDPOST_RATE_MOVES=0 SEEDPOST_RATE_CHALLENGES=0 \
    "$bin/seedpost" serve >>"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && return 0
    sleep 0.1
  done
  fail "seedpost on $1 did not become ready"
  return 1
}

# Stops seedpost with SIGTERM; a server still running 10 s later is a failure.
stop_server() {
  kill "$server" 2>/dev/null || true
  for _ in $(seq 1 100); do
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$server" 2>/dev/null; then
    fail "seedpost did not stop within 10 s of SIGTERM"
    kill -9 "$server" 2>/dev/null || true
  fi
  wait "$server" 2>/dev/null || true
  server=""
}

fresh_postgres() {
  psql "$pg/test" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
  echo "$pg/$db"
}

# run_case NAME DATABASE_URL FAULT SECONDS LIMIT_MS ALLOWED_ERRORS...: a move load of
# SECONDS, the fault (`pg-restart`, `pg-stop` or `kill`) $fault_after seconds into it,
# then the checks.
run_case() {
  local name=$1 url=$2 fault=$3 seconds=$4 limit=$5
  shift 5
  local allowed=("$@")
  echo
  echo "== $name"
  : >"$work/server.log"
  start_server "$url" || return 0
  timeout $((seconds + 120)) "$bin/examples/load" --url "http://127.0.0.1:$port" --clients "$clients" \
    --seconds "$seconds" --timeout 10 --accepted "$work/$name.jsonl" \
    >"$work/$name.out" 2>"$work/$name.err" &
  load=$!
  for _ in $(seq 1 600); do
    grep -qs measuring "$work/$name.err" && break
    kill -0 "$load" 2>/dev/null || break
    sleep 0.1
  done
  sleep "$fault_after"
  local began=$(date +%s.%N) fault_note
  case $fault in
    pg-restart)
      pg_cluster restart
      fault_note="Postgres restarted in $(python3 -c "print(f'{$(date +%s.%N) - $began:.2f}')") s"
      ;;
    pg-stop)
      pg_cluster stop
      sleep "$pg_down"
      pg_cluster start
      fault_note="Postgres stopped, and started again after $(python3 -c "print(f'{$(date +%s.%N) - $began:.2f}')") s"
      ;;
    kill)
      kill -9 "$server"
      wait "$server" 2>/dev/null || true
      sleep 0.5
      start_server "$url" || true
      fault_note="seedpost killed and ready again in $(python3 -c "print(f'{$(date +%s.%N) - $began:.2f}')") s"
      ;;
  esac
  echo "$fault_note"
  # Whether the load was still running when the fault was over: then the fault
  # happened during the load, whatever the load saw.
  local during=no
  kill -0 "$load" 2>/dev/null && during=yes
  local status=0
  wait "$load" || status=$?
  load=""
  grep -v '^set up' "$work/$name.err" | tail -n 5 >&2 || true
  cat "$work/$name.out"
  [ "$status" -eq 0 ] || fail "$name: the load tool exited with $status"

  local out=$work/$name.out
  local moves max outage recovery gap after errors
  moves=$(sed -n 's/^moves: \([0-9]*\) .*/\1/p' "$out")
  max=$(sed -n 's/^moves: .*max: \([0-9.]*\) ms.*/\1/p' "$out")
  outage=$(sed -n 's/.*max latency during the outage: \([0-9.]*\) ms.*/\1/p' "$out")
  recovery=$(sed -n 's/.*recovery: \([0-9.]*\) s after.*/\1/p' "$out")
  gap=$(sed -n 's/.*longest stall from .* (\([0-9.]*\) s).*/\1/p' "$out")
  after=$(sed -n 's/.*successes after the last failure: \([0-9]*\).*/\1/p' "$out")
  errors=$(sed -n 's/^errors by kind: //p' "$out")

  if [ -z "$moves" ] || [ "$moves" -eq 0 ]; then
    fail "$name: no move was accepted"
  fi
  if [ -z "$max" ] || ! python3 -c "import sys; sys.exit(0 if $max < $limit else 1)"; then
    fail "$name: a request took ${max:-?} ms (limit $limit ms)"
  fi
  if [ "$errors" = none ]; then
    # No request failed: seedpost rode the fault out (a fast Postgres restart can
    # be hidden by the pool's retries), which passes only if the fault really
    # happened while the load ran.
    if [ "$during" = yes ]; then
      echo "no request failed: the fault was ridden out"
    else
      fail "$name: the load saw no error: the fault did not happen during the load"
    fi
  else
    local kind
    IFS=',' read -ra kinds <<<"$errors"
    for kind in "${kinds[@]}"; do
      kind=${kind# }
      kind=${kind%: *}
      if ! printf '%s\n' "${allowed[@]}" | grep -qxF "$kind"; then
        fail "$name: unexpected errors: $kind (allowed: ${allowed[*]})"
      fi
    done
    if [ -z "$recovery" ] || [ "${after:-0}" -eq 0 ]; then
      fail "$name: no success after the fault: seedpost did not recover"
    fi
  fi
  if grep -q panicked "$work/server.log"; then
    fail "$name: the server panicked: $(grep -m1 panicked "$work/server.log")"
  fi

  local verified=ok replayed=ok
  if ! timeout 120 "$bin/examples/load" --url "http://127.0.0.1:$port" --verify "$work/$name.jsonl" \
    | tee "$work/$name.verify"; then
    verified=FAILED
    fail "$name: load --verify"
  fi
  if ! timeout 60 "$bin/seedpost" export --database-url "$url" >"$work/$name.export" 2>"$work/$name.export.err" ||
    ! timeout 60 "$bin/seedpost" import --database-url "sqlite://$work/$name-replay.db" \
      <"$work/$name.export" 2>"$work/$name.import.err"; then
    replayed=FAILED
    fail "$name: export | import: $(cat "$work/$name.export.err" "$work/$name.import.err" | tail -n 3)"
  fi
  echo "replay (export | import): $replayed: $(cat "$work/$name.import.err" | tail -n 1)"
  stop_server
  if grep -q ' ERROR ' "$work/server.log"; then
    echo "server errors logged (count, message without time and latency):" >&2
    grep ' ERROR ' "$work/server.log" | sed 's/^[^ ]* //; s/ latency=[0-9]* ms//' |
      sort | uniq -c | sort -rn | head -n 5 >&2
  fi
  summary+=("$(printf '%-18s %6s %8s %10s %8s %8s %6s %6s  %s' "$name" "${moves:-0}" "${max:-?}" \
    "${outage:--}" "${recovery:--}" "${gap:--}" "$verified" "$replayed" "$errors")")
}

# wanted NAME: whether case NAME is among $CASES (every case when unset).
wanted() { [[ " ${CASES:-postgres-restart postgres-down sqlite-kill postgres-kill} " == *" $1 "* ]]; }

died=(connect "connection lost" "body cut")
if wanted postgres-restart; then
  run_case postgres-restart "$(fresh_postgres)" pg-restart "$load_seconds" "$max_ms" \
    "503 unavailable"
fi
if wanted postgres-down; then
  run_case postgres-down "$(fresh_postgres)" pg-stop "$((load_seconds + pg_down))" "$max_ms" \
    "503 unavailable"
fi
if wanted sqlite-kill; then
  run_case sqlite-kill "sqlite://$work/kill.db" kill "$load_seconds" "$max_ms" "${died[@]}"
fi
if wanted postgres-kill; then
  run_case postgres-kill "$(fresh_postgres)" kill "$load_seconds" "$max_ms" "${died[@]}"
fi

echo
echo "== faults: $clients clients making moves, the fault after $fault_after s (latencies in ms, times in s)"
printf '%-18s %6s %8s %10s %8s %8s %6s %6s  %s\n' case moves max "outage max" recovery stall verify replay "errors by kind"
printf '%s\n' "${summary[@]}"
if [ ${#failures[@]} -gt 0 ]; then
  echo
  printf 'FAILED: %s\n' "${failures[@]}"
  exit 1
fi
echo "faults: all checks passed"
