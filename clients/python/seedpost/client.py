"""A typed client of the seedpost API (`/api/v1`), one method per route.

Only the standard library is used. Errors are `ApiError`s carrying the server's stable
`code`; a 429 is waited out (`Retry-After`, up to `max_rate_limit_wait` seconds, each
wait logged) and retried, up to `rate_limit_retries` times, which is safe for every
route (a refused action did nothing, and a move sent again at the same ply answers 200
with the game); past the cap it raises `RateLimited`. No answer at all raises
`ConnectionFailed`, after retries for the calls that are safe to send again (see
`Client`).
"""

from __future__ import annotations

import http.client
import json
import logging
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import (
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    cast,
)

from . import models
from .errors import ApiError, ConnectionFailed, RateLimited
from .events import EventStream, read_lines

__all__ = ["ApiError", "Client", "ConnectionFailed", "RateLimited", "route"]

log = logging.getLogger("seedpost.client")

API = "/api/v1"

F = TypeVar("F", bound=Callable[..., Any])


def route(method: str, path: str) -> Callable[[F], F]:
    """Marks a client method as the call of `method path` (a path of the API's
    description): `Client.routes()` lists them, and a test checks that every route of
    the served description has its method."""

    def mark(fn: F) -> F:
        fn.__route__ = (method, path)  # type: ignore[attr-defined]
        return fn

    return mark


def _drop_none(values: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


class Client:
    """The API of one server, as one account (`token`) or anonymously.

    `url` is the server's address (`http://127.0.0.1:8080`); `/api/v1` is added unless
    it is there already.

    A 429 is waited out (its `Retry-After`, each wait logged) and retried up to
    `rate_limit_retries` times, but only while the wait is at most
    `max_rate_limit_wait` seconds: past that the call raises `RateLimited` at once. A
    call that gets no answer (refused, reset, timed out) raises `ConnectionFailed`,
    after `connect_retries` retries with jittered backoff (up to `max_connect_backoff`
    seconds apart) when it is safe to send again: reads, PUTs and moves (a move sent
    again at the same ply answers 200).
    """

    def __init__(
        self,
        url: str,
        token: Optional[str] = None,
        *,
        timeout: float = 30.0,
        rate_limit_retries: int = 3,
        max_rate_limit_wait: float = 60.0,
        connect_retries: int = 4,
        max_connect_backoff: float = 10.0,
        user_agent: str = "seedpost-python",
    ):
        base = url.rstrip("/")
        if not base.endswith(API):
            base += API
        self.base = base
        self.token = token
        self.timeout = timeout
        self.rate_limit_retries = rate_limit_retries
        self.max_rate_limit_wait = max_rate_limit_wait
        self.connect_retries = connect_retries
        self.max_connect_backoff = max_connect_backoff
        self.user_agent = user_agent
        # The server's read position after this client's last write (the
        # `Seedpost-Lsn` header), sent back so that behind a read replica the client
        # reads its own writes on any instance (docs/operations.md, "A read replica").
        self.read_position: Optional[str] = None

    @classmethod
    def routes(cls) -> Dict[Tuple[str, str], str]:
        """Every `(method, path)` this client calls, with its method's name."""
        found = {}
        for name in dir(cls):
            marked = getattr(getattr(cls, name), "__route__", None)
            if marked:
                found[marked] = name
        return found

    # -- transport ---------------------------------------------------------------

    def _request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Dict[str, Any]] = None,
        body: Optional[Dict[str, Any]] = None,
        headers: Optional[Dict[str, str]] = None,
        stream: bool = False,
        timeout: Optional[float] = None,
        resend: Optional[bool] = None,
    ) -> Any:
        """One call. A connection failure is retried (jittered backoff,
        `connect_retries` times) when the call is safe to send again: `resend`, or by
        default a GET or PUT; a stream is never retried here (`EventStream` does it)."""
        url = self.base + path
        if query:
            query = {
                k: ("true" if v is True else "false" if v is False else v)
                for k, v in query.items()
                if v is not None
            }
            if query:
                url += "?" + urllib.parse.urlencode(query)
        all_headers = {"User-Agent": self.user_agent, "Accept": "application/json"}
        if self.token:
            all_headers["Authorization"] = f"Bearer {self.token}"
        if self.read_position:
            all_headers["Seedpost-Lsn"] = self.read_position
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        if resend is None:
            resend = method in ("GET", "HEAD", "PUT") and not stream
        limited = 0
        failed = 0
        while True:
            request = urllib.request.Request(url, data=data, headers=all_headers, method=method)
            try:
                try:
                    answer = urllib.request.urlopen(request, timeout=timeout or self.timeout)
                except urllib.error.HTTPError as e:
                    error = ApiError(e.code, _error_body(e))
                    e.close()
                    if e.code != 429:
                        raise error from None
                    wait = max(1, error.retry_after or _int(e.headers.get("Retry-After"), 1))
                    if limited >= self.rate_limit_retries or wait > self.max_rate_limit_wait:
                        raise RateLimited(e.code, error.body) from None
                    limited += 1
                    log.warning(
                        "%s %s: rate limited, waiting %d s (retry %d of %d)",
                        method, path, wait, limited, self.rate_limit_retries,
                    )
                    time.sleep(wait)
                    continue
                if stream:
                    return answer
                with answer:
                    raw = answer.read()
                    kind = answer.headers.get_content_type()
                    position = answer.headers.get("Seedpost-Lsn")
                    if position:
                        self.read_position = position
            except (http.client.HTTPException, OSError) as e:
                cause = getattr(e, "reason", e) if isinstance(e, urllib.error.URLError) else e
                if not resend or failed >= self.connect_retries:
                    raise ConnectionFailed(url, cause) from None
                wait = min(self.max_connect_backoff, 0.5 * 2**failed) * random.uniform(0.5, 1.0)
                failed += 1
                log.warning(
                    "%s %s: %s; retrying in %.1f s (%d of %d)",
                    method, path, cause, wait, failed, self.connect_retries,
                )
                time.sleep(wait)
                continue
            if not raw:
                return None
            if kind == "application/json":
                return json.loads(raw)
            return raw.decode("utf-8")

    # -- accounts and tokens -----------------------------------------------------

    @route("POST", "/accounts")
    def sign_up(self, username: str, password: str, bot: bool = False) -> models.SignedUpJson:
        """Makes an account; the answer carries its first token (shown once)."""
        return cast(
            models.SignedUpJson,
            self._request(
                "POST", "/accounts", body={"username": username, "password": password, "bot": bot}
            ),
        )

    @route("POST", "/tokens")
    def create_token(
        self,
        username: str,
        password: str,
        label: str,
        scopes: Optional[Sequence[str]] = None,
    ) -> models.NewTokenJson:
        """Makes a token by logging in (the secret is shown once), for `scopes` (some of
        `read`, `play`, `challenge`, `webhooks`, `account`; all of them when None)."""
        body: Dict[str, Any] = {"username": username, "password": password, "label": label}
        if scopes is not None:
            body["scopes"] = list(scopes)
        return cast(models.NewTokenJson, self._request("POST", "/tokens", body=body))

    @route("GET", "/tokens")
    def tokens(self) -> List[models.TokenJson]:
        """The account's tokens (without secrets)."""
        return cast(List[models.TokenJson], self._request("GET", "/tokens"))

    @route("DELETE", "/tokens/{id}")
    def revoke_token(self, id: str) -> None:
        """Revokes a token."""
        self._request("DELETE", f"/tokens/{_seg(id)}")

    @route("GET", "/me")
    def me(self) -> models.AccountJson:
        """The token's account."""
        return cast(models.AccountJson, self._request("GET", "/me"))

    @route("POST", "/me/password")
    def change_password(
        self, current: str, new: str, *, revoke_tokens: bool = False
    ) -> models.EndedJson:
        """Changes the password: every browser session ends; API tokens stay unless
        `revoke_tokens` (then this client's token ends too)."""
        body = {"current": current, "new": new, "revoke_tokens": revoke_tokens}
        return cast(models.EndedJson, self._request("POST", "/me/password", body=body))

    @route("DELETE", "/me/sessions")
    def log_out_everywhere(self) -> models.EndedJson:
        """Ends every browser session of the account (API tokens stay)."""
        return cast(models.EndedJson, self._request("DELETE", "/me/sessions"))

    @route("GET", "/me/export")
    def export(self) -> Dict[str, Any]:
        """The account's data as JSON (no secrets)."""
        return cast(Dict[str, Any], self._request("GET", "/me/export"))

    @route("DELETE", "/me")
    def delete_account(self, password: str) -> None:
        """Deletes the account for good (finished games keep a placeholder name)."""
        self._request("DELETE", "/me", body={"password": password})

    @route("GET", "/me/blocks")
    def blocks(self) -> List[models.BlockedJson]:
        """The players this account blocked."""
        return cast(List[models.BlockedJson], self._request("GET", "/me/blocks"))

    @route("PUT", "/me/blocks/{name}")
    def block(self, name: str) -> None:
        """Blocks a player: it can no longer challenge this account nor chat with
        it."""
        self._request("PUT", f"/me/blocks/{_seg(name)}")

    @route("DELETE", "/me/blocks/{name}")
    def unblock(self, name: str) -> None:
        """Unblocks a player."""
        self._request("DELETE", f"/me/blocks/{_seg(name)}")

    @route("GET", "/me/vacation")
    def vacation(self) -> models.VacationJson:
        """The account's vacation."""
        return cast(models.VacationJson, self._request("GET", "/me/vacation"))

    @route("POST", "/me/vacation")
    def start_vacation(self) -> models.VacationJson:
        """Goes on vacation (clocks of the account's games stop)."""
        return cast(models.VacationJson, self._request("POST", "/me/vacation"))

    @route("DELETE", "/me/vacation")
    def end_vacation(self) -> models.VacationJson:
        """Comes back from vacation."""
        return cast(models.VacationJson, self._request("DELETE", "/me/vacation"))

    @route("GET", "/me/calendar")
    def calendar(self) -> models.CalendarJson:
        """Whether the account has a calendar feed."""
        return cast(models.CalendarJson, self._request("GET", "/me/calendar"))

    @route("POST", "/me/calendar")
    def create_calendar(self) -> models.CalendarUrlJson:
        """A new secret calendar feed URL (the old one stops working)."""
        return cast(models.CalendarUrlJson, self._request("POST", "/me/calendar"))

    @route("DELETE", "/me/calendar")
    def revoke_calendar(self) -> None:
        """Stops the calendar feed."""
        self._request("DELETE", "/me/calendar")

    @route("GET", "/me/digest")
    def digest(self) -> models.DigestJson:
        """The daily e-mail digest's settings."""
        return cast(models.DigestJson, self._request("GET", "/me/digest"))

    @route("PUT", "/me/digest")
    def set_digest(self, email: Optional[str], enabled: bool) -> models.DigestJson:
        """Sets the daily e-mail digest."""
        body = {"email": email, "enabled": enabled}
        return cast(models.DigestJson, self._request("PUT", "/me/digest", body=body))

    @route("POST", "/me/digest/verification")
    def resend_verification(self) -> models.DigestJson:
        """Mails the digest address a new verification link."""
        return cast(models.DigestJson, self._request("POST", "/me/digest/verification"))

    @route("POST", "/password-reset")
    def request_password_reset(self, username_or_email: str) -> models.ResetAcceptedJson:
        """Asks for a password reset link, mailed to the account's verified address
        (the answer is the same whether or not an account matches)."""
        body = {"username_or_email": username_or_email}
        return cast(
            models.ResetAcceptedJson, self._request("POST", "/password-reset", body=body)
        )

    @route("POST", "/password-reset/confirm")
    def confirm_password_reset(self, token: str, password: str) -> models.EndedJson:
        """Sets a new password with the `token` of a mailed reset link; every browser
        session of the account ends."""
        body = {"token": token, "password": password}
        return cast(
            models.EndedJson, self._request("POST", "/password-reset/confirm", body=body)
        )

    @route("GET", "/me/language")
    def language(self) -> models.LanguageJson:
        """The account's language (of its pages, e-mails and notifications)."""
        return cast(models.LanguageJson, self._request("GET", "/me/language"))

    @route("PUT", "/me/language")
    def set_language(self, language: Optional[str]) -> models.LanguageJson:
        """Sets the account's language: a tag such as "tr", or None for none."""
        body = {"language": language}
        return cast(models.LanguageJson, self._request("PUT", "/me/language", body=body))

    # -- notifications (docs/notifications.md) -----------------------------------

    @route("GET", "/push/key")
    def push_key(self) -> models.VapidKeyJson:
        """The server's VAPID public key, for a browser's push subscription."""
        return cast(models.VapidKeyJson, self._request("GET", "/push/key"))

    @route("GET", "/me/push-subscriptions")
    def push_subscriptions(self) -> List[models.PushSubscriptionJson]:
        """This account's devices that get push notifications."""
        return cast(
            List[models.PushSubscriptionJson], self._request("GET", "/me/push-subscriptions")
        )

    @route("POST", "/me/push-subscriptions")
    def add_push_subscription(
        self, endpoint: str, keys: Dict[str, str], expirationTime: Optional[int] = None
    ) -> models.PushSubscriptionJson:
        """Adds a device, from a browser's PushSubscription (endpoint and keys)."""
        body = _drop_none({"endpoint": endpoint, "keys": keys, "expirationTime": expirationTime})
        return cast(
            models.PushSubscriptionJson,
            self._request("POST", "/me/push-subscriptions", body=body),
        )

    @route("DELETE", "/me/push-subscriptions/{id}")
    def remove_push_subscription(self, id: str) -> None:
        """Removes a device."""
        self._request("DELETE", f"/me/push-subscriptions/{_seg(id)}")

    @route("GET", "/me/notifications")
    def notifications(self) -> models.NotificationSettingsJson:
        """Which notifications this account gets, on which channel."""
        return cast(models.NotificationSettingsJson, self._request("GET", "/me/notifications"))

    @route("PUT", "/me/notifications")
    def set_notifications(
        self, push: Any, email: Any, calendar: Any, bot: Any
    ) -> models.NotificationSettingsJson:
        """Sets which notifications this account gets, per channel."""
        body = {"push": push, "email": email, "calendar": calendar, "bot": bot}
        return cast(
            models.NotificationSettingsJson,
            self._request("PUT", "/me/notifications", body=body),
        )

    @route("POST", "/me/notifications/test")
    def test_notification(self) -> models.TestPushJson:
        """Sends a test notification to this account's devices."""
        return cast(models.TestPushJson, self._request("POST", "/me/notifications/test"))

    # -- analysis ------------------------------------------------------------------

    @route("GET", "/analysis")
    def position_analysis(
        self,
        variant: str,
        south: str,
        north: str,
        to_move: str,
        seen: Optional[str] = None,
        south_store: Optional[str] = None,
        north_store: Optional[str] = None,
        south_tuzdyk: Optional[str] = None,
        north_tuzdyk: Optional[str] = None,
    ) -> Dict[str, Any]:
        """The value of a position and of each legal move (the position API). In Oware
        and Togyz kumalak the stones off the board decide the game: give each side's
        store (and in Togyz each side's tuzdyk, a pit of the other's row)."""
        query = _drop_none(
            {
                "variant": variant,
                "south": south,
                "north": north,
                "to_move": to_move,
                "seen": seen,
                "south_store": south_store,
                "north_store": north_store,
                "south_tuzdyk": south_tuzdyk,
                "north_tuzdyk": north_tuzdyk,
            }
        )
        return cast(Dict[str, Any], self._request("GET", "/analysis", query=query))

    # -- games, challenges -------------------------------------------------------

    @route("GET", "/variants")
    def variants(self) -> List[models.VariantJson]:
        """The three games and their boards."""
        return cast(List[models.VariantJson], self._request("GET", "/variants"))

    @route("GET", "/challenges")
    def challenges(
        self, limit: Optional[int] = None, before: Optional[str] = None
    ) -> List[models.ChallengeJson]:
        """Open challenges the account can see."""
        query = _drop_none({"limit": limit, "before": before})
        return cast(
            List[models.ChallengeJson], self._request("GET", "/challenges", query=query)
        )

    @route("POST", "/challenges")
    def create_challenge(
        self,
        variant: str,
        *,
        opponent: Optional[str] = None,
        days_per_move: Optional[int] = None,
        first: Optional[str] = None,
        rated: Optional[bool] = None,
        weekend_pause: Optional[bool] = None,
        games: Optional[int] = None,
        schedule: Optional[str] = None,
        stop_when_decided: Optional[bool] = None,
    ) -> models.ChallengeJson:
        """Challenges `opponent`, or anyone when it is None. `first`: `random`,
        `challenger` or `opponent`; `games` 2 to 9 makes a match."""
        body = _drop_none(
            {
                "variant": variant,
                "opponent": opponent,
                "days_per_move": days_per_move,
                "first": first,
                "rated": rated,
                "weekend_pause": weekend_pause,
                "games": games,
                "schedule": schedule,
                "stop_when_decided": stop_when_decided,
            }
        )
        return cast(models.ChallengeJson, self._request("POST", "/challenges", body=body))

    @route("GET", "/challenges/{id}")
    def challenge(self, id: str) -> models.ChallengeJson:
        """One challenge."""
        return cast(models.ChallengeJson, self._request("GET", f"/challenges/{_seg(id)}"))

    @route("DELETE", "/challenges/{id}")
    def cancel_challenge(self, id: str) -> None:
        """Withdraws the account's own challenge."""
        self._request("DELETE", f"/challenges/{_seg(id)}")

    @route("POST", "/challenges/{id}/accept")
    def accept_challenge(self, id: str) -> models.GameJson:
        """Accepts a challenge; the answer is the game (a match's first game)."""
        return cast(models.GameJson, self._request("POST", f"/challenges/{_seg(id)}/accept"))

    @route("POST", "/challenges/{id}/decline")
    def decline_challenge(self, id: str, reason: Optional[str] = None) -> models.ChallengeJson:
        """Declines a challenge addressed to the account, for `reason` (`generic` when
        None; see `models.DeclineReasonName`), which the challenger is shown; the answer
        is the challenge."""
        path = f"/challenges/{_seg(id)}/decline"
        body = None if reason is None else {"reason": reason}
        return cast(models.ChallengeJson, self._request("POST", path, body=body))

    @route("GET", "/me/challenge-filters")
    def challenge_filters(self) -> models.ChallengeFiltersJson:
        """The challenges the account takes (`active` False: every one)."""
        return cast(models.ChallengeFiltersJson, self._request("GET", "/me/challenge-filters"))

    @route("PUT", "/me/challenge-filters")
    def set_challenge_filters(
        self,
        *,
        variants: Optional[List[str]] = None,
        min_days_per_move: Optional[int] = None,
        max_days_per_move: Optional[int] = None,
        rated: Optional[bool] = None,
        casual: Optional[bool] = None,
        from_bots: Optional[bool] = None,
        from_humans: Optional[bool] = None,
    ) -> models.ChallengeFiltersJson:
        """Sets the challenges the account takes (each filter left None takes
        everything); a challenge asking for anything else is declined as it is made."""
        given = {
            "variants": variants,
            "min_days_per_move": min_days_per_move,
            "max_days_per_move": max_days_per_move,
            "rated": rated,
            "casual": casual,
            "from_bots": from_bots,
            "from_humans": from_humans,
        }
        body = {k: v for k, v in given.items() if v is not None}
        return cast(
            models.ChallengeFiltersJson,
            self._request("PUT", "/me/challenge-filters", body=body),
        )

    @route("DELETE", "/me/challenge-filters")
    def clear_challenge_filters(self) -> None:
        """Takes every challenge again."""
        self._request("DELETE", "/me/challenge-filters")

    @route("PUT", "/me/runner-lease")
    def claim_runner_lease(self, holder: str, seconds: Optional[int] = None) -> models.LeaseJson:
        """Claims the account's runner lease for `holder` (a name of the runner's own)
        for `seconds` (10 to 600, 60 by default), or renews it: one runner per account
        at a time. `{"holder", "expires_at"}`; 409 `lease_held` while another holder's
        lease stands."""
        body = _drop_none({"holder": holder, "seconds": seconds})
        return cast(models.LeaseJson, self._request("PUT", "/me/runner-lease", body=body))

    @route("DELETE", "/me/runner-lease")
    def release_runner_lease(self, holder: str) -> None:
        """Ends `holder`'s runner lease (another holder's stays)."""
        self._request("DELETE", "/me/runner-lease", body={"holder": holder})

    @route("GET", "/games")
    def games(
        self,
        *,
        status: Optional[str] = None,
        player: Optional[str] = None,
        my_turn: Optional[bool] = None,
        limit: Optional[int] = None,
    ) -> List[models.GameJson]:
        """Games, most urgent first (without `moves`). `status`: `ongoing`,
        `finished` or `aborted`."""
        query = {"status": status, "player": player, "my_turn": my_turn, "limit": limit}
        return cast(List[models.GameJson], self._request("GET", "/games", query=query))

    @route("GET", "/games/{id}")
    def game(self, id: str) -> models.GameJson:
        """One game, with its moves."""
        return cast(models.GameJson, self._request("GET", f"/games/{_seg(id)}"))

    @route("POST", "/games/{id}/moves")
    def play(self, id: str, ply: int, pit: int) -> models.GameJson:
        """Plays `pit` in the game, where `ply` plies have been played (the game's
        `ply`). Sending the same move again at the same ply answers the game."""
        body = {"ply": ply, "pit": pit}
        return cast(
            models.GameJson,
            self._request("POST", f"/games/{_seg(id)}/moves", body=body, resend=True),
        )

    @route("POST", "/games/{id}/resign")
    def resign(self, id: str) -> models.GameJson:
        """Resigns the game."""
        return cast(models.GameJson, self._request("POST", f"/games/{_seg(id)}/resign"))

    @route("POST", "/games/{id}/abort")
    def abort(self, id: str) -> models.GameJson:
        """Aborts the game (before both sides have moved)."""
        return cast(models.GameJson, self._request("POST", f"/games/{_seg(id)}/abort"))

    @route("GET", "/games/{id}/conditional")
    def conditional(self, id: str) -> models.ConditionalJson:
        """Your conditional lines in the game (`{"ply", "lines", "played"}`), seen by
        you alone: `played` holds the plies the server played from them."""
        return cast(
            models.ConditionalJson, self._request("GET", f"/games/{_seg(id)}/conditional")
        )

    @route("PUT", "/games/{id}/conditional")
    def set_conditional(self, id: str, ply: int, lines: List[List[int]]) -> models.ConditionalJson:
        """Plans ahead while it is the opponent's turn, at the game's `ply`: each line
        is the pits sown in turn from there by whoever the rules say moves, the
        opponent first, then at least one of yours ("if they play X, I play Y"). The
        new set replaces the old; an empty list clears it. 422 `illegal_line` (with
        `line` and `ply`), `conflicting_lines`; 409 `stale_ply`, `not_opponents_turn`."""
        body = {"ply": ply, "lines": lines}
        return cast(
            models.ConditionalJson,
            self._request("PUT", f"/games/{_seg(id)}/conditional", body=body),
        )

    @route("DELETE", "/games/{id}/conditional")
    def clear_conditional(self, id: str) -> None:
        """Clears your conditional lines in the game."""
        self._request("DELETE", f"/games/{_seg(id)}/conditional")

    @route("GET", "/games/{id}/record")
    def record(self, id: str) -> str:
        """The game in the text notation (`seedpost_rules.Record.parse` reads it)."""
        return cast(str, self._request("GET", f"/games/{_seg(id)}/record"))

    @route("GET", "/games/{id}/note")
    def note(self, id: str) -> models.NoteJson:
        """The account's own note on a game it plays (nobody else reads it)."""
        return cast(models.NoteJson, self._request("GET", f"/games/{_seg(id)}/note"))

    @route("PUT", "/games/{id}/note")
    def set_note(self, id: str, text: str) -> models.NoteJson:
        """Saves the account's note on a game (up to 4,000 characters; empty clears
        it)."""
        return cast(
            models.NoteJson,
            self._request("PUT", f"/games/{_seg(id)}/note", body={"text": text}),
        )

    @route("GET", "/games/{id}/chat")
    def chat(self, id: str) -> List[models.LineJson]:
        """The chat of a game the account plays, oldest first."""
        return cast(List[models.LineJson], self._request("GET", f"/games/{_seg(id)}/chat"))

    @route("POST", "/games/{id}/chat")
    def say(self, id: str, text: str) -> models.LineJson:
        """Writes a line (1 to 500 characters) in the chat of a game the account
        plays; both players' event streams get it as a `chat_line` event."""
        return cast(
            models.LineJson,
            self._request("POST", f"/games/{_seg(id)}/chat", body={"text": text}),
        )

    @route("POST", "/games/{id}/chat/{line}/report")
    def report_line(self, id: str, line: str) -> None:
        """Reports the opponent's chat line to the server's operator."""
        self._request("POST", f"/games/{_seg(id)}/chat/{_seg(line)}/report")

    @route("GET", "/players/{name}/games.txt")
    def games_file(
        self,
        name: str,
        variant: Optional[str] = None,
        since: Optional[str] = None,
        until: Optional[str] = None,
    ) -> str:
        """Every finished game of a player in the text notation, newest first, a
        blank line between; `since` and `until` are RFC 3339 times or dates."""
        query = {"variant": variant, "since": since, "until": until}
        return cast(
            str,
            self._request("GET", f"/players/{_seg(name)}/games.txt", query=query),
        )

    @route("GET", "/games/{id}/analysis")
    def analysis(self, id: str) -> models.AnalysisJson:
        """A finished game's analysis."""
        return cast(models.AnalysisJson, self._request("GET", f"/games/{_seg(id)}/analysis"))

    @route("GET", "/matches")
    def matches(self, *, player: Optional[str] = None) -> List[models.MatchJson]:
        """A player's matches."""
        return cast(
            List[models.MatchJson], self._request("GET", "/matches", query={"player": player})
        )

    @route("GET", "/matches/{id}")
    def match(self, id: str) -> models.MatchJson:
        """One match with its games and score."""
        return cast(models.MatchJson, self._request("GET", f"/matches/{_seg(id)}"))

    @route("GET", "/standings")
    def standings(
        self,
        *,
        variant: Optional[str] = None,
        limit: Optional[int] = None,
        offset: Optional[int] = None,
    ) -> List[models.StandingJson]:
        """The standings, highest points first, ``limit`` lines after ``offset``."""
        query = _drop_none({"variant": variant, "limit": limit, "offset": offset})
        return cast(List[models.StandingJson], self._request("GET", "/standings", query=query))

    @route("GET", "/players/{name}/ratings")
    def player_ratings(self, name: str) -> models.PlayerRatingsJson:
        """A player's ratings, one per variant with a finished rated game."""
        path = f"/players/{_seg(name)}/ratings"
        return cast(models.PlayerRatingsJson, self._request("GET", path))

    # -- tournaments --------------------------------------------------------------

    @route("GET", "/tournaments")
    def tournaments(
        self,
        *,
        status: Optional[str] = None,
        limit: Optional[int] = None,
        offset: Optional[int] = None,
    ) -> List[models.TournamentJson]:
        """Tournaments, open ones first, ``limit`` after ``offset``."""
        query = _drop_none({"status": status, "limit": limit, "offset": offset})
        return cast(List[models.TournamentJson], self._request("GET", "/tournaments", query=query))

    @route("POST", "/tournaments")
    def create_tournament(
        self,
        name: str,
        variant: str,
        starts_at: str,
        *,
        days_per_move: Optional[int] = None,
        double: Optional[bool] = None,
        rated: Optional[bool] = None,
        vacation_allowed: Optional[bool] = None,
        max_players: Optional[int] = None,
    ) -> models.TournamentJson:
        """Makes a round-robin tournament starting at `starts_at` (RFC 3339)."""
        body = _drop_none(
            {
                "name": name,
                "variant": variant,
                "starts_at": starts_at,
                "days_per_move": days_per_move,
                "double": double,
                "rated": rated,
                "vacation_allowed": vacation_allowed,
                "max_players": max_players,
            }
        )
        return cast(models.TournamentJson, self._request("POST", "/tournaments", body=body))

    @route("GET", "/tournaments/{id}")
    def tournament(self, id: str) -> models.TournamentDetailJson:
        """A tournament with its players, crosstable and games."""
        path = f"/tournaments/{_seg(id)}"
        return cast(models.TournamentDetailJson, self._request("GET", path))

    @route("POST", "/tournaments/{id}/join")
    def join_tournament(self, id: str) -> models.TournamentDetailJson:
        """Joins a tournament before its start."""
        path = f"/tournaments/{_seg(id)}/join"
        return cast(models.TournamentDetailJson, self._request("POST", path))

    @route("POST", "/tournaments/{id}/withdraw")
    def withdraw_from_tournament(self, id: str) -> models.TournamentDetailJson:
        """Leaves a tournament (after its start, resigning the remaining games)."""
        path = f"/tournaments/{_seg(id)}/withdraw"
        return cast(models.TournamentDetailJson, self._request("POST", path))

    # -- streams ---------------------------------------------------------------------

    @route("GET", "/stream/events")
    def stream_events(
        self, *, since: Optional[int] = None, last_event_id: Optional[int] = None
    ) -> Iterator[Dict[str, Any]]:
        """One connection of the account's event stream: the snapshot, the stored
        events after `since` (or `last_event_id`), then new ones, without end and
        without resuming. `events()` resumes and dedupes."""
        headers = {"Accept": "application/x-ndjson"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        answer = self._request(
            "GET",
            "/stream/events",
            query={"since": since},
            headers=headers,
            stream=True,
            timeout=self.stream_timeout,
        )
        return read_lines(answer)

    #: Seconds of silence after which a stream is taken for dead (the server sends a
    #: keep-alive every 10 s).
    stream_timeout: float = 35.0

    def events(
        self,
        *,
        since: Optional[int] = None,
        state_file: Optional[str] = None,
        max_backoff: float = 30.0,
        on_connect: Optional[Callable[[], None]] = None,
    ) -> EventStream:
        """The account's events, resumed after every disconnect and deduplicated (see
        `EventStream`): reconnections at most `max_backoff` seconds apart, and
        `on_connect` called after each connection opens."""
        return EventStream(
            self, since=since, state_file=state_file, max_backoff=max_backoff,
            on_connect=on_connect,
        )

    @route("GET", "/games/{id}/stream")
    def stream_game(self, id: str) -> Iterator[models.GameJson]:
        """The game, then the game again after every change, until it is over."""
        answer = self._request(
            "GET",
            f"/games/{_seg(id)}/stream",
            headers={"Accept": "application/x-ndjson"},
            stream=True,
            timeout=self.stream_timeout,
        )
        return cast(Iterator[models.GameJson], read_lines(answer))

    # -- webhooks ------------------------------------------------------------------

    @route("GET", "/webhooks")
    def webhooks(self) -> List[models.WebhookJson]:
        """The account's webhooks (secrets not shown)."""
        return cast(List[models.WebhookJson], self._request("GET", "/webhooks"))

    @route("POST", "/webhooks")
    def create_webhook(self, url: str, secret: str) -> models.WebhookJson:
        """POSTs the account's events to `url`, signed with `secret` (see
        `seedpost.webhooks`)."""
        body = {"url": url, "secret": secret}
        return cast(models.WebhookJson, self._request("POST", "/webhooks", body=body))

    @route("DELETE", "/webhooks/{id}")
    def delete_webhook(self, id: str) -> None:
        """Deletes a webhook."""
        self._request("DELETE", f"/webhooks/{_seg(id)}")

    @route("GET", "/webhooks/{id}/deliveries")
    def webhook_deliveries(
        self,
        id: str,
        status: Optional[str] = None,
        limit: Optional[int] = None,
        before: Optional[str] = None,
    ) -> List[models.DeliveryJson]:
        """A webhook's deliveries, newest first: a page of `limit` (50 by default)
        after the delivery `before`, only those of `status` (`pending`, `in_flight`,
        `delivered` or `failed`) when given."""
        path = f"/webhooks/{_seg(id)}/deliveries"
        query = _drop_none({"status": status, "limit": limit, "before": before})
        return cast(List[models.DeliveryJson], self._request("GET", path, query=query))

    # -- the description -------------------------------------------------------------

    @route("GET", "/openapi.json")
    def openapi(self) -> Dict[str, Any]:
        """The API's OpenAPI description."""
        return cast(Dict[str, Any], self._request("GET", "/openapi.json"))

    @route("GET", "/docs")
    def docs(self) -> str:
        """The description as an HTML page."""
        return cast(str, self._request("GET", "/docs", headers={"Accept": "text/html"}))


def _seg(value: str) -> str:
    """A path segment, escaped."""
    return urllib.parse.quote(str(value), safe="")


def _int(text: Optional[str], default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def _error_body(e: urllib.error.HTTPError) -> Dict[str, Any]:
    try:
        body = json.loads(e.read() or b"{}")
    except ValueError:
        return {"error": "http_error", "message": e.reason}
    if not isinstance(body, dict):
        return {"error": "http_error", "message": str(body)}
    return body
