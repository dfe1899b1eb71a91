#!/usr/bin/env python3
"""The games file (GET /api/v1/players/{name}/games.txt) of a player with many
finished games: its time and the server's peak memory, for one binary or several
side by side on the same data.

    cargo build --release --bin seedpost
    scripts/games-file-bench.py target/release/seedpost --games 100000
    scripts/games-file-bench.py /tmp/seedpost-before target/release/seedpost --runs 2

Starts the first binary on a fresh SQLite file, plays one game through the API (a
few plies, then a resignation), stops the server, copies that game (its row and its
moves) until the player has `--games` finished games. Then, `--runs` times, each
binary in turn starts on its own copy of that file (a newer binary migrates its copy
before the clock starts, so give the oldest binary first) and the file is downloaded
once, timed; the peak memory is the server's VmHWM. Only the standard library.
"""

import argparse
import json
import os
import socket
import sqlite3
import subprocess
import shutil
import tempfile
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + "/api/v1" + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req) as r:
        text = r.read()
        return json.loads(text) if text else None


def start(binary, db, port):
    env = dict(os.environ, RUST_LOG="warn")
    server = subprocess.Popen(
        [binary, "serve", "--database-url", "sqlite://" + db, "--bind", f"127.0.0.1:{port}",
         "--house-bots", "false"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz").read()
            return server
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="+", help="the oldest first: it makes the data")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    db = os.path.join(work, "bench.db")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(args.binary[0], db, port)
    tokens = {}
    for name in ("ayse", "mehmet"):
        account = call(base, "POST", "/accounts", None,
                       {"username": name, "password": "correct horse battery", "bot": False})
        tokens[name] = account["token"]
    challenge = call(base, "POST", "/challenges", tokens["ayse"],
                     {"variant": "tihbat", "days_per_move": 3, "first": "challenger",
                      "opponent": "mehmet"})
    game = call(base, "POST", f"/challenges/{challenge['id']}/accept", tokens["mehmet"], {})
    for _ in range(20):
        mover = "ayse" if game["to_move"] == "south" else "mehmet"
        if game["status"] != "ongoing":
            break
        game = call(base, "POST", f"/games/{game['id']}/moves", tokens[mover],
                    {"ply": game["ply"], "pit": game["legal_moves"][0]})
    if game["status"] == "ongoing":
        call(base, "POST", f"/games/{game['id']}/resign", tokens["ayse"], {})
    server.terminate()
    server.wait()

    conn = sqlite3.connect(db)
    cols = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    copied = ", ".join("randomblob(16)" if c == "id" else "NULL" if c == "challenge_id" else c
                       for c in cols)
    conn.execute("CREATE TEMP TABLE n AS WITH RECURSIVE n(i) AS "
                 "(SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) SELECT i FROM n",
                 (args.games - 1,))
    conn.execute(f"INSERT INTO games ({', '.join(cols)}) SELECT {copied} FROM games, n")
    mcols = [r[1] for r in conn.execute("PRAGMA table_info(moves)")]
    conn.execute(
        f"INSERT INTO moves ({', '.join(mcols)}) SELECT "
        + ", ".join("g.id" if c == "game_id" else "m." + c for c in mcols)
        + " FROM games g JOIN moves m ON m.game_id = (SELECT id FROM games WHERE challenge_id IS NOT NULL)"
        " WHERE g.challenge_id IS NULL")
    conn.commit()
    finished = conn.execute("SELECT count(*) FROM games WHERE status = 'finished'").fetchone()[0]
    plies = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
    conn.close()

    print(f"games: {finished} finished ({plies} plies stored)")
    best = {}
    for run in range(args.runs):
        for i, binary in enumerate(args.binary):
            copy = os.path.join(work, f"bench-{i}.db")
            shutil.copyfile(db, copy)
            server = start(binary, copy, port)
            idle = peak_kib(server.pid)
            began = time.monotonic()
            size = 0
            with urllib.request.urlopen(base + "/api/v1/players/ayse/games.txt") as r:
                while True:
                    chunk = r.read(1 << 16)
                    if not chunk:
                        break
                    size += len(chunk)
            took = time.monotonic() - began
            peak = peak_kib(server.pid)
            server.terminate()
            server.wait()
            os.remove(copy)
            best[binary] = min(best.get(binary, took), took)
            print(f"run {run + 1} {binary}: file {size / 1e6:.1f} MB, "
                  f"time {took:.2f} s ({finished / took:.0f} games/s), "
                  f"server peak memory {peak / 1024:.1f} MiB (after start {idle / 1024:.1f} MiB)")
    if len(args.binary) > 1:
        first = best[args.binary[0]]
        for binary in args.binary:
            print(f"best of {args.runs}: {binary}: {best[binary]:.2f} s, "
                  f"{first / best[binary]:.1f}x the first's speed")
    shutil.rmtree(work)

if __name__ == "__main__":
    main()
