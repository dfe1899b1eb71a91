#!/usr/bin/env bash
# Large unfinished request heads (issue 33, defect 5), against one server on SQLite
# with its default caps: HEADS connections each send a request head of HEAD_KB KiB
# without its end and hold the connection for HOLD seconds, then let go. Prints how
# each connection was answered (431 past the 64 KiB cap on a request head) and the
# server's resident memory (VmRSS) before, during (while they are held) and after
# (AFTER seconds after they let go). Exits 1 when a head over the cap was not refused
# with 431, or when the memory did not come back to within SLACK_KB of before.
#   bash bench/heads.sh                          # release build
#   PROFILE=debug bash bench/heads.sh            # the test build
#   BIN=/path/to/seedpost bash bench/heads.sh    # another build (say, an older one)
set -euo pipefail
cd "$(dirname "$0")/.."

port=${PORT:-18092}
heads=${HEADS:-60}
head_kb=${HEAD_KB:-384}
hold=${HOLD:-5}
after_wait=${AFTER:-3}
slack_kb=${SLACK_KB:-8192}
profile=${PROFILE:-release}
bin=${BIN:-${CARGO_TARGET_DIR:-target}/$profile/seedpost}

if [ -z "${BIN:-}" ]; then
  if [ "$profile" = release ]; then
    cargo build --release --locked --bin seedpost
  else
    cargo build --locked --bin seedpost
  fi
fi

work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

DATABASE_URL="sqlite://$work/heads.db" SEEDPOST_BIND="127.0.0.1:$port" RUST_LOG=warn \
  NO_COLOR=1 SEEDPOST_HOUSE_BOTS=false "$bin" serve >>"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
  sleep 0.1
done
# The solved tables are built in the background at start: wait until Modiar's is
# ready (a Modiar analysis answers 200, not 503 `table_building`), so that their
# memory is in "before".
modiar="http://127.0.0.1:$port/api/v1/analysis?variant=modiar&south=7,7,7&north=7,7,7&to_move=south"
began=$SECONDS
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$modiar")" = 200 ]; do
  [ $((SECONDS - began)) -lt 600 ] || { echo "FAILED: no Modiar table after 600 s"; exit 1; }
  sleep 1
done
printf 'the Modiar table was ready %s s after the server answered\n' "$((SECONDS - began))"
sleep "${SETTLE:-1}"

rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

before=$(rss)
result=$(python3 - "$port" "$heads" "$head_kb" "$hold" "$server" <<'PY'
import socket, sys, time
port, heads, head_kb, hold, server = map(int, sys.argv[1:])
def rss():
    with open(f"/proc/{server}/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
start = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: "
conns = []
for _ in range(heads):
    s = socket.create_connection(("127.0.0.1", port))
    s.setblocking(False)
    conns.append([s, start + b"a" * (head_kb * 1024), b""])
# Send every head (never its end), reading what the server answers, for HOLD seconds.
began = time.monotonic()
peak = 0
while time.monotonic() - began < hold:
    for c in conns:
        if c[1]:
            try:
                sent = c[0].send(c[1][:65536])
                c[1] = c[1][sent:]
            except BlockingIOError:
                pass
            except OSError:
                c[1] = b""
        try:
            data = c[0].recv(4096)
            c[2] += data
        except (BlockingIOError, OSError):
            pass
    peak = max(peak, rss())
    time.sleep(0.05)
during = rss()
for c in conns:
    c[0].close()
statuses = {}
for c in conns:
    line = c[2].split(b"\r\n", 1)[0].decode(errors="replace") or "no answer (held)"
    statuses[line] = statuses.get(line, 0) + 1
answered = ", ".join(f"{n}x {s}" for s, n in sorted(statuses.items()))
refused = statuses.get("HTTP/1.1 431 Request Header Fields Too Large", 0)
print(f"{during} {peak} {refused} {answered}")
PY
)
sleep "$after_wait"
after=$(rss)
read -r during peak refused answered <<<"$result"
printf '%s connections, %s KiB unfinished heads each, held %s s\n' "$heads" "$head_kb" "$hold"
printf '  answered: %s\n' "$answered"
printf '  server RSS: %s kB before, %s kB during (peak %s kB), %s kB %s s after\n' \
  "$before" "$during" "$peak" "$after" "$after_wait"
status=0
if [ "$head_kb" -gt 64 ] && [ "$refused" -ne "$heads" ]; then
  echo "FAILED: $((heads - refused)) heads over 64 KiB not refused with 431"
  status=1
fi
if [ "$after" -gt $((before + slack_kb)) ]; then
  echo "FAILED: the memory did not come back: $after kB after, $before kB before"
  status=1
fi
exit $status
