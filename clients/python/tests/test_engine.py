"""The engine protocol: `serve` on one side, `EngineProcess` on the other, and the
example engines."""

import io
import sys
from pathlib import Path

import pytest

import seedpost_rules as rules
from seedpost.engine import ALL_VARIANTS, EngineError, EngineProcess, serve

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_serve_answers_the_handshake_and_a_pit_from_the_legal_ones():
    asked = []

    def choose(request):
        asked.append(request)
        return request.legal[-1]

    script = "sep 1\nisready\nposition tihbat first north moves 1 2\ngo legal 1 2 movetime 50\nquit\nsep 1\n"
    out = io.StringIO()
    serve(choose, name="last", author="tests", variants=["tihbat"], stdin=io.StringIO(script), stdout=out)
    assert out.getvalue().splitlines() == [
        "id name last",
        "id author tests",
        "variants tihbat",
        "sepok",
        "pit 2",
    ]
    (request,) = asked
    assert (request.variant, request.first, request.moves, request.legal, request.movetime) == (
        "tihbat", "north", [1, 2], [1, 2], 50,
    )
    assert request.game() == rules.Game.from_pits("tihbat", "north", [1, 2])


def test_serve_leaves_a_line_it_cannot_read_and_keeps_the_last_good_position(capsys):
    asked = []

    def choose(request):
        asked.append(request)
        return request.legal[0]

    script = (
        "sep 1\nposition tihbat first north moves 1\n"
        "position tihbat moves one\ngo legal x\ngo legal 3\nquit\n"
    )
    out = io.StringIO()
    serve(choose, name="careful", variants=["tihbat"], stdin=io.StringIO(script), stdout=out)
    assert out.getvalue().splitlines()[-1] == "pit 3"
    (request,) = asked
    assert (request.first, request.moves, request.legal) == ("north", [1], [3])
    said = capsys.readouterr().err
    assert "cannot read 'position tihbat moves one'" in said
    assert "cannot read 'go legal x'" in said


@pytest.mark.parametrize("example", ["random_engine.py", "alphabeta_engine.py"])
@pytest.mark.parametrize("variant", ["mangala", "modiar", "tihbat"])
def test_the_example_engines_play_legal_pits_to_the_end_of_a_game(example, variant):
    engine = EngineProcess([sys.executable, str(EXAMPLES / example)]).start()
    try:
        assert engine.variants == list(ALL_VARIANTS)
        game = rules.Game(variant, "south")
        pits = []
        while game.outcome is None:
            pit = engine.choose(variant, "south", pits, game.legal_moves(), 20)
            assert pit in game.legal_moves()
            game.play(pit)
            pits.append(pit)
    finally:
        engine.close()


def test_the_alphabeta_engine_beats_the_random_one():
    players = {
        side: EngineProcess([sys.executable, str(EXAMPLES / name)]).start()
        for side, name in (("south", "alphabeta_engine.py"), ("north", "random_engine.py"))
    }
    wins = 0
    try:
        for first in ("south", "north", "south", "north"):
            game, pits = rules.Game("mangala", first), []
            while game.outcome is None:
                engine = players[game.position.to_move]
                pit = engine.choose("mangala", first, pits, game.legal_moves(), 50)
                game.play(pit)
                pits.append(pit)
            wins += game.outcome.winner == "south"
    finally:
        for engine in players.values():
            engine.close()
    assert wins >= 3


def engine(tmp_path, body):
    script = tmp_path / "engine.py"
    script.write_text("import sys\n" + body)
    return EngineProcess([sys.executable, str(script)], handshake_timeout=5)


def test_an_engine_that_breaks_the_protocol_is_an_engine_error(tmp_path):
    with pytest.raises(EngineError, match="ended before"):
        engine(tmp_path, "sys.exit(0)\n").start()
    with pytest.raises(EngineError, match="cannot start"):
        EngineProcess(["/no/such/engine"]).start()
    chatty = engine(
        tmp_path,
        "for line in sys.stdin:\n"
        "    w = line.split()\n"
        "    if w[0] == 'sep': print('sepok', flush=True)\n"
        "    if w[0] == 'go': print('info thinking', flush=True); print('pit three', flush=True)\n",
    ).start()
    try:
        with pytest.raises(EngineError, match="not a pit"):
            chatty.choose("tihbat", "south", [], [1, 2], 10)
    finally:
        chatty.close()
    slow = engine(
        tmp_path,
        "import time\n"
        "for line in sys.stdin:\n"
        "    if line.startswith('sep'): print('sepok', flush=True)\n"
        "    if line.startswith('go'): time.sleep(5)\n",
    ).start()
    try:
        with pytest.raises(EngineError, match="no `pit` within"):
            slow.choose("tihbat", "south", [], [1, 2], 10, grace=0.5)
    finally:
        slow.close(timeout=0.5)
