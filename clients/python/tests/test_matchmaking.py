"""Matchmaking keeps N games going and backs off from a player that declines; the
server's tables play where they are exact; the game JSON replayed by the bindings."""

import os
import random
import threading
import time

import pytest

from seedpost.bot import Runner
from seedpost.games import pits, rules_game
from seedpost.matchmaking import Matchmaking
from seedpost.tables import ServerTables, question

from test_resilience import bot_moves_first, engine, game_of, run_in_thread, wait_until


def answer_challenges(client, challenger, stop, decline=False):
    """Accepts (or declines, `later`) every open challenge from `challenger` naming the
    account, until `stop` is set; the ids answered."""
    me = client.me()["username"]
    answered = []

    def loop():
        while not stop.is_set():
            for c in client.challenges():
                if c["challenger"] == challenger and c.get("opponent") == me and c["status"] == "open":
                    if decline:
                        client.decline_challenge(c["id"], reason="later")
                    else:
                        client.accept_challenge(c["id"])
                    answered.append(c["id"])
            stop.wait(0.1)

    threading.Thread(target=loop, daemon=True).start()
    return answered


def ongoing(client, name):
    return client.games(status="ongoing", player=name)


def test_matchmaking_keeps_n_games_going_and_backs_off_from_a_player_that_declines(
    server, tmp_path
):
    name, bot = server.account("matcher", bot=True)
    willing, yes = server.account("willing")
    busy, no = server.account("busy")
    stop = threading.Event()
    accepted = answer_challenges(yes, name, stop)
    declined = answer_challenges(no, name, stop, decline=True)
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    settings = Matchmaking(
        opponents=[busy, willing], variants=["tihbat"], games=2, days_per_move=1,
        first="challenger", interval=0.3, decline_backoff=600,
    )
    runner = Runner(bot, first, matchmaking=settings).start()
    thread, _ = run_in_thread(runner)
    try:
        # The bot moves first and the people never do: the games stay in play.
        games = wait_until(lambda: len(ongoing(bot, name)) == 2 and ongoing(bot, name), 30,
                           "two games going")
        assert {g["players"]["north"] for g in games} | {g["players"]["south"] for g in games} == {name, willing}
        assert len(declined) == 1, "the player that declined was asked again"
        yes.resign(games[0]["id"])
        wait_until(lambda: len(accepted) == 3 and len(ongoing(bot, name)) == 2, 20,
                   "a third game to keep two going")
        time.sleep(1)
        assert len(ongoing(bot, name)) == 2 and len(accepted) == 3, "more than two at once"
        assert len(declined) == 1
    finally:
        stop.set()
        runner.close()
        thread.join(10)


def test_the_runner_plays_the_servers_exact_best_pit_without_asking_the_engine(server, tmp_path):
    pytest.importorskip("seedpost_rules")
    name, bot = server.account("tabled", bot=True)
    _, human = server.account("human")
    counting = engine(tmp_path, "counting", """\
        open(marker, "a").write("asked\\n")
        say(f"pit {legal[0]}")
    """)
    tables = ServerTables(bot)
    runner = Runner(bot, counting, quit_after=1, tables=tables).start()
    thread, _ = run_in_thread(runner)
    try:
        game_id = game_of(human, bot_moves_first(human, name, "tihbat"))
        game = wait_until(lambda: (g := human.game(game_id))["ply"] >= 1 and g, 20, "the bot's move")
        start = {"variant": game["variant"], "first": game["first"], "moves": []}
        best = bot.position_analysis(**question(start))
        assert best["kind"] == "exact"
        assert game["moves"][0]["pit"] in best["best"]
        assert tables.asked >= 1
        human.resign(game_id)
        thread.join(20)
    finally:
        runner.close()
    assert not os.path.exists(counting[-1]), "the engine was asked"


def test_the_game_json_replays_to_the_same_game_in_the_bindings(server):
    pytest.importorskip("seedpost_rules")
    a, alice = server.account("ayse")
    b, bob = server.account("mehmet")
    challenge = alice.create_challenge("modiar", opponent=b, days_per_move=1, first="challenger")
    game = bob.accept_challenge(challenge["id"])
    rng = random.Random(5)
    players = {a: alice, b: bob}
    for _ in range(12):
        if game["status"] != "ongoing":
            break
        mover = players[game["players"][game["to_move"]]]
        game = mover.play(game["id"], game["ply"], rng.choice(game["legal_moves"]))
    game = alice.game(game["id"])
    replayed = rules_game(game)
    assert replayed.ply == game["ply"] and len(pits(game)) >= 1
    assert replayed.legal_moves() == game["legal_moves"]
    tampered = dict(game, board={"south": game["board"]["north"], "north": game["board"]["south"]})
    if tampered["board"] != game["board"]:
        with pytest.raises(ValueError):
            rules_game(tampered)
    with pytest.raises(ValueError):
        rules_game(alice.games(player=a)[0])  # a list item has no moves
