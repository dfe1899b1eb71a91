"""An engine that plays any legal pit: the smallest player of the engine protocol.

    seedpost-bot --engine "python3 random_engine.py"
"""

import random

from seedpost.engine import serve

# request.game() replays the game with the rules engine (pip install ./bindings/python);
# request.legal alone would do too.
serve(lambda request: random.choice(request.game().legal_moves()), name="random")
