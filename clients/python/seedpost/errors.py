"""The error of an API call."""

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
