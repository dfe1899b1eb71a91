"""The server's position API as a book (`seedpost-bot --use-server-tables`): where
`GET /api/v1/analysis` is exact — Tihbat and Modiar, solved, and the endgame tables
of Mangala, Kalah and Oware — the runner plays its best pit without asking the engine; elsewhere (an
`estimate`, an error, no answer) the engine plays. Answers are cached, as the server's
are: a position's value never changes.

The repetition rules make the positions seen since the last capture part of the
question, so the game is replayed with the rules bindings (`seedpost_rules`); without
them the tables are not used (a warning says so once).
"""

import logging
import threading
from collections import OrderedDict
from typing import Any, Dict, List, Mapping, Optional, Tuple

from .errors import ApiError, ConnectionFailed
from .games import pits

log = logging.getLogger("seedpost.tables")

__all__ = ["ServerTables", "question"]


def _row(stones: List[int]) -> str:
    return ",".join(str(n) for n in stones)


def _key(position: Any) -> str:
    board = position.board
    return f"{_row(board['south'])}/{_row(board['north'])}/{position.to_move}"


def question(game: Mapping[str, Any]) -> Optional[Dict[str, str]]:
    """The query of `GET /analysis` for `game` (the API's JSON, with its moves): the
    position, the side to move and the positions seen since the last capture; None when
    the game is not waiting for a move."""
    import seedpost_rules

    if game["variant"] == "togyz":
        return None  # analysed by search alone: never exact, the engine plays
    replay = seedpost_rules.Game(game["variant"], game["first"])
    seen: List[Tuple[str, int]] = []
    for pit in pits(game):
        position = replay.position
        if position.to_move is not None:
            seen.append((_key(position), sum(position.board["south"]) + sum(position.board["north"])))
        replay.play(pit)
    position = replay.position
    if position.to_move is None:
        return None
    on_board = sum(position.board["south"]) + sum(position.board["north"])
    segment: List[str] = []
    for key, stones in reversed(seen):
        if stones != on_board:
            break  # a capture lies between
        segment.append(key)
    query = {
        "variant": game["variant"],
        "south": _row(position.board["south"]),
        "north": _row(position.board["north"]),
        "to_move": str(position.to_move),
    }
    if segment:
        query["seen"] = ";".join(reversed(segment))
    if game["variant"] == "oware":
        # The captured stones decide an Oware game (25 win): the API needs them.
        query["south_store"] = str(position.store["south"])
        query["north_store"] = str(position.store["north"])
    return query


class ServerTables:
    """Asks the server's position API first, with a cache of `size` answers."""

    def __init__(self, client: Any, size: int = 10000):
        self.client = client
        self.size = size
        self.hits = 0
        self.asked = 0
        self._cache: "OrderedDict[Tuple[str, ...], Optional[int]]" = OrderedDict()
        self._lock = threading.Lock()
        self._warned = False

    def best(self, game: Mapping[str, Any]) -> Optional[int]:
        """The exact best pit of `game`'s position, or None (the engine's turn)."""
        try:
            query = question(game)
        except ImportError:
            if not self._warned:
                self._warned = True
                log.warning("the server's tables need the rules bindings (pip install ./bindings/python)")
            return None
        except Exception as e:  # noqa: BLE001 - the engine plays instead
            log.warning("game %s: cannot replay it for the tables: %s", game.get("id"), e)
            return None
        if query is None:
            return None
        key = tuple(sorted(query.items()))
        with self._lock:
            if key in self._cache:
                self.hits += 1
                self._cache.move_to_end(key)
                return self._cache[key]
        try:
            self.asked += 1
            answer = self.client.position_analysis(**query)
        except (ApiError, ConnectionFailed) as e:
            log.info("game %s: no answer from the tables (%s); the engine plays", game.get("id"), e)
            return None
        # `best`: the pits of the best value (ties all listed); the first legal one.
        legal = game.get("legal_moves", [])
        listed = answer.get("best") if answer.get("kind") == "exact" else None
        if not isinstance(listed, list):
            listed = [listed] if isinstance(listed, int) else []
        best = next((p for p in listed if p in legal), None)
        with self._lock:
            self._cache[key] = best
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
        if best is not None:
            log.info("game %s ply %s: pit %s from the server's tables (value %s)",
                     game.get("id"), game.get("ply"), best, answer.get("value"))
        return best
