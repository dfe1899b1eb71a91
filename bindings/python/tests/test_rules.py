"""The Python bindings against the Rust engine.

The expectations come from Rust: each replay fixture of rules/tests/fixtures is run
through `seedpost replay` (the server binary, the engine in Rust) and through the
bindings, and the two must print the same lines; illegal moves must fail with the same
codes. Set SEEDPOST_BIN to the binary (default: target/debug/seedpost at the root).
"""

import inspect
import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

import seedpost_rules as rules

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "rules" / "tests" / "fixtures"
STUB = Path(__file__).resolve().parents[1] / "seedpost_rules.pyi"


def seedpost_bin() -> str:
    path = Path(os.environ.get("SEEDPOST_BIN", ROOT / "target" / "debug" / "seedpost"))
    if not path.is_file():
        pytest.fail(
            f"{path}: no seedpost binary to compare with "
            "(`cargo build --bin seedpost`, or set SEEDPOST_BIN)"
        )
    return str(path)


def fixture_cases():
    """(source, variant, first, pits) of every COMMANDS line under the fixtures, for
    the games the bindings and `seedpost replay` take (`rules.VARIANTS`): Kalah, Oware
    and Togyz kumalak are in the Rust engine, with fixtures of their own, before the
    server and the bindings offer them."""
    cases = []
    for commands in sorted(FIXTURES.rglob("COMMANDS")):
        for number, line in enumerate(commands.read_text().splitlines(), 1):
            command = line.split("#")[0]
            words = shlex.split(command)
            if not words:
                continue
            assert words[:2] == ["seedpost", "replay"], f"{commands}:{number}"
            variant = words[words.index("--variant") + 1]
            if variant not in rules.VARIANTS:
                continue
            first = words[words.index("--first") + 1]
            pits = [int(w) for w in words[6:]]
            source = f"{commands.relative_to(ROOT)}:{number}"
            cases.append(pytest.param(variant, first, pits, id=source))
    return cases


CASES = fixture_cases()


def rust_replay(variant, first, pits):
    """`seedpost replay`'s lines, stderr and exit status."""
    run = subprocess.run(
        [seedpost_bin(), "replay", "--variant", variant, "--first", first]
        + [str(p) for p in pits],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    return lines, run.stderr, run.returncode


def ply_line(game):
    """The replay command's line for the game's last ply, from the bindings."""
    position = game.position
    last = game.plies[-1]
    line = {
        "ply": game.ply,
        "side": "south" if last[0] == "S" else "north",
        "board": position.board,
        "store": position.store,
        "to_move": position.to_move,
        "status": "finished" if position.is_over else "ongoing",
    }
    if last[1] == "-":
        line["pass"] = True
    else:
        line["pit"] = int(last[1:])
    return line


def python_replay(variant, first, pits):
    game = rules.Game(variant, first)
    lines = []
    for pit in pits:
        before = game.ply
        game.play(pit)
        # One line a ply, the automatic pass included.
        for n in range(before + 1, game.ply + 1):
            lines.append(ply_line(rules.Game.replay(variant, first, game.plies[:n])))
    outcome = game.outcome
    if outcome is not None:
        lines.append(
            {
                "result": {
                    "score": outcome.score,
                    "points": outcome.points,
                    "winner": outcome.winner,
                    "ended_by": outcome.ended_by,
                }
            }
        )
    return lines


def test_every_fixture_folder_is_found():
    # Six public examples and at least three hand-worked games per variant.
    assert len(CASES) >= 6 + 3 * 3


@pytest.mark.parametrize("variant,first,pits", CASES)
def test_the_bindings_replay_each_fixture_as_the_rust_engine_does(variant, first, pits):
    want, stderr, status = rust_replay(variant, first, pits)
    assert status == 0, stderr
    have = python_replay(variant, first, pits)
    for i, (a, b) in enumerate(zip(have, want), 1):
        assert a == b, f"line {i}: bindings (left) and Rust (right) disagree"
    assert len(have) == len(want)


@pytest.mark.parametrize("variant,first,pits", CASES)
def test_illegal_moves_fail_with_the_rust_engines_codes(variant, first, pits):
    """At every ply, each pit of the row that is not legal (empty, a singleton, not
    feeding, a grand slam), and at the start a pit beyond the row; then after the end."""
    row = len(rules.Position.start(variant).row("south"))
    game = rules.Game(variant, first)
    played = []
    codes = set()
    for index, pit in enumerate(pits + [None]):
        legal = game.legal_moves()
        assert legal == [p for p in range(1, row + 1) if game.position.is_legal(p)]
        illegal = [p for p in range(1, row + 1) if p not in legal]
        if index == 0:
            illegal += [0, row + 1]
        if pit is None:
            illegal = [1] if game.position.is_over else []
        for bad in illegal:
            before = game.position
            with pytest.raises(rules.IllegalMoveError) as caught:
                game.play(bad)
            assert caught.value.position == before
            assert game.position == before, "a failed move changed the game"
            _, stderr, status = rust_replay(variant, first, played + [bad])
            assert status == 2, stderr
            code = stderr.split(": ")[2]
            assert caught.value.code == code, f"after {played}: {stderr}"
            codes.add(code)
        if pit is None:
            break
        game.play(pit)
        played.append(pit)
    assert {"out_of_range"} < codes


def test_a_position_plays_pits_and_gives_the_unchanged_position_back_on_error():
    start = rules.Position.start("modiar", "south")
    after = start.play(1)
    assert after.row("south") == [2, 8, 8]
    assert after.store == {"south": 0, "north": 0}
    assert after.to_move == "north"
    assert start.to_move == "south", "play returns a new position"
    with pytest.raises(rules.IllegalMoveError) as caught:
        after.play(3 + 1)
    assert caught.value.code == "out_of_range"
    assert caught.value.position == after
    assert isinstance(caught.value, ValueError)


def test_positions_compare_and_hash_by_the_repetition_rules():
    a = rules.Position.start("tihbat", "north")
    b = rules.Position.from_parts("tihbat", [7, 7], [7, 7], (0, 0), "north")
    assert a.is_opening and not b.is_opening
    assert a == b and hash(a) == hash(b)
    assert a != rules.Position.start("tihbat", "south")
    assert len({a, b}) == 1


def test_hand_made_positions_are_checked():
    with pytest.raises(rules.SetupError) as caught:
        rules.Position.from_parts("tihbat", [7, 7, 7], [7], (0, 0), "south")
    assert caught.value.code == "row_length"
    with pytest.raises(rules.SetupError) as caught:
        rules.Position.from_parts("tihbat", [7, 7], [7, 6], (0, 0), "south")
    assert caught.value.code == "stone_count"
    with pytest.raises(ValueError):
        rules.Position.start("chess")
    with pytest.raises(ValueError):
        rules.Position.start("tihbat", "west")


@pytest.mark.parametrize("variant,first,pits", CASES)
def test_records_round_trip_and_replay_to_the_same_game(variant, first, pits):
    game = rules.Game.from_pits(variant, first, pits)
    record = game.record().with_tag("Event", 'a "quoted" name')
    text = str(record)
    assert text.startswith(f'[Variant "{variant}"]\n[First "{first}"]\n')
    parsed = rules.Record.parse(text)
    assert parsed == record
    assert parsed.tag("Event") == 'a "quoted" name'
    assert parsed.game() == game
    assert parsed.game().outcome == game.outcome
    assert rules.Game.replay(variant, first, game.plies) == game


def test_a_bad_record_names_the_line_column_and_code():
    with pytest.raises(rules.RecordError) as caught:
        rules.Record.parse('[Variant "tihbat"]\n[First "south"]\n\nS1 N2 X9\n')
    err = caught.value
    assert (err.line, err.column, err.token, err.code) == (4, 7, "X9", "bad_ply")
    with pytest.raises(rules.RecordError) as caught:
        rules.Record.parse('[First "south"]\n')
    assert caught.value.code == "missing_variant"


def test_a_record_that_does_not_replay_names_the_ply():
    record = rules.Record.parse('[Variant "tihbat"]\n[First "south"]\n\nS1 S2\n')
    with pytest.raises(rules.ReplayError) as caught:
        record.game()
    assert (caught.value.ply, caught.value.code) == (2, "wrong_side")
    with pytest.raises(rules.ReplayError) as caught:
        rules.Game.from_pits("modiar", "south", [1, 1, 9])
    assert (caught.value.ply, caught.value.code) == (3, "out_of_range")


def test_a_game_refuses_an_illegal_move_and_stays_as_it_was():
    game = rules.Game("modiar", "south")
    game.play(1)
    before = game.copy()
    with pytest.raises(rules.IllegalMoveError) as caught:
        game.play(4)
    assert caught.value.code == "out_of_range"
    assert game == before and game.position == before.position
    with pytest.raises(rules.ReplayError) as caught:
        game.push("S2")
    assert (caught.value.ply, caught.value.code) == (2, "wrong_side")
    with pytest.raises(rules.ReplayError) as caught:
        game.push("N-")
    assert caught.value.code == "unexpected_pass"
    assert game == before
    empty = rules.Position.from_parts("tihbat", [0, 14], [7, 7], (0, 0), "south")
    with pytest.raises(rules.IllegalMoveError) as caught:
        empty.play(1)
    assert caught.value.code == "empty_pit"


def test_the_tihbat_table_values_agree_with_its_best_moves_and_survive_a_file(tmp_path):
    table = rules.Table.solve("tihbat")
    assert table.searched == 0 and len(table) > 0
    start = rules.Position.start("tihbat", "south")
    value = table.value(start)
    assert value == table.start_value("south")
    best = table.best_moves(start)
    assert best and set(best) <= set(start.legal_moves())
    # Each best move keeps the value: the next position's value, seen from the other
    # side, plus what the move captured (nothing from the start position).
    for pit in best:
        after = start.play(pit)
        if after.on_board == start.on_board and not after.is_over:
            assert -table.value(after) == value
    assert table.final_difference(start) == value
    path = tmp_path / "tihbat.solved"
    table.save(path)
    again = rules.Table.load("tihbat", path)
    assert again.value(start) == value and len(again) == len(table)
    with pytest.raises(ValueError):
        rules.Table.load("modiar", path)
    with pytest.raises(OSError):
        rules.Table.load("tihbat", tmp_path / "missing")
    with pytest.raises(ValueError):
        rules.Table.solve("mangala")


def test_the_stub_lists_what_the_module_has():
    import ast

    tree = ast.parse(STUB.read_text())
    stubbed = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            stubbed[node.name] = {
                n.name
                for n in node.body
                if isinstance(n, ast.FunctionDef) and not n.name.startswith("__")
            }
    public = {n for n in dir(rules) if not n.startswith("_") and inspect.isclass(getattr(rules, n))}
    assert public == set(stubbed)
    for name, members in stubbed.items():
        cls = getattr(rules, name)
        if issubclass(cls, Exception):
            continue
        have = {m for m in vars(cls) if not m.startswith("__")}
        assert have == members, name
