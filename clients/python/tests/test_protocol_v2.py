"""Version 2 of the engine protocol (docs/bots.md): the position and the clock, `isready`,
`stop` and `info` lines, spoken to an engine in bash; version 1 engines still served in
version 1."""

import io
import logging
import threading
import time

from seedpost.bot import Runner
from seedpost.engine import EngineProcess, serve

from test_resilience import bot_moves_first, game_of, run_in_thread, wait_until

# Answers `protocol 2`; after `go`, thinks until `stop`, then plays the first legal pit.
# Every line it reads goes to the file named by its argument.
BASH_V2 = r"""
log="$1"
while read -r cmd rest; do
  echo "$cmd $rest" >> "$log"
  case "$cmd" in
    sep) echo "id name bash-v2"; echo "protocol 2"; echo "sepok" ;;
    isready) echo "readyok" ;;
    go)
      legal=${rest#legal }
      echo "info depth 4 value 7"
      while read -r c r; do
        echo "$c $r" >> "$log"
        [ "$c" = stop ] && break
      done
      echo "pit ${legal%% *}" ;;
    quit) exit 0 ;;
  esac
done
"""

# Speaks version 1 only: never says `protocol`, plays the last legal pit at once.
BASH_V1 = r"""
log="$1"
while read -r cmd rest; do
  echo "$cmd $rest" >> "$log"
  case "$cmd" in
    sep) echo "id name bash-v1"; echo "sepok" ;;
    go) legal=${rest#legal }; legal=${legal%% movetime*}; echo "pit ${legal##* }" ;;
    quit) exit 0 ;;
  esac
done
"""

GAME = {
    "id": "g1", "ply": 2, "variant": "tihbat", "first": "north", "days_per_move": 3,
    "board": {"south": [0, 5, 5, 5, 5, 5], "north": [4, 4, 4, 4, 4, 0]},
    "store": {"south": 1, "north": 2}, "to_move": "south",
    "deadline": "2999-01-01T00:00:00Z",
}


def bash_engine(tmp_path, name, script):
    path = tmp_path / f"{name}.sh"
    path.write_text(script)
    log = tmp_path / f"{name}.log"
    return ["bash", str(path), str(log)], log


def test_a_version_2_engine_gets_the_position_and_clock_and_a_stop_when_its_time_is_up(
    tmp_path, caplog
):
    command, log = bash_engine(tmp_path, "v2", BASH_V2)
    caplog.set_level(logging.INFO, logger="seedpost.engine")
    engine = EngineProcess(command).start()
    try:
        assert (engine.name, engine.protocol) == ("bash-v2", 2)
        began = time.monotonic()
        pit = engine.choose("tihbat", "north", [1, 2], [2, 3, 5], 300, game=GAME, label="game g1")
        took = time.monotonic() - began
    finally:
        engine.close()
    assert pit == 2
    assert 0.3 <= took < 3, f"the pit came {took:.2f} s after go, not at the stop"
    lines = log.read_text().splitlines()
    assert lines[0] == "sep 2"
    assert lines[1:3] == [
        "isready ",
        "position tihbat first north moves 1 2 board 0,5,5,5,5,5/4,4,4,4,4,0 stores 1/2 to_move south",
    ]
    go = lines[3].split()
    assert go[:6] == ["go", "legal", "2", "3", "5", "movetime"]
    assert go[go.index("days") + 1] == "3"
    assert int(go[go.index("clock") + 1]) > 10**9  # seconds to the year 2999
    assert lines[4] == "stop "
    assert any("depth 4 value 7" in r.getMessage() and "game g1" in r.getMessage()
               for r in caplog.records), "the info line was not logged"


def test_a_version_1_engine_is_spoken_to_in_version_1(tmp_path):
    command, log = bash_engine(tmp_path, "v1", BASH_V1)
    engine = EngineProcess(command).start()
    try:
        assert engine.protocol == 1
        pit = engine.choose("tihbat", "north", [1, 2], [2, 3, 5], 50, game=GAME)
    finally:
        engine.close()
    assert pit == 5
    assert log.read_text().splitlines()[1:3] == [
        "position tihbat first north moves 1 2",
        "go legal 2 3 5 movetime 50",
    ]


def test_serve_speaks_version_2_when_asked_and_parses_the_position_and_clock():
    asked = []

    def choose(request):
        asked.append(request)
        return request.legal[0]

    script = (
        "sep 2\nisready\n"
        "position tihbat first north moves 1 2 board 0,5/4,4 stores 1/2 to_move south\n"
        "go legal 1 2 movetime 50 clock 86000 days 1\nquit\n"
    )
    out = io.StringIO()
    serve(choose, name="two", variants=["tihbat"], stdin=io.StringIO(script), stdout=out)
    assert out.getvalue().splitlines() == [
        "id name two", "protocol 2", "variants tihbat", "sepok", "readyok", "pit 1",
    ]
    (request,) = asked
    assert request.moves == [1, 2] and request.legal == [1, 2] and request.movetime == 50
    assert (request.board, request.stores, request.to_move) == (([0, 5], [4, 4]), (1, 2), "south")
    assert (request.clock, request.days) == (86000, 1)


def test_the_runner_plays_a_game_with_a_version_2_engine_in_bash(server, tmp_path):
    name, bot = server.account("bash", bot=True)
    _, human = server.account("human")
    command, log = bash_engine(tmp_path, "v2", BASH_V2)
    runner = Runner(bot, command, engines=1, movetime_ms=100, quit_after=1).start()
    thread, result = run_in_thread(runner)
    try:
        game_id = game_of(human, bot_moves_first(human, name))
        wait_until(lambda: human.game(game_id)["ply"] >= 1, 20, "the bash engine's move")
        human.resign(game_id)
        thread.join(20)
        assert result.get("finished") == 1
    finally:
        runner.close()
    position = [l for l in log.read_text().splitlines() if l.startswith("position")][0]
    assert " board " in position and " to_move " in position
