"""From the API's game JSON to the rules engine (`seedpost_rules`, the bindings in
`bindings/python`), history included:

    game = client.game(game_id)                # with its moves
    replayed = seedpost.games.rules_game(game)
    replayed.legal_moves() == game["legal_moves"]

The history matters: Modiar ends at the third occurrence of a position and Tihbat at
the second, and Modiar's first move captures nothing, so a position alone is not the
game. `pits` is what the engine protocol's `position` sends.
"""

from typing import Any, Dict, List, Mapping

__all__ = ["pits", "rules_game"]


def pits(game: Mapping[str, Any]) -> List[int]:
    """The pits played in `game` (the API's JSON, with `moves`), in order, Tihbat's
    automatic passes left out (as `seedpost replay`, `Game.from_pits` and the engine
    protocol take them). Raises `ValueError` for a game JSON without its moves (the
    items of `GET /games` have none; `GET /games/{id}` has them)."""
    moves = game.get("moves")
    if moves is None:
        raise ValueError(f"game {game.get('id')} has no moves: take it from GET /games/{{id}}")
    return [m["pit"] for m in moves if m.get("pit") is not None and not m.get("pass")]


def rules_game(game: Mapping[str, Any], check: bool = True) -> Any:
    """`game` (the API's JSON, with `moves`) as a `seedpost_rules.Game`, replayed from
    its start. With `check`, the replay must agree with the server on the ply, the
    board, the stores and the side to move, else `ValueError` (a game JSON edited by
    hand, or bindings of another version of the rules). Needs the bindings installed
    (`pip install ./bindings/python`); raises `ImportError` without them, and the
    bindings' `ReplayError` for an illegal move."""
    import seedpost_rules

    replayed = seedpost_rules.Game.from_pits(game["variant"], game["first"], pits(game))
    if check:
        position = replayed.position
        ours: Dict[str, Any] = {
            "ply": replayed.ply,
            "board": position.board,
            "store": position.store,
            "to_move": position.to_move,
        }
        theirs = {key: game.get(key) for key in ours}
        if game.get("status") != "ongoing":
            ours.pop("to_move")
            theirs.pop("to_move")
        if ours != theirs:
            raise ValueError(
                f"game {game.get('id')}: the replay {ours} is not the server's {theirs}"
            )
    return replayed
