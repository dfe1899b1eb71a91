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


def finished_rated_game(winner, loser_name, loser, rated=True):
    """`winner` challenges `loser_name`, who accepts and resigns: a finished game."""
    challenge = winner.create_challenge("tihbat", opponent=loser_name, days_per_move=1,
                                        rated=rated, first="challenger")
    game = loser.accept_challenge(challenge["id"])
    loser.resign(game["id"])


def opponents_of(client, name):
    return [g["players"]["south"] if g["players"]["north"] == name else g["players"]["north"]
            for g in client.games(player=name)]


def test_matchmaking_finds_its_opponents_in_the_standings_within_its_rating_range(launch_server, tmp_path):
    server = launch_server()  # a server of its own: its standings hold only this test's players
    name, bot = server.account("finder", bot=True)
    players = {}
    for kind, bot_flag in (("high", True), ("mid", True), ("low", True), ("person", False)):
        players[kind] = server.account(kind, bot=bot_flag)
    helpers = [server.account("helper") for _ in range(5)]
    # The finder and `mid` win one rated game each, `high` two, `low` loses one; the
    # person wins one too (as rated as `mid`, but not a bot).
    finished_rated_game(bot, *helpers[0])
    finished_rated_game(players["mid"][1], *helpers[1])
    finished_rated_game(players["high"][1], *helpers[2])
    finished_rated_game(players["high"][1], *helpers[3])
    finished_rated_game(players["person"][1], *helpers[4])
    finished_rated_game(helpers[4][1], *players["low"])
    rating = {line["username"]: line["rating"]["rating"]
              for line in bot.standings(variant="tihbat") if line["rating"]}
    own = rating[name]
    assert rating[players["mid"][0]] == pytest.approx(own)
    gap = min(rating[players["high"][0]] - own, own - rating[players["low"][0]])
    assert gap > 20, rating
    stop = threading.Event()
    answered = {kind: answer_challenges(client, name, stop, decline=kind != "mid")
                for kind, (_, client) in players.items()}
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    settings = Matchmaking(
        variants=["tihbat"], games=2, days_per_move=1, first="challenger", interval=0.3,
        rating_range=gap / 2, players="bots", decline_backoff=600,
    )
    assert settings.discover  # no opponents named
    runner = Runner(bot, first, matchmaking=settings).start()
    thread, _ = run_in_thread(runner)
    try:
        wait_until(lambda: len(ongoing(bot, name)) == 2, 30, "two games going")
        time.sleep(1.5)
        assert len(answered["mid"]) == 2
        assert {k: v for k, v in answered.items() if k != "mid" and v} == {}, \
            "a player out of range, or not a bot, was challenged"
        assert set(opponents_of(bot, name)) == {helpers[0][0], players["mid"][0]}
        assert not runner.declined
    finally:
        stop.set()
        runner.close()
        thread.join(10)


def test_discovered_matchmaking_backs_off_from_a_decliner_and_challenges_another(launch_server, tmp_path):
    server = launch_server()
    name, bot = server.account("finder", bot=True)
    no_name, no = server.account("decliner", bot=True)
    yes_name, yes = server.account("willing", bot=True)
    _, helper = server.account("helper")
    for who in (no_name, yes_name, name):  # casual games: in the standings, unrated (1500)
        challenge = helper.create_challenge("tihbat", opponent=who, days_per_move=1)
        game = {no_name: no, yes_name: yes, name: bot}[who].accept_challenge(challenge["id"])
        helper.resign(game["id"])
    stop = threading.Event()
    declined = answer_challenges(no, name, stop, decline=True)
    accepted = answer_challenges(yes, name, stop)
    first = engine(tmp_path, "first", 'say(f"pit {legal[0]}")\n')
    settings = Matchmaking(
        variants=["tihbat"], games=3, days_per_move=1, first="challenger", interval=0.3,
        rating_range=50, exclude=[server_helper_name(helper)], decline_backoff=600,
    )
    runner = Runner(bot, first, matchmaking=settings).start()
    thread, _ = run_in_thread(runner)
    try:
        wait_until(lambda: len(ongoing(bot, name)) == 3, 30, "three games going")
        time.sleep(1)
        assert len(declined) == 1, "the player that declined was asked again"
        assert len(accepted) == 3
        assert [c["opponent"] for c in runner.declined] == [no_name]
        assert {g["players"]["north"] for g in ongoing(bot, name)} == {yes_name}
    finally:
        stop.set()
        runner.close()
        thread.join(10)


def server_helper_name(client):
    return client.me()["username"]


def test_the_matchmaker_takes_its_candidates_in_turn_and_skips_the_resting(monkeypatch):
    from seedpost.matchmaking import Matchmaker

    runner = type("R", (), {"username": "me", "client": None})()
    maker = Matchmaker(runner, Matchmaking(opponents=["a", "b", "c"]))
    monkeypatch.setattr(maker, "candidates", lambda variant: ["a", "b", "c"])
    firsts = set()
    for _ in range(20):
        maker.asked.clear()
        picked = []
        for t in range(3):
            name = maker._pick("tihbat")
            maker.asked[name] = float(t + 1)
            picked.append(name)
        assert sorted(picked) == ["a", "b", "c"], "one was asked twice before another once"
        firsts.add(picked[0])
    assert len(firsts) > 1, "always the same one first"
    maker.resting["b"] = time.monotonic() + 600
    assert {maker._pick("tihbat") for _ in range(10)} <= {"a", "c"}


def test_an_oware_question_after_a_capture_carries_each_sides_store_and_is_answered(server):
    seedpost_rules = pytest.importorskip("seedpost_rules")
    _, bot = server.account("owarebot", bot=True)
    # Plays the first legal pit, or a capturing one when there is one, until stones
    # have left the board and the game goes on.
    replay = seedpost_rules.Game("oware", "south")
    played = []
    while replay.position.on_board == 48:
        position = replay.position
        legal = position.legal_moves()
        pit = next((p for p in legal if position.play(p).on_board < 48), legal[len(played) % len(legal)])
        replay.play(pit)
        played.append(pit)
        assert not replay.position.is_over and len(played) < 200
    store = replay.position.store
    game = {"variant": "oware", "first": "south", "moves": [{"pit": p} for p in played]}
    query = question(game)
    assert (query["south_store"], query["north_store"]) == (str(store["south"]), str(store["north"]))
    answer = bot.position_analysis(**query)
    assert (answer["south_store"], answer["north_store"]) == (store["south"], store["north"])
    assert question({"variant": "togyz", "first": "south", "moves": []}) is None
