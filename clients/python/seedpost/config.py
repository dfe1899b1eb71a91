"""`seedpost-bot --config FILE`: everything the flags take, in a TOML file (a flag given
as well wins over the file). docs/bots.md shows a whole one:

    url = "http://127.0.0.1:8080"
    token_file = "bot.token"                 # or token = "..." (or SEEDPOST_TOKEN)
    engine = "python3 alphabeta_engine.py"   # or a table: one engine per variant,
                                             # engine = {tihbat = "...", modiar = "..."}
    engines = 2
    movetime = 1000
    state = "bot.state"
    use_server_tables = true

    [accept]                                 # the challenges it accepts
    variants = ["tihbat", "modiar"]
    days_per_move = [1, 2, 3]
    rated = "any"                            # any, rated or casual
    max_games = 10

    [challenge]                              # one challenge at the start
    opponent = "house-search"
    variant = "modiar"
    days = 1
    first = "challenger"

    [matchmaking]                            # see seedpost.matchmaking
    opponents = ["house-random", "house-search"]   # or discover = true: players
    rating_range = 200                             # of the standings, within 200
    games = 3
"""

import os
import sys
from typing import Any, Dict, Mapping, Tuple

from .engine import ALL_VARIANTS
from .matchmaking import Matchmaking

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.9 and 3.10 need the tomli package
    try:
        import tomli as tomllib  # type: ignore[no-redef]
    except ImportError:
        tomllib = None  # type: ignore[assignment]

__all__ = ["ConfigError", "load"]

#: Top-level keys and the flag (argparse `dest`) each sets, with its type.
TOP = {
    "url": ("url", str),
    "token": ("token", str),
    "token_file": ("token_file", str),
    "engines": ("engines", int),
    "movetime": ("movetime", int),
    "state": ("state", str),
    "quit_after": ("quit_after", int),
    "max_rate_limit_wait": ("max_rate_limit_wait", (int, float)),
    "wait_for_server": ("wait_for_server", (int, float)),
    "wait_for_lease": ("wait_for_lease", bool),
    "use_server_tables": ("use_server_tables", bool),
    "verbose": ("verbose", int),
}
ACCEPT = {
    "variants": ("variants", list),
    "days_per_move": ("days_per_move", list),
    "rated": ("rated", str),
    "max_games": ("max_games", int),
}
CHALLENGE = {
    "opponent": ("challenge", str),
    "variant": ("challenge_variant", str),
    "days": ("challenge_days", int),
    "first": ("challenge_first", str),
}


class ConfigError(ValueError):
    """A config file that cannot be read, or holds a key or value it may not."""


def _take(table: Mapping[str, Any], known: Mapping[str, Tuple[str, Any]], where: str) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for key, value in table.items():
        if key not in known:
            raise ConfigError(f"{where}{key}: unknown (known: {', '.join(sorted(known))})")
        dest, kind = known[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"{where}{key}: {value!r} is not of the right type")
        out[dest] = value
    return out


def load(path: str) -> Dict[str, Any]:
    """The flags (argparse `dest`s) `path` sets; `engine` may be a table (one command
    per variant) and `matchmaking` a `Matchmaking`. Raises `ConfigError`."""
    if tomllib is None:
        raise ConfigError("reading a TOML config needs Python 3.11, or the tomli package")
    try:
        with open(os.path.expanduser(path), "rb") as file:
            data = tomllib.load(file)
    except OSError as e:
        raise ConfigError(f"{path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: {e}") from None
    data = dict(data)
    accept = data.pop("accept", {})
    challenge = data.pop("challenge", {})
    matchmaking = data.pop("matchmaking", None)
    engine = data.pop("engine", None)
    flags = _take(data, TOP, "")
    flags.update(_take(accept, ACCEPT, "accept."))
    flags.update(_take(challenge, CHALLENGE, "challenge."))
    if "variants" in flags:
        flags["variants"] = ",".join(str(v) for v in flags["variants"])
    if "days_per_move" in flags:
        days = flags["days_per_move"]
        try:
            flags["days_per_move"] = {int(d) for d in days}
        except (TypeError, ValueError):
            raise ConfigError(f"accept.days_per_move: {days!r} is not a list of numbers") from None
    if engine is not None:
        if isinstance(engine, str):
            flags["engine"] = engine
        elif isinstance(engine, dict) and all(isinstance(c, str) for c in engine.values()):
            unknown = set(engine) - set(ALL_VARIANTS)
            if unknown:
                raise ConfigError(f"engine: unknown variants {', '.join(sorted(unknown))}")
            flags["engine"] = dict(engine)
        else:
            raise ConfigError("engine: a command line, or a table of one per variant")
    if matchmaking is not None:
        if not isinstance(matchmaking, dict):
            raise ConfigError("matchmaking: a table")
        try:
            flags["matchmaking"] = Matchmaking(**matchmaking)
        except (TypeError, ValueError) as e:
            raise ConfigError(f"matchmaking: {e}") from None
    if "token_file" in flags:
        base = os.path.dirname(os.path.abspath(path))
        flags["token_file"] = os.path.join(base, os.path.expanduser(flags["token_file"]))
    return flags
