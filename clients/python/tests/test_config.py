"""seedpost-bot's TOML config and `--version`."""

import subprocess
import sys
import textwrap

import pytest

import seedpost
from seedpost.config import ConfigError, load
from seedpost.matchmaking import Matchmaking

from test_resilience import CLIENT_ROOT


def write(tmp_path, text):
    path = tmp_path / "bot.toml"
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_a_config_file_sets_every_flag_engines_per_variant_and_matchmaking(tmp_path):
    path = write(tmp_path, """\
        url = "http://127.0.0.1:9"
        token_file = "bot.token"
        engines = 3
        movetime = 250
        state = "bot.state"
        quit_after = 4
        max_rate_limit_wait = 30
        wait_for_lease = true
        use_server_tables = true
        engine = {tihbat = "python3 t.py", modiar = "python3 m.py"}

        [accept]
        variants = ["tihbat", "modiar"]
        days_per_move = [1, 2]
        rated = "casual"
        max_games = 5

        [challenge]
        opponent = "house-random"
        variant = "modiar"
        days = 2
        first = "challenger"

        [matchmaking]
        opponents = ["house-random", "house-search"]
        variants = ["tihbat"]
        games = 3
        min_rating = 1200
        interval = 30
    """)
    flags = load(path)
    assert flags.pop("matchmaking") == Matchmaking(
        opponents=["house-random", "house-search"], variants=["tihbat"], games=3,
        min_rating=1200, interval=30,
    )
    assert flags == {
        "url": "http://127.0.0.1:9",
        "token_file": str(tmp_path / "bot.token"),
        "engines": 3,
        "movetime": 250,
        "state": "bot.state",
        "quit_after": 4,
        "max_rate_limit_wait": 30,
        "wait_for_lease": True,
        "use_server_tables": True,
        "engine": {"tihbat": "python3 t.py", "modiar": "python3 m.py"},
        "variants": "tihbat,modiar",
        "days_per_move": {1, 2},
        "rated": "casual",
        "max_games": 5,
        "challenge": "house-random",
        "challenge_variant": "modiar",
        "challenge_days": 2,
        "challenge_first": "challenger",
    }


@pytest.mark.parametrize("text, named", [
    ('movetme = 5\n', "movetme"),
    ('[accept]\nvariant = ["tihbat"]\n', "accept.variant"),
    ('engines = "two"\n', "engines"),
    ('[accept]\ndays_per_move = [1, "two"]\n', "accept.days_per_move"),
    ('engine = {chess = "x"}\n', "chess"),
    ('[matchmaking]\ngames = 2\ndiscover = false\n', "opponents"),
    ('[matchmaking]\nplayers = "robots"\n', "players"),
    ('url = \n', "bot.toml"),
])
def test_a_config_file_with_an_unknown_key_or_a_wrong_value_is_refused_naming_it(
    tmp_path, text, named
):
    with pytest.raises(ConfigError) as refused:
        load(write(tmp_path, text))
    assert named in str(refused.value)


def run_bot(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "seedpost.bot", *args],
        capture_output=True, text=True, timeout=60, check=False,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(CLIENT_ROOT), **(env or {})},
    )


def test_seedpost_bot_version_names_the_package_and_the_engine_protocol():
    run = run_bot("--version")
    assert run.returncode == 0
    assert run.stdout.strip() == f"seedpost-bot {seedpost.__version__} (engine protocol 2)"


def test_seedpost_bot_takes_its_token_and_engine_from_the_config_file(tmp_path):
    (tmp_path / "bot.token").write_text("not-a-real-token\n")
    path = write(tmp_path, f"""\
        url = "http://127.0.0.1:9"
        token_file = "bot.token"
        engine = "{sys.executable} -c pass"
        wait_for_server = 0
    """)
    # Past the parsing: it tries the server (nothing listens on port 9).
    run = run_bot("--config", path)
    assert run.returncode == 1, run.stderr
    assert "cannot reach http://127.0.0.1:9/api/v1/me" in run.stderr
    missing = run_bot("--config", write(tmp_path, 'url = "http://127.0.0.1:9"\n'))
    assert missing.returncode == 2 and "a token is needed" in missing.stderr
