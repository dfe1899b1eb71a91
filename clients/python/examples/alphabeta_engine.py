"""An alpha-beta engine: negamax over the rules engine's positions, one ply deeper at a
time until its time is up, valuing a position by the lead in stores (the final score
once the game is over).

    seedpost-bot --engine "python3 alphabeta_engine.py"
"""

import time

from seedpost.engine import serve

OTHER = {"south": "north", "north": "south"}


def search(pos, side, depth, alpha, beta, deadline):
    """The lead that `side`, to move in `pos`, can make sure of within `depth` plies."""
    if pos.is_over or depth == 0 or time.monotonic() > deadline:
        score = pos.outcome.score if pos.is_over else pos.store
        return score[side] - score[OTHER[side]]
    if not pos.legal_moves():  # Tihbat: a side without stones passes
        return -search(pos.pass_turn(), OTHER[side], depth - 1, -beta, -alpha, deadline)
    best = -99
    for pit in pos.legal_moves():
        best = max(best, after(pos, pit, side, depth - 1, alpha, beta, deadline))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def after(pos, pit, side, depth, alpha, beta, deadline):
    """The lead of `side` after it plays `pit` (Mangala's extra turn keeps the move)."""
    nxt = pos.play(pit)
    if nxt.to_move == side:
        return search(nxt, side, depth, alpha, beta, deadline)
    return -search(nxt, OTHER[side], depth, -beta, -alpha, deadline)


def choose(request):
    pos = request.game().position
    deadline = time.monotonic() + (request.movetime or 1000) / 1000 * 0.8
    best, depth = request.legal[0], 1
    while time.monotonic() < deadline and depth <= 40:
        scores = {p: after(pos, p, pos.to_move, depth - 1, -99, 99, deadline) for p in request.legal}
        if time.monotonic() < deadline:  # a search cut short is not trusted
            best = max(scores, key=scores.get)
        depth += 1
    return best


serve(choose, name="alphabeta")
