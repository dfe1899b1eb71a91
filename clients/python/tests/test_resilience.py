"""What a bot meets and must survive (issue 37): the server going away while a move is
sent, or down at start; an engine that crashes; a Retry-After past the cap; a challenge
declined at once or later; a restart with `--quit-after` and `--state`; a stream closed
while idle; rate limits shared by an account's tokens."""

import logging
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import seedpost
from seedpost import Client
from seedpost.bot import Runner
from seedpost.engine import EngineError, EngineProcess
from seedpost.errors import ConnectionFailed, RateLimited

from conftest import PASSWORD, free_port

# Where the seedpost package imported here lives, for the seedpost-bot processes.
CLIENT_ROOT = Path(seedpost.__file__).resolve().parents[1]


def engine(tmp_path, name, body):
    """A Python engine without the rules module: `body` is the code run for `go`,
    with `legal` (the legal pits) and `marker` (a file of the test's) in scope, and
    ends by printing a pit."""
    script = tmp_path / f"{name}.py"
    script.write_text(
        textwrap.dedent(
            """\
            import os, sys, time
            marker = sys.argv[1]
            def say(line):
                print(line, flush=True)
            for line in sys.stdin:
                words = line.split()
                if not words:
                    continue
                if words[0] == "sep":
                    say("id name {name}")
                    say("sepok")
                elif words[0] == "go":
                    legal = [int(w) for w in words[2:words.index("movetime")]]
            {body}
                elif words[0] == "quit":
                    break
            """
        ).format(name=name, body=textwrap.indent(textwrap.dedent(body), " " * 8))
    )
    return [sys.executable, str(script), str(tmp_path / f"{name}.marker")]


def wait_until(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"{what}: not within {seconds} s")


def run_in_thread(runner):
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("finished", runner.run()), daemon=True)
    thread.start()
    return thread, result


def bot_moves_first(human, bot_name, variant="tihbat"):
    """The human challenges the bot, which is to move first; the challenge's id."""
    return human.create_challenge(variant, opponent=bot_name, days_per_move=1, first="opponent")["id"]


def game_of(client, challenge_id, seconds=20):
    return wait_until(lambda: client.challenge(challenge_id).get("game_id"), seconds, "a game")


# -- 1: a turn lost after a reconnect ---------------------------------------------


def test_a_move_cut_off_by_a_server_restart_is_played_within_10_s_of_the_restart(
    restartable, tmp_path
):
    restartable.start()
    name, bot = restartable.account("gated", bot=True)
    _, human = restartable.account("human")
    # The engine answers its first `go` only once the test has killed the server.
    gated = engine(tmp_path, "gated", """\
        if not os.path.exists(marker + ".go"):
            open(marker + ".asked", "w").close()
            while not os.path.exists(marker + ".go"):
                time.sleep(0.02)
        say(f"pit {legal[0]}")
    """)
    marker = Path(gated[-1])
    runner = Runner(bot, gated, engines=1, movetime_ms=50, quit_after=1, retry_delay=1).start()
    thread, _ = run_in_thread(runner)
    game_id = game_of(human, bot_moves_first(human, name))
    wait_until(lambda: Path(str(marker) + ".asked").exists(), 20, "the engine asked")
    restartable.kill()
    Path(str(marker) + ".go").touch()  # the move goes out to a server that is gone
    time.sleep(12)  # longer than the client's own retries of the move
    restartable.start()
    restarted = time.monotonic()
    wait_until(lambda: human.game(game_id)["ply"] >= 1, 10, "the bot's move after the restart")
    assert time.monotonic() - restarted < 10
    human.resign(game_id)
    thread.join(30)
    assert not thread.is_alive(), "the runner did not see the game end"


# -- 2: an engine crash -----------------------------------------------------------


def human_plays_until_the_end(human, game_id, seconds=120):
    """The human plays its first legal pit each time it is to move, until the game
    ends; the finished game."""
    me = human.me()["username"]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        game = human.game(game_id)
        if game["status"] != "ongoing":
            return game
        if game["players"][game["to_move"]] == me:
            human.play(game_id, game["ply"], game["legal_moves"][0])
        else:
            time.sleep(0.05)
    pytest.fail(f"game {game_id} did not end in {seconds} s")


def test_an_engine_that_crashes_on_its_first_position_is_started_again_and_the_game_finishes(
    server, tmp_path
):
    name, bot = server.account("crashy", bot=True)
    _, human = server.account("human")
    # The first process to be asked dies; every later one plays.
    crashy = engine(tmp_path, "crashy", """\
        if not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(3)
        say(f"pit {legal[-1]}")
    """)
    runner = Runner(bot, crashy, engines=1, movetime_ms=50, quit_after=1).start()
    thread, result = run_in_thread(runner)
    game_id = game_of(human, bot_moves_first(human, name))
    game = human_plays_until_the_end(human, game_id)
    assert Path(crashy[-1]).exists(), "the engine never crashed"
    assert game["status"] == "finished"
    assert any(m["side"] == game["first"] for m in game["moves"]), "the bot never moved"
    thread.join(30)
    assert result.get("finished") == 1


def test_closing_an_engine_that_crashed_never_raises(tmp_path):
    # Whether the runner's `quit` meets a dead pipe, and leaves a line in the buffer
    # that closing then flushes, is a matter of timing: ten tries.
    dying = engine(tmp_path, "dying", "os._exit(3)\n")
    for _ in range(10):
        process = EngineProcess(dying).start()
        with pytest.raises(EngineError):
            process.choose("tihbat", "south", [], [1, 2], 50)
        process.close()
        assert not process.alive


# -- 3: Retry-After past the cap --------------------------------------------------


def test_a_retry_after_past_the_cap_raises_rate_limited_at_once(launch_server):
    capped = launch_server("--max-sign-ups-per-address", "1")
    client = Client(capped.url, max_rate_limit_wait=5)
    client.sign_up("first-of-the-hour", PASSWORD)
    began = time.monotonic()
    with pytest.raises(RateLimited) as refused:
        client.sign_up("second-of-the-hour", PASSWORD)
    assert time.monotonic() - began < 3, "it waited"
    assert refused.value.status == 429 and refused.value.retry_after > 5


def test_a_short_retry_after_is_waited_out_and_each_wait_is_logged(server, caplog):
    _, client = server.account("eager")
    caplog.set_level(logging.WARNING, logger="seedpost.client")
    # Opening streams: bursts of 5, then one a second; the account's sixth waits.
    for _ in range(6):
        client.stream_events().close()
    waits = [r.getMessage() for r in caplog.records if "rate limited, waiting" in r.getMessage()]
    assert waits, "no wait was logged"


# -- 4: connection failures -------------------------------------------------------


def test_a_server_that_is_down_raises_connection_failed_after_retrying_a_read(caplog):
    client = Client(f"http://127.0.0.1:{free_port()}", connect_retries=2, max_connect_backoff=0.2)
    caplog.set_level(logging.WARNING, logger="seedpost.client")
    with pytest.raises(ConnectionFailed):
        client.me()
    retries = [r for r in caplog.records if "retrying" in r.getMessage()]
    assert len(retries) == 2
    caplog.clear()
    with pytest.raises(ConnectionFailed):
        client.create_challenge("tihbat")  # not safe to send twice: no retry
    assert not [r for r in caplog.records if "retrying" in r.getMessage()]


def test_seedpost_bot_started_while_its_server_is_down_waits_for_it_and_plays(
    restartable, tmp_path
):
    restartable.start()
    name, bot = restartable.account("patient", bot=True)
    _, human = restartable.account("human")
    restartable.kill()
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    env = dict(os.environ, SEEDPOST_TOKEN=bot.token, PYTHONPATH=str(CLIENT_ROOT))
    process = subprocess.Popen(
        [sys.executable, "-m", "seedpost.bot", "--url", restartable.url,
         "--engine", " ".join(first), "--quit-after", "1", "-v"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        time.sleep(3)
        assert process.poll() is None, process.communicate()[1]
        restartable.start()
        game_id = game_of(human, bot_moves_first(human, name), 30)
        wait_until(lambda: human.game(game_id)["ply"] >= 1, 20, "the bot's move")
        human.resign(game_id)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 0, err
        assert "Connection refused" in err, "it never found the server down"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


# -- 5: a challenge declined at once, or later ------------------------------------


def test_a_challenge_declined_as_it_is_made_stops_seedpost_bot_with_the_reason(server, tmp_path):
    opponent, other = server.account("mangala", bot=True)
    other.set_challenge_filters(variants=["mangala"])
    _, bot = server.account("challenger", bot=True)
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    env = dict(os.environ, SEEDPOST_TOKEN=bot.token, PYTHONPATH=str(CLIENT_ROOT))
    run = subprocess.run(
        [sys.executable, "-m", "seedpost.bot", "--url", server.url, "--engine", " ".join(first),
         "--challenge", opponent, "--challenge-variant", "tihbat", "--quit-after", "1"],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert run.returncode == 1, run.stderr
    assert "declined" in run.stderr and "variant" in run.stderr


def test_a_challenge_declined_later_stops_the_runner_with_the_reason(server, tmp_path):
    opponent, human = server.account("busy")
    _, bot = server.account("challenger", bot=True)
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    runner = Runner(bot, first, quit_after=1).start()
    made = runner.challenge(opponent, "modiar", days_per_move=1)
    thread, _ = run_in_thread(runner)
    human.decline_challenge(made["id"], reason="later")
    thread.join(20)
    assert not thread.is_alive(), "the runner waits for a challenge that was declined"
    assert runner.stop_reason and "later" in runner.stop_reason


# -- 6: --quit-after with --state -------------------------------------------------


def test_quit_after_with_a_state_file_does_not_count_the_same_game_after_a_restart(
    server, tmp_path
):
    name, bot = server.account("stateful", bot=True)
    _, human = server.account("human")
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    state = str(tmp_path / "state.json")
    runner = Runner(bot, first, quit_after=1, state_file=state).start()
    thread, result = run_in_thread(runner)
    game_id = game_of(human, bot_moves_first(human, name))
    wait_until(lambda: human.game(game_id)["ply"] >= 1, 20, "the bot's move")
    human.resign(game_id)
    thread.join(20)
    assert result.get("finished") == 1
    again = Runner(bot, first, quit_after=1, state_file=state).start()
    thread, result = run_in_thread(again)
    thread.join(3)
    try:
        assert thread.is_alive(), "the restarted runner counted the same game again"
    finally:
        again.close()
        thread.join(10)
    assert again.finished == []


# -- 7: closing an idle stream ----------------------------------------------------


def test_closing_an_idle_event_stream_ends_its_loop_at_once(server):
    _, alice = server.account("idle")
    stream = alice.events()
    seen = []
    thread = threading.Thread(target=lambda: seen.extend(stream), daemon=True)
    thread.start()
    time.sleep(1)
    began = time.monotonic()
    stream.close()
    thread.join(5)
    assert not thread.is_alive(), "the stream is still open"
    assert time.monotonic() - began < 2
    assert seen == []


# -- 8: rate limits are the account's ---------------------------------------------


def test_two_tokens_of_one_account_share_its_rate_limits(server):
    name, first = server.account("shared")
    second = Client(server.url, first.create_token(name, PASSWORD, "second")["token"],
                    rate_limit_retries=0)
    for _ in range(5):  # the burst of stream openings, all on the first token
        first.stream_events().close()
    with pytest.raises(RateLimited):
        second.stream_events().close()


# -- 9: two runners on one token --------------------------------------------------


def test_a_second_runner_on_the_same_token_exits_with_a_clear_message(server, tmp_path):
    name, bot = server.account("twice", bot=True)
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    runner = Runner(bot, first).start()
    thread, _ = run_in_thread(runner)
    try:
        env = dict(os.environ, SEEDPOST_TOKEN=bot.token, PYTHONPATH=str(CLIENT_ROOT))
        second = subprocess.run(
            [sys.executable, "-m", "seedpost.bot", "--url", server.url,
             "--engine", " ".join(first)],
            env=env, capture_output=True, text=True, timeout=30, check=False,
        )
        assert second.returncode == 1, second.stderr
        assert "another copy of this bot runs on the account" in second.stderr
        assert runner.holder in second.stderr, "it names the runner that holds the account"
    finally:
        runner.close()
        thread.join(10)


def test_a_second_runner_told_to_wait_plays_once_the_first_stops_and_never_both(
    server, tmp_path
):
    name, bot = server.account("standby", bot=True)
    _, human = server.account("human")
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    one = Runner(bot, first).start()
    one_thread, _ = run_in_thread(one)
    two = Runner(bot, first, lease_seconds=10, wait_for_lease=True)
    started = threading.Event()
    threading.Thread(target=lambda: (two.start(), started.set()), daemon=True).start()
    try:
        assert not started.wait(3), "the second runner started beside the first"
        one.close()
        one_thread.join(10)
        assert started.wait(15), "the second runner did not take over"
        two_thread, _ = run_in_thread(two)
        game_id = game_of(human, bot_moves_first(human, name))
        wait_until(lambda: human.game(game_id)["ply"] >= 1, 20, "the second runner's move")
    finally:
        one.close()
        two.close()


def test_a_runner_whose_lease_another_took_stops_saying_so(server, tmp_path):
    name, bot = server.account("ousted", bot=True)
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    runner = Runner(bot, first, lease_seconds=10).start()
    thread, _ = run_in_thread(runner)
    try:
        # As if this runner had been cut off past its lease and another took over.
        bot.release_runner_lease(runner.holder)
        bot.claim_runner_lease("the-other-one", 60)
        thread.join(10)
        assert not thread.is_alive(), "the runner plays on beside the other one"
        assert "the-other-one" in (runner.stop_reason or "")
    finally:
        runner.close()
