"""The event stream: resumed after a dropped connection with nothing missed or
doubled, the snapshot's duplicates and the stale events after it dropped."""

import json

from seedpost import ApiError, EventStream

from test_client import play_out


class FakeClient:
    """Serves scripted connections: each a list of events, then a failure."""

    def __init__(self, connections):
        self.connections = list(connections)
        self.asked = []

    def stream_events(self, since=None):
        self.asked.append(since)
        if not self.connections:
            raise AssertionError("no more connections scripted")
        events = self.connections.pop(0)

        def lines():
            yield from events
            raise ConnectionResetError("dropped")

        return lines()


def game(gid, ply):
    return {"id": gid, "ply": ply}


def test_a_resumed_stream_hands_on_a_turn_still_waiting_and_drops_duplicates_and_stale_events(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("time.sleep", lambda s: None)
    first = [
        {"type": "your_turn", "snapshot": True, "game": game("g", 4)},
        {"type": "move", "seq": 7, "game": game("g", 5)},
        {"type": "your_turn", "seq": 8, "game": game("g", 6)},
    ]
    # Reconnected after seq 8: the snapshot (the same turn again: the move made for it
    # did not land, so it is handed on again; and a challenge), then the stored events
    # after 8, the challenge's among them, and an old move.
    second = [
        {"type": "your_turn", "snapshot": True, "game": game("g", 6)},
        {"type": "challenge", "snapshot": True, "challenge": {"id": "c"}},
        {"type": "challenge", "seq": 9, "challenge": {"id": "c"}},
        {"type": "move", "seq": 10, "game": game("g", 3)},
        {"type": "challenge_canceled", "seq": 11, "challenge": {"id": "c"}},
        {"type": "game_finish", "seq": 12, "game": game("g", 9)},
    ]
    state = tmp_path / "state.json"
    client = FakeClient([first, second])
    stream = EventStream(client, state_file=str(state))
    seen = []
    for event in stream:
        seen.append((event["type"], event.get("seq")))
        if event.get("seq") == 8 and len(client.asked) == 1:
            stream.reconnect()  # as if the network failed after seq 8
        if event["type"] == "game_finish":
            break
    assert client.asked == [None, 8]
    assert seen == [
        ("your_turn", None),
        ("move", 7),
        ("your_turn", 8),
        ("your_turn", None),
        ("challenge", None),
        ("challenge_canceled", 11),
        ("game_finish", 12),
    ]
    assert stream.seq == 11, "the event the loop left is not handled"
    assert json.loads(state.read_text()) == {"seq": 11}
    assert EventStream(client, state_file=str(state)).seq == 11


class AheadClient(FakeClient):
    """Refuses a `since` above its head, as the server does."""

    def __init__(self, head, connections):
        super().__init__(connections)
        self.head = head

    def stream_events(self, since=None):
        if since is not None and since > self.head:
            self.asked.append(since)
            if len(self.asked) > 3:
                raise AssertionError(f"asked again and again for {since}")
            raise ApiError(409, {"error": "since_ahead", "message": "ahead", "head": self.head})
        return super().stream_events(since)


def test_a_seq_the_server_has_not_reached_starts_again_from_its_head(tmp_path, monkeypatch):
    monkeypatch.setattr("time.sleep", lambda s: None)
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"seq": 999999}))
    # The restored server is at seq 16, its game "g" back at ply 2.
    client = AheadClient(16, [[
        {"type": "your_turn", "snapshot": True, "game": game("g", 2)},
        {"type": "move", "seq": 17, "game": game("g", 3)},
    ]])
    stream = EventStream(client, state_file=str(state))
    stream._latest_ply["g"] = 40  # seen on the server before the restore
    seen = []
    for event in stream:
        seen.append((event["type"], event.get("seq")))
        if event.get("seq") == 17:
            break
    assert client.asked == [999999, 16]
    assert seen == [("your_turn", None), ("move", 17)]
    assert json.loads(state.read_text()) == {"seq": 16}


def test_the_live_stream_resumes_after_a_drop_with_every_event_once_and_in_order(server):
    a, alice = server.account("ayse")
    b, bob = server.account("mehmet")
    stream = alice.events()
    events = iter(stream)
    challenge = bob.create_challenge("tihbat", opponent=a, first="opponent")
    first = next(events)
    assert first["type"] == "challenge" and first["challenge"]["id"] == challenge["id"]
    game = alice.accept_challenge(challenge["id"])
    seen = []
    while not seen or seen[-1]["type"] != "your_turn":
        seen.append(next(events))
    stream.reconnect()
    # While the stream is down, the game goes on to its end.
    game, _ = play_out({a: alice, b: bob}, alice.game(game["id"]), seed=3)
    while seen[-1]["type"] != "game_finish":
        seen.append(next(events))
    stored = [e["seq"] for e in seen if "seq" in e]
    assert stored == sorted(set(stored)), "each stored event once, in order"
    assert stored == list(range(stored[0], stored[0] + len(stored))), "none missed"
    turns = [e["game"]["ply"] for e in seen if e["type"] == "your_turn"]
    assert turns == sorted(set(turns)), "no turn twice, none stale"
    assert seen[-1]["game"]["result"] == game["result"]
    assert stream.reconnects == 1
