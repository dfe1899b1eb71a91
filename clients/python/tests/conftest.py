"""A real seedpost server for the tests: the binary at SEEDPOST_BIN (default
target/debug/seedpost at the repository's root), on a port the system picks, with its
own SQLite file, the house bots, and webhooks allowed to call 127.0.0.1; and servers
of a test's own (`restartable`: killed and started again on the same port and
database; `launch_server`: with more flags)."""

import json
import os
import socket
import subprocess
import threading
import uuid
from pathlib import Path

import pytest

from seedpost import Client

ROOT = Path(__file__).resolve().parents[3]
PASSWORD = "a long password"


class ServerAt:
    """A server at `url`: clients of it, and new accounts."""

    def __init__(self, url: str):
        self.url = url

    def client(self, token=None) -> Client:
        return Client(self.url, token)

    def account(self, prefix: str = "py", bot: bool = False):
        """A new account: (username, Client with its token)."""
        name = f"{prefix}-{uuid.uuid4().hex[:8]}"
        made = self.client().sign_up(name, PASSWORD, bot=bot)
        return name, self.client(made["token"])


class Server(ServerAt):
    def __init__(self, url: str, process: subprocess.Popen, log: Path):
        super().__init__(url)
        self.process = process
        self.log = log


def binary() -> Path:
    found = Path(os.environ.get("SEEDPOST_BIN", ROOT / "target" / "debug" / "seedpost"))
    if not found.is_file():
        pytest.fail(f"{found}: no seedpost binary (cargo build --bin seedpost, or SEEDPOST_BIN)")
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(data: Path, port: int = 0, flags=()) -> Server:
    """Starts a server on `data` (its SQLite file and log), on 127.0.0.1:`port`."""
    log = data / "server.log"
    process = subprocess.Popen(
        [
            str(binary()),
            "--database-url", f"sqlite://{data}/seedpost.db",
            "--bind", f"127.0.0.1:{port}",
            "--log-format", "json",
            "--webhook-allow-private",
            # The tests sign up more accounts from 127.0.0.1 than the default cap
            # lets one address make in an hour (SECURITY.md, "Floods").
            *([] if "--max-sign-ups-per-address" in flags else ["--max-sign-ups-per-address", "0"]),
            *flags,
            "serve",
        ],
        cwd=data,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = None
    assert process.stdout is not None
    with open(log, "a", encoding="utf-8") as out:
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
    return Server(url, process, log)


def stop(server: Server, kill: bool = False) -> None:
    if kill:
        server.process.kill()
    else:
        server.process.terminate()
    try:
        server.process.wait(10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    running = launch(tmp_path_factory.mktemp("server"))
    yield running
    stop(running)


class Restartable(ServerAt):
    """A server of its own on a fixed port, that a test kills and starts again (with
    the same database), or starts late."""

    def __init__(self, data: Path):
        self.data = data
        self.port = free_port()
        super().__init__(f"http://127.0.0.1:{self.port}")
        self.running = None

    def start(self) -> Server:
        self.running = launch(self.data, self.port)
        return self.running

    def kill(self) -> None:
        if self.running is not None:
            stop(self.running, kill=True)
            self.running = None


@pytest.fixture
def restartable(tmp_path):
    found = Restartable(tmp_path)
    yield found
    found.kill()


@pytest.fixture
def launch_server(tmp_path):
    """Starts a server of its own with more flags: `launch_server(*flags)`."""
    started = []

    def start(*flags):
        data = tmp_path / f"server{len(started)}"
        data.mkdir()
        started.append(launch(data, 0, flags))
        return started[-1]

    yield start
    for running in started:
        stop(running)
