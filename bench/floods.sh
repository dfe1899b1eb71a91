#!/usr/bin/env bash
# Floods that cost the sender nothing (issue 19, failure 9 and 10), against one server
# on SQLite with its default caps and rate limits, each measured while a normal
# player's request (`GET /api/v1/me` with a valid token) is timed side by side:
#   1. sign-ups: FLOOD requests from one address, CONCURRENCY at a time;
#   2. tokens: FLOOD `POST /tokens` of one account;
#   3. challenges: FLOOD challenges from one account to one player, then the size of
#      that player's `GET /challenges` and home page;
#   4. random `Bearer` values on a game stream: FLOOD requests, each with a new value;
#   5. anonymous game streams: FLOOD opened at once and held, with the server's RSS
#      before and after;
#   6. tournaments: FLOOD `POST /tournaments` of one account;
#   7. slow clients (issue 19, failure 5): SLOW connections that send nothing and as
#      many that send their headers a byte a second, held for HOLD seconds (past the
#      10 s header timeout): how many the server refused at once (503, past the 64
#      connections of one address), closed later (the timeout) and still held, and its
#      RSS. The normal request comes from another address (127.0.0.2) meanwhile.
# For each: how many were served and refused (by status), and the normal request's
# p50 / max latency in ms before and during the flood. Prints a table; exits 1 when a
# cap did not hold (more served than the documented default allows) or a slow
# connection was still held at the end.
#   bash bench/floods.sh                       # release build
#   PROFILE=debug FLOOD=300 bash bench/floods.sh  # the test build, a smaller flood
set -euo pipefail
cd "$(dirname "$0")/.."

port=${PORT:-18091}
flood=${FLOOD:-1000}
slow=${SLOW:-150}
hold=${HOLD:-15}
concurrency=${CONCURRENCY:-64}
profile=${PROFILE:-release}
bin=${CARGO_TARGET_DIR:-target}/$profile
base="http://127.0.0.1:$port"
password="correct horse battery"

if [ "$profile" = release ]; then
  cargo build --release --locked --bin seedpost
else
  cargo build --locked --bin seedpost
fi

work=$(mktemp -d)
server=""
failures=()
rows=()
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  jobs -p | xargs -r kill 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

DATABASE_URL="sqlite://$work/floods.db" SEEDPOST_BIND="127.0.0.1:$port" RUST_LOG=warn \
  NO_COLOR=1 SEEDPOST_HOUSE_BOTS=false "$bin/seedpost" serve >>"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -sf "$base/readyz" >/dev/null && break
  sleep 0.1
done

rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

# The JSON field $1 of the object on stdin.
field() { python3 -c "import json, sys; print(json.load(sys.stdin)['$1'])"; }

# Signs up $1; prints its token.
sign_up() {
  curl -sf -X POST "$base/api/v1/accounts" -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"$password\",\"bot\":false}" | field token
}

# Times `GET /api/v1/me` with token $1 every 50 ms until the file $2 exists; writes
# one latency in ms a line to $3 (from the address $4 if given).
probe() {
  while [ ! -e "$2" ]; do
    curl -s -o /dev/null -w '%{time_total}\n' ${4:+--interface "$4"} -H "authorization: Bearer $1" "$base/api/v1/me" |
      awk '{printf "%.1f\n", $1 * 1000}' >>"$3"
    sleep 0.05
  done
}

# p50 and max of the latencies in file $1.
stats() {
  sort -n "$1" | awk '{a[NR] = $1} END {if (NR == 0) {print "- -"} else {print a[int((NR + 1) / 2)], a[NR]}}'
}

# Runs the flood command $2 (reading a number on stdin) $flood times, $concurrency at
# once, while probing; records row $1 with the statuses counted.
flood() {
  local name=$1 command=$2
  local done_file="$work/$name.done" latencies="$work/$name.ms"
  : >"$latencies"
  probe "$player" "$done_file" "$latencies" &
  local prober=$!
  local started=$SECONDS
  seq 1 "$flood" | xargs -P "$concurrency" -I{} bash -c "$command" >"$work/$name.status" 2>/dev/null || true
  local took=$((SECONDS - started))
  touch "$done_file"
  wait "$prober" 2>/dev/null || true
  local counted
  counted=$(sort "$work/$name.status" | uniq -c | awk '{printf "%s×%s ", $1, $2}')
  read -r p50 max < <(stats "$latencies")
  rows+=("$(printf '%-22s %-30s %6s %8s %8s' "$name" "$counted" "${took}s" "$p50" "$max")")
}

export base password
player=$(sign_up "player0")
baseline="$work/baseline.ms"
: >"$baseline"
for _ in $(seq 1 20); do
  curl -s -o /dev/null -w '%{time_total}\n' -H "authorization: Bearer $player" "$base/api/v1/me" |
    awk '{printf "%.1f\n", $1 * 1000}' >>"$baseline"
done
read -r p50 max < <(stats "$baseline")
rows+=("$(printf '%-22s %-30s %6s %8s %8s' "quiet" "-" "-" "$p50" "$max")")

# 1. Sign-ups from one address (player0 already took one of the 10 an hour).
flood sign-ups 'curl -s -o /dev/null -w "%{http_code}\n" -X POST "$base/api/v1/accounts" -H "content-type: application/json" -d "{\"username\":\"flood{}\",\"password\":\"$password\",\"bot\":false}"'
served=$(grep -c '^201' "$work/sign-ups.status" || true)
[ "$served" -le 9 ] || failures+=("sign-ups: $served served past the cap of 10 an hour")

# 2. Tokens of one account.
flood tokens 'curl -s -o /dev/null -w "%{http_code}\n" -X POST "$base/api/v1/tokens" -H "content-type: application/json" -d "{\"username\":\"player0\",\"password\":\"$password\",\"label\":\"flood {}\"}"'
served=$(grep -c '^201' "$work/tokens.status" || true)
[ "$served" -le 19 ] || failures+=("tokens: $served made past the cap of 20")

# 3. Challenges to one player: from flood1 (signed up by the first flood before its
# cap) to player0.
export target=player0 sender_token
sender_token=$(curl -s -X POST "$base/api/v1/tokens" -H 'content-type: application/json' \
  -d "{\"username\":\"flood1\",\"password\":\"$password\",\"label\":\"sender\"}" | field token)
flood challenges 'curl -s -o /dev/null -w "%{http_code}\n" -X POST "$base/api/v1/challenges" -H "authorization: Bearer $sender_token" -H "content-type: application/json" -d "{\"variant\":\"tihbat\",\"opponent\":\"$target\"}"'
list_bytes=$(curl -s -H "authorization: Bearer $player" "$base/api/v1/challenges" | wc -c)
rows+=("$(printf '%-22s %s' "  GET /challenges" "$list_bytes bytes for the target")")

# 4. Random Bearer values on a game stream: one game, then a new value each request.
game=$(curl -s -X POST "$base/api/v1/challenges" -H "authorization: Bearer $player" \
  -H 'content-type: application/json' -d '{"variant":"tihbat","opponent":"flood1","first":"challenger"}' |
  field id)
game=$(curl -s -X POST "$base/api/v1/challenges/$game/accept" -H "authorization: Bearer $sender_token" \
  -H 'content-type: application/json' -d '{}' | field id)
export game
flood random-bearer 'curl -s -o /dev/null -m 1 -w "%{http_code}\n" -H "authorization: Bearer sp_$RANDOM$RANDOM{}" "$base/api/v1/games/$game/stream"'

# 5. Anonymous game streams held open.
before=$(rss)
flood open-streams 'curl -s -o /dev/null -m 4 -w "%{http_code}\n" "$base/api/v1/games/$game/stream"'
after=$(rss)
rows+=("$(printf '%-22s %s' "  server RSS" "$before kB before, $after kB after the streams")")

# 6. Tournaments of one account.
export player
flood tournaments 'curl -s -o /dev/null -w "%{http_code}\n" -X POST "$base/api/v1/tournaments" -H "authorization: Bearer $player" -H "content-type: application/json" -d "{\"name\":\"Cup {}\",\"variant\":\"tihbat\",\"starts_at\":\"2099-01-01T00:00:00Z\"}"'
served=$(grep -c '^201' "$work/tournaments.status" || true)
[ "$served" -le 5 ] || failures+=("tournaments: $served made past the cap of 5 open ones")

# 7. Slow clients: silent connections and headers a byte a second, probed from
# another address.
before=$(rss)
: >"$work/slow.ms"
probe "$player" "$work/slow.done" "$work/slow.ms" 127.0.0.2 &
prober=$!
slow_result=$(python3 - "$port" "$slow" "$hold" <<'PY'
import socket, sys, time
port, slow, hold = map(int, sys.argv[1:])
request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4096
conns = []  # [socket, sends a byte a second, bytes sent, refused, closed at]
for n in range(2 * slow):
    s = socket.create_connection(("127.0.0.1", port))
    s.setblocking(False)
    conns.append([s, n % 2 == 1, 0, False, None])
start = time.monotonic()
while time.monotonic() - start < hold:
    for c in conns:
        if c[4] is not None:
            continue
        try:
            data = c[0].recv(4096)
            if data.startswith(b"HTTP/1.1 503") and time.monotonic() - start < 2:
                c[3] = True
            if not data:
                c[4] = time.monotonic() - start
                continue
        except BlockingIOError:
            pass
        except OSError:
            c[4] = time.monotonic() - start
            continue
        if c[1]:
            try:
                c[0].send(request[c[2]:c[2] + 1])
                c[2] += 1
            except OSError:
                c[4] = time.monotonic() - start
    time.sleep(1)
refused = sum(1 for c in conns if c[3])
closed = [c[4] for c in conns if c[4] is not None and not c[3]]
held = sum(1 for c in conns if c[4] is None)
latest = max(closed) if closed else 0
print(f"{refused} {len(closed)} {held} {latest:.0f}")
PY
)
touch "$work/slow.done"
wait "$prober" 2>/dev/null || true
after=$(rss)
read -r refused closed held latest <<<"$slow_result"
read -r p50 max < <(stats "$work/slow.ms")
rows+=("$(printf '%-22s %-30s %6s %8s %8s' "slow-clients ($((2 * slow)))" "${refused}×503 ${closed}×closed ${held}×held" "${hold}s" "$p50" "$max")")
rows+=("$(printf '%-22s %s' "  closed by" "${latest} s at the latest (header timeout 10 s)")")
rows+=("$(printf '%-22s %s' "  server RSS" "$before kB before, $after kB after the slow clients")")
[ "$held" -eq 0 ] || failures+=("slow clients: $held connections still held after ${hold} s")

echo
printf '%-22s %-30s %6s %8s %8s\n' "flood ($flood)" "answers (count×status)" "took" "p50 ms" "max ms"
printf '%s\n' "${rows[@]}"
if [ ${#failures[@]} -gt 0 ]; then
  printf 'FAILED: %s\n' "${failures[@]}"
  exit 1
fi
