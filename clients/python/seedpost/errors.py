"""The errors of an API call: `ApiError` (the server answered with an error),
`RateLimited` (a 429 the client would not wait out), `ConnectionFailed` (no answer)."""

from typing import Any, Dict, Optional


class ApiError(Exception):
    """An error answer: `status`, the stable `code` (`not_found`, `stale_ply`, ...), the
    `message`, and the whole `body` (`reason` with `illegal_move`, `retry_after` with
    `rate_limited`)."""

    def __init__(self, status: int, body: Dict[str, Any]):
        self.status = status
        self.body = body
        self.code: str = str(body.get("error", "http_error"))
        self.message: str = str(body.get("message", ""))
        self.reason: Optional[str] = body.get("reason")
        self.retry_after: Optional[int] = body.get("retry_after")
        super().__init__(f"{status} {self.code}: {self.message}")


class RateLimited(ApiError):
    """A 429 `rate_limited` that was not waited out: its `retry_after` (seconds) is
    above the client's `max_rate_limit_wait`, or the retries are used up."""


class ConnectionFailed(ConnectionError):
    """The server could not be reached, or the connection broke before the answer
    (refused, reset, timed out, a name that does not resolve), after the retries the
    call allows. `url` is what was asked, `cause` the underlying error."""

    def __init__(self, url: str, cause: BaseException):
        self.url = url
        self.cause = cause
        super().__init__(f"cannot reach {url}: {cause}")
