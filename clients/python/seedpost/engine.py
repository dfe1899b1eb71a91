"""The seedpost engine protocol (version 1): a program that plays, spoken to on its
standard input and answering on its standard output, one line at a time, as UCI and
GTP engines are. docs/bots.md describes it; in short:

    runner: sep 1                                  engine: id name Random
                                                   engine: id author Ayse
                                                   engine: variants tihbat modiar
                                                   engine: sepok
    runner: position tihbat first south moves 2 1 1
    runner: go legal 1 2 movetime 1000
                                                   engine: info any text (logged)
                                                   engine: pit 2
    runner: quit

`position` gives the whole game: the variant, who moved first and every pit played in
order (Tihbat's automatic passes left out, as `seedpost replay` takes them); `go` asks
for a pit, listing the legal ones (so an engine needs no rules to play legally) and
the time it may take. Engines ignore commands they do not know; the runner ignores
lines it does not know.

`serve` is the engine's side of it in Python; `EngineProcess` the runner's.
"""

import logging
import queue
import shlex
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import IO, Callable, List, Optional, Sequence, Union

__all__ = ["EngineError", "EngineProcess", "Request", "serve", "VERSION"]

VERSION = 1
ALL_VARIANTS = ("mangala", "modiar", "tihbat")

log = logging.getLogger("seedpost.engine")


@dataclass
class Request:
    """What `go` asks: the game so far and the legal pits."""

    variant: str
    first: str
    moves: List[int]
    legal: List[int]
    movetime: Optional[int] = None  # milliseconds

    def game(self):  # type: ignore[no-untyped-def]
        """The game as a `seedpost_rules.Game` (needs the bindings installed)."""
        import seedpost_rules

        return seedpost_rules.Game.from_pits(self.variant, self.first, self.moves)


def serve(
    choose: Callable[[Request], int],
    *,
    name: str = "engine",
    author: str = "",
    variants: Sequence[str] = ALL_VARIANTS,
    stdin: Optional[IO[str]] = None,
    stdout: Optional[IO[str]] = None,
) -> None:
    """Runs an engine: answers the runner's commands on `stdin`/`stdout` until `quit`
    or the end of the input, asking `choose` for each pit."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    variant, first, moves = "mangala", "south", []  # type: ignore[var-annotated]
    for line in inp:
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        if command == "sep":
            say(f"id name {name}")
            if author:
                say(f"id author {author}")
            say("variants " + " ".join(variants))
            say("sepok")
        elif command == "position":
            variant, first, moves = parse_position(args)
        elif command == "go":
            legal, movetime = parse_go(args)
            say(f"pit {choose(Request(variant, first, list(moves), legal, movetime))}")
        elif command == "quit":
            return


def parse_position(args: Sequence[str]):  # type: ignore[no-untyped-def]
    """`<variant> first <side> moves <pit>...` as (variant, first, pits)."""
    variant = args[0]
    first = args[args.index("first") + 1] if "first" in args else "south"
    moves = [int(w) for w in args[args.index("moves") + 1 :]] if "moves" in args else []
    return variant, first, moves


def parse_go(args: Sequence[str]):  # type: ignore[no-untyped-def]
    """`legal <pit>... movetime <ms>` as (legal pits, movetime or None)."""
    legal: List[int] = []
    movetime = None
    key = None
    for word in args:
        if word in ("legal", "movetime"):
            key = word
        elif key == "legal":
            legal.append(int(word))
        elif key == "movetime":
            movetime = int(word)
    return legal, movetime


class EngineError(Exception):
    """The engine did not answer as the protocol says (or in time)."""


@dataclass
class EngineProcess:
    """An engine program run by the runner: started and greeted by `start`, asked for
    pits by `choose`, ended by `close`."""

    command: Union[str, Sequence[str]]
    handshake_timeout: float = 10.0
    name: str = ""
    author: str = ""
    variants: List[str] = field(default_factory=lambda: list(ALL_VARIANTS))
    _process: Optional[subprocess.Popen] = None
    _lines: "queue.Queue[Optional[str]]" = field(default_factory=queue.Queue)

    def start(self) -> "EngineProcess":
        """Starts the program and does the handshake. Raises `EngineError`."""
        args = shlex.split(self.command) if isinstance(self.command, str) else list(self.command)
        try:
            self._process = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as e:
            raise EngineError(f"cannot start {args!r}: {e}") from None
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._log_stderr, daemon=True).start()
        self._send(f"sep {VERSION}")
        while True:
            words = self._next(self.handshake_timeout, "sepok").split()
            if words[0] == "sepok":
                return self
            if words[:2] == ["id", "name"]:
                self.name = " ".join(words[2:])
            elif words[:2] == ["id", "author"]:
                self.author = " ".join(words[2:])
            elif words[0] == "variants":
                self.variants = [v for v in words[1:] if v in ALL_VARIANTS]

    def choose(
        self,
        variant: str,
        first: str,
        moves: Sequence[int],
        legal: Sequence[int],
        movetime_ms: int,
        grace: float = 10.0,
    ) -> int:
        """Sends the game and `go`, and waits `movetime_ms` plus `grace` seconds for
        the pit. Raises `EngineError` (not checking that the pit is legal)."""
        position = f"position {variant} first {first} moves"
        self._send(" ".join([position] + [str(m) for m in moves]))
        self._send(
            " ".join(["go legal"] + [str(p) for p in legal] + ["movetime", str(movetime_ms)])
        )
        while True:
            words = self._next(movetime_ms / 1000 + grace, "pit").split()
            if words[0] == "info":
                log.debug("%s: %s", self.name or "engine", " ".join(words[1:]))
            elif words[0] == "pit":
                if len(words) != 2 or not words[1].isdigit():
                    raise EngineError(f"not a pit: {' '.join(words)!r}")
                return int(words[1])

    def close(self, timeout: float = 2.0) -> None:
        """Says `quit` and waits for the program to end; kills it after `timeout`."""
        process = self._process
        if process is None:
            return
        self._process = None
        try:
            self._send_to(process, "quit")
            process.wait(timeout)
        except (OSError, subprocess.TimeoutExpired, EngineError):
            process.kill()
            process.wait()
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe:
                pipe.close()

    def _send(self, line: str) -> None:
        if self._process is None:
            raise EngineError("the engine is not running")
        self._send_to(self._process, line)

    @staticmethod
    def _send_to(process: subprocess.Popen, line: str) -> None:
        try:
            assert process.stdin is not None
            process.stdin.write(line + "\n")
            process.stdin.flush()
        except (OSError, ValueError) as e:
            raise EngineError(f"the engine stopped reading: {e}") from None

    def _next(self, timeout: float, waiting_for: str) -> str:
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise EngineError(f"no `{waiting_for}` within {timeout:.0f} s") from None
            if line is None:
                raise EngineError(f"the engine ended before `{waiting_for}`")
            if line.strip():
                return line.strip()

    def _read(self) -> None:
        process = self._process
        assert process is not None and process.stdout is not None
        try:
            for line in process.stdout:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _log_stderr(self) -> None:
        process = self._process
        assert process is not None and process.stderr is not None
        try:
            for line in process.stderr:
                log.info("engine: %s", line.rstrip())
        except (OSError, ValueError):
            pass
