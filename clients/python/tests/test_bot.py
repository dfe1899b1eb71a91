"""seedpost-bot against a live server: a whole game against a house bot, challenges
accepted and declined by the filters, several games at once."""

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from seedpost.bot import Filters, Runner

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RANDOM = [sys.executable, str(EXAMPLES / "random_engine.py")]


def run_in_thread(runner):
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("finished", runner.run()), daemon=True)
    thread.start()
    return thread, result


def test_the_runner_plays_a_whole_game_against_a_house_bot(server):
    name, bot = server.account("runner", bot=True)
    runner = Runner(bot, RANDOM, quit_after=1, movetime_ms=50).start()
    challenge = runner.challenge("house-random", "tihbat", days_per_move=1)
    thread, result = run_in_thread(runner)
    thread.join(120)
    assert not thread.is_alive(), "the game did not end in 120 s"
    assert result["finished"] == 1
    game = bot.game(bot.challenge(challenge["id"])["game_id"])
    assert game["status"] == "finished"
    movers = {m["side"] for m in game["moves"]}
    assert movers == {"south", "north"}


def test_the_runner_declines_what_its_filters_refuse_and_plays_the_rest_at_once(server):
    name, bot = server.account("picky", bot=True)
    players = [server.account("human") for _ in range(3)]
    filters = Filters(variants={"modiar", "tihbat"}, days_per_move={1, 2}, rated="casual")
    runner = Runner(bot, RANDOM, filters=filters, engines=2, quit_after=3, movetime_ms=20).start()
    refused = {
        "variant": players[0][1].create_challenge("mangala", opponent=name),
        "time_control": players[0][1].create_challenge("tihbat", opponent=name, days_per_move=7),
        "casual": players[0][1].create_challenge("tihbat", opponent=name, days_per_move=1, rated=True),
    }
    wanted = [
        client.create_challenge(v, opponent=name, days_per_move=2, first="opponent")
        for (_, client), v in zip(players, ["tihbat", "modiar", "tihbat"])
    ]
    thread, result = run_in_thread(runner)
    # Each human resigns as soon as the bot has moved: three games in play at once.
    for (_, client), challenge in zip(players, wanted):
        for _ in range(200):
            game_id = client.challenge(challenge["id"]).get("game_id")
            if game_id and client.game(game_id)["ply"] >= 1:
                client.resign(game_id)
                break
            threading.Event().wait(0.1)
        else:
            pytest.fail(f"the bot did not play {challenge['id']}")
    thread.join(60)
    assert not thread.is_alive()
    assert result["finished"] == 3
    for challenge in refused.values():
        assert players[0][1].challenge(challenge["id"])["status"] == "declined"


def test_seedpost_bot_refuses_to_start_without_a_token(server):
    run = subprocess.run(
        [sys.executable, "-m", "seedpost.bot", "--url", server.url, "--engine", "x"],
        capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}, check=False,
    )
    assert run.returncode == 2 and "a token is needed" in run.stderr
