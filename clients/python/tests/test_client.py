"""The client against a live server: every route called, games played through with
the rules engine's bindings agreeing with the server at every ply, errors as codes."""

import datetime
import random
import time

import pytest

import seedpost_rules as rules
from seedpost import ApiError, Client
from seedpost.engine import ALL_VARIANTS


def play_out(players, game, seed=1):
    """Plays random legal moves for both players (`{name: Client}`) until the game is
    over, checking the server's board against the bindings after every move."""
    rng = random.Random(seed)
    replica = rules.Game(game["variant"], game["first"])
    while game["status"] == "ongoing":
        pit = rng.choice(replica.legal_moves())
        assert game["legal_moves"] == replica.legal_moves()
        mover = players[game["players"][game["to_move"]]]
        game = mover.play(game["id"], game["ply"], pit)
        replica.play(pit)
        assert game["ply"] == replica.ply
        assert game["board"] == replica.position.board
        assert game["store"] == replica.position.store
        assert game["to_move"] == replica.position.to_move
    outcome = replica.outcome
    assert game["result"]["score"] == outcome.score
    assert game["result"]["winner"] == outcome.winner
    assert game["result"]["ended_by"] == outcome.ended_by
    return game, replica


@pytest.mark.parametrize("variant", ["mangala", "modiar", "tihbat"])
def test_a_whole_game_through_the_client_agrees_with_the_bindings_at_every_ply(server, variant):
    a, alice = server.account("ayse")
    b, bob = server.account("mehmet")
    challenge = alice.create_challenge(variant, opponent=b, days_per_move=1, first="challenger")
    assert challenge["status"] == "open" and challenge["opponent"] == b
    game = bob.accept_challenge(challenge["id"])
    game, replica = play_out({a: alice, b: bob}, game)
    record = rules.Record.parse(alice.record(game["id"]))
    assert record.game() == replica
    assert [m.get("pit") for m in alice.game(game["id"])["moves"] if not m.get("pass")] == [
        int(p[1:]) for p in replica.plies if p[1] != "-"
    ]


def test_the_analysis_exact_values_are_the_tables_values(server):
    """The server's analysis (exact at the start and after captures, from its tables)
    against the bindings' table: the same final differences and best moves."""
    a, alice = server.account("ayse")
    b, bob = server.account("mehmet")
    game = bob.accept_challenge(alice.create_challenge("tihbat", opponent=b, first="challenger")["id"])
    game, replica = play_out({a: alice, b: bob}, game, seed=7)
    table = rules.Table.solve("tihbat")
    replay = rules.Game(game["variant"], game["first"])
    compared = 0
    for ply, move in zip(alice.analysis(game["id"])["plies"], replica.plies):
        position = replay.position
        if ply["before"]["kind"] == "exact" and ply["pit"] is not None:
            south_lead = table.final_difference(position)
            assert ply["before"]["value"] == (south_lead if ply["side"] == "south" else -south_lead)
            assert ply["best"] == table.best_moves(position)
            compared += 1
        replay.push(move)
    assert compared >= 2, "the start and at least one capture"


def test_errors_carry_the_servers_codes(server):
    a, alice = server.account("ayse")
    b, bob = server.account("mehmet")
    game = bob.accept_challenge(alice.create_challenge("modiar", opponent=b, first="challenger")["id"])
    with pytest.raises(ApiError) as caught:
        alice.play(game["id"], 5, 1)
    assert (caught.value.status, caught.value.code) == (409, "stale_ply")
    with pytest.raises(ApiError) as caught:
        bob.play(game["id"], 0, 1)
    assert caught.value.code == "not_your_turn"
    with pytest.raises(ApiError) as caught:
        alice.play(game["id"], 0, 4)
    assert (caught.value.status, caught.value.code, caught.value.reason) == (
        422,
        "illegal_move",
        "out_of_range",
    )
    played = alice.play(game["id"], 0, 1)
    assert alice.play(game["id"], 0, 1)["ply"] == played["ply"], "a retried move answers the game"
    with pytest.raises(ApiError) as caught:
        alice.game("no-such-game")
    assert (caught.value.status, caught.value.code) == (404, "not_found")
    with pytest.raises(ApiError) as caught:
        server.client("not a token").me()
    assert (caught.value.status, caught.value.code) == (401, "unauthorized")


def test_a_rate_limited_call_is_waited_out_and_retried(server):
    name, client = server.account("quick")
    began = time.monotonic()
    made = [client.create_challenge("tihbat") for _ in range(12)]  # bursts of 10, then 1/s
    assert len({c["id"] for c in made}) == 12
    assert time.monotonic() - began >= 1.0
    impatient = Client(server.url, client.token, rate_limit_retries=0)
    with pytest.raises(ApiError) as caught:
        for _ in range(12):
            impatient.create_challenge("tihbat")
    assert (caught.value.status, caught.value.code) == (429, "rate_limited")
    assert caught.value.retry_after >= 1


def test_every_route_answers_through_its_method(server, monkeypatch):
    """Each method once against the server (the streams in test_events.py)."""
    called = set()
    request = Client._request

    def spy(self, method, path, **kw):
        called.add(method)
        return request(self, method, path, **kw)

    monkeypatch.setattr(Client, "_request", spy)
    used = set()

    def use(name, *args, **kwargs):
        used.add(name)
        return getattr(me, name)(*args, **kwargs)

    a, me = server.account("every")
    b, other = server.account("other")
    public = server.client()
    assert use("me")["username"] == a
    token = use("create_token", a, "a long password", "second")
    assert token["label"] == "second"
    assert any(t["id"] == token["id"] for t in use("tokens"))
    use("revoke_token", token["id"])
    assert use("log_out_everywhere")["tokens_revoked"] == 0
    changed = use("change_password", "a long password", "a longer password")
    assert changed["tokens_revoked"] == 0
    assert me.me()["username"] == a
    assert use("vacation")["on_vacation"] is False
    assert use("start_vacation")["on_vacation"] is True
    assert use("end_vacation")["on_vacation"] is False
    assert use("create_calendar")["url"].endswith(".ics")
    assert use("calendar")["active"] is True
    use("revoke_calendar")
    assert use("set_digest", "ayse@example.org", True)["enabled"] is True
    assert use("digest")["email"] == "ayse@example.org"
    # The test server has no SMTP: no link can be mailed, and a made-up one is unknown.
    for name, args in [
        ("resend_verification", ()),
        ("request_password_reset", (a,)),
    ]:
        with pytest.raises(ApiError) as caught:
            use(name, *args)
        assert (caught.value.status, caught.value.code) == (409, "mail_not_configured")
    with pytest.raises(ApiError) as caught:
        use("confirm_password_reset", "0" * 64, "a new long password")
    assert (caught.value.status, caught.value.code) == (422, "link_unknown")
    assert use("set_language", "tr")["language"] == "tr"
    assert use("language")["language"] == "tr"
    assert use("push_key")["public_key"]
    settings = use("notifications")
    assert use("set_notifications", **settings) == settings
    assert use("push_subscriptions") == []
    # A push service on the loopback (the test server allows private addresses); the
    # keys: P-256's generator point and 16 bytes, a valid device key and auth secret.
    keys = {"p256dh": "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU", "auth": "AAECAwQFBgcICQoLDA0ODw"}
    device = use("add_push_subscription", "http://127.0.0.1:9/push/device", keys)
    assert [d["id"] for d in use("push_subscriptions")] == [device["id"]]
    assert use("test_notification")["devices"] == 1
    use("remove_push_subscription", device["id"])
    tihbat = use("position_analysis", "tihbat", "7,7", "7,7", "south")
    assert tihbat["exact"] if "exact" in tihbat else tihbat
    assert [v["name"] for v in use("variants")] == list(ALL_VARIANTS)
    open_one = use("create_challenge", "tihbat")
    assert use("challenge", open_one["id"])["opponent"] is None
    assert any(c["id"] == open_one["id"] for c in use("challenges"))
    use("cancel_challenge", open_one["id"])
    declined = use("create_challenge", "modiar", opponent=b)
    assert other.decline_challenge(declined["id"])["status"] == "declined"
    used.add("decline_challenge")
    filters = other.set_challenge_filters(variants=["tihbat"], from_humans=False)
    assert filters["active"] is True and filters["variants"] == ["tihbat"]
    assert other.challenge_filters()["from_humans"] is False
    other.clear_challenge_filters()
    assert other.challenge_filters()["active"] is False
    used.update({"challenge_filters", "set_challenge_filters", "clear_challenge_filters"})
    match = use("create_challenge", "tihbat", opponent=b, games=2, first="challenger")
    game = other.accept_challenge(match["id"])
    used.add("accept_challenge")
    assert use("game", game["id"])["match"]["of"] == 2
    assert any(g["id"] == game["id"] for g in use("games", status="ongoing", my_turn=True, limit=5))
    assert use("abort", game["id"])["status"] == "aborted"
    second = use("create_challenge", "tihbat", opponent=b, first="challenger")
    game = other.accept_challenge(second["id"])
    game = use("play", game["id"], 0, 1)
    # Conditional lines while the other is to move: their move, then a reply of mine.
    for their in game["legal_moves"]:
        after = rules.Game("tihbat", game["first"])
        after.play(1)
        after.play(their)
        if after.position.to_move != game["to_move"] and after.legal_moves():
            break
    line = [their, after.legal_moves()[0]]
    planned = use("set_conditional", game["id"], game["ply"], [line])
    assert planned == {"ply": game["ply"], "lines": [line], "played": []}
    assert use("conditional", game["id"]) == planned
    use("clear_conditional", game["id"])
    assert me.conditional(game["id"])["lines"] == []
    assert use("resign", game["id"])["result"]["ended_by"] == "resign"
    assert use("record", game["id"]).startswith('[Variant "tihbat"]')
    assert use("set_note", game["id"], "Pit 1 first.\nThen wait.")["text"] == "Pit 1 first.\nThen wait."
    assert use("note", game["id"])["text"] == "Pit 1 first.\nThen wait."
    line = use("say", game["id"], "good game")
    assert line["username"] == a and line["text"] == "good game"
    assert use("chat", game["id"]) == [line]
    theirs = other.say(game["id"], "thanks")
    use("report_line", game["id"], theirs["id"])
    file = use("games_file", a, variant="tihbat", since="2000-01-01")
    # The one finished game (the aborted one is not).
    assert file.startswith('[Variant "tihbat"]') and file.count("[Variant") == 1
    assert file == use("record", game["id"])
    use("block", b)
    assert [x["username"] for x in use("blocks")] == [b]
    with pytest.raises(ApiError) as caught:
        me.say(game["id"], "hello?")
    assert (caught.value.status, caught.value.code) == (403, "blocked")
    use("unblock", b)
    assert me.blocks() == []
    assert use("analysis", game["id"])["game_id"] == game["id"]
    matches = use("matches", player=a)
    assert use("match", matches[0]["id"])["games"] == 2
    assert isinstance(use("standings", variant="tihbat"), list)
    assert use("player_ratings", a)["username"] == a
    starts = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)).isoformat()
    cup = use("create_tournament", "Cup", "tihbat", starts, max_players=4)
    assert any(t["id"] == cup["id"] for t in use("tournaments", status="open"))
    assert use("tournament", cup["id"])["tournament"]["name"] == "Cup"
    assert other.join_tournament(cup["id"])["players"]
    assert other.withdraw_from_tournament(cup["id"])["tournament"]["id"] == cup["id"]
    used |= {"join_tournament", "withdraw_from_tournament"}
    hook = use("create_webhook", "http://127.0.0.1:9/hook", "a secret of sixteen+")
    assert [w["id"] for w in use("webhooks")] == [hook["id"]]
    assert isinstance(use("webhook_deliveries", hook["id"]), list)
    assert use("webhook_deliveries", hook["id"], status="pending", limit=10) == []
    use("delete_webhook", hook["id"])
    lease = use("claim_runner_lease", "a-runner", 30)
    assert lease["holder"] == "a-runner" and lease["expires_at"]
    use("release_runner_lease", "a-runner")
    assert other.claim_runner_lease("b-runner")["holder"] == "b-runner"
    assert "paths" in use("openapi")
    assert "<html" in use("docs").lower()
    assert public.variants()
    assert use("sign_up", f"x{a[-8:]}", "a long password")["token"]
    assert use("export")
    _, leaving = server.account("leaving")
    leaving.delete_account("a long password")
    used.add("delete_account")
    streams = {"stream_events", "stream_game"}
    assert set(Client.routes().values()) - streams - used == set()
    assert called >= {"GET", "POST", "PUT", "DELETE"}
