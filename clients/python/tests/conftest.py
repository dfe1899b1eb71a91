"""A real seedpost server for the tests: the binary at SEEDPOST_BIN (default
target/debug/seedpost at the repository's root), on a port the system picks, with its
own SQLite file, the house bots, and webhooks allowed to call 127.0.0.1."""

import json
import os
import subprocess
import threading
import uuid
from pathlib import Path

import pytest

from seedpost import Client

ROOT = Path(__file__).resolve().parents[3]
PASSWORD = "a long password"


class Server:
    def __init__(self, url: str, process: subprocess.Popen, log: Path):
        self.url = url
        self.process = process
        self.log = log

    def client(self, token=None) -> Client:
        return Client(self.url, token)

    def account(self, prefix: str = "py", bot: bool = False):
        """A new account: (username, Client with its token)."""
        name = f"{prefix}-{uuid.uuid4().hex[:8]}"
        made = self.client().sign_up(name, PASSWORD, bot=bot)
        return name, self.client(made["token"])


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    binary = Path(os.environ.get("SEEDPOST_BIN", ROOT / "target" / "debug" / "seedpost"))
    if not binary.is_file():
        pytest.fail(f"{binary}: no seedpost binary (cargo build --bin seedpost, or SEEDPOST_BIN)")
    data = tmp_path_factory.mktemp("server")
    log = data / "server.log"
    process = subprocess.Popen(
        [
            str(binary),
            "--database-url", f"sqlite://{data}/seedpost.db",
            "--bind", "127.0.0.1:0",
            "--log-format", "json",
            "--webhook-allow-private",
            # The tests sign up more accounts from 127.0.0.1 than the default cap
            # lets one address make in an hour (SECURITY.md, "Floods").
            "--max-sign-ups-per-address", "0",
            "serve",
        ],
        cwd=data,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = None
    assert process.stdout is not None
    with open(log, "w", encoding="utf-8") as out:
        for line in process.stdout:
            out.write(line)
            try:
                fields = json.loads(line).get("fields", {})
            except ValueError:
                continue
            if fields.get("message") == "seedpost is listening":
                url = f"http://{fields['address']}"
                break
    if url is None:
        process.kill()
        pytest.fail(f"the server did not start: see {log}")

    def drain():
        with open(log, "a", encoding="utf-8") as out:
            for line in process.stdout:
                out.write(line)

    threading.Thread(target=drain, daemon=True).start()
    yield Server(url, process, log)
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
