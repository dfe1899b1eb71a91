"""Checking the deliveries of a webhook.

The server POSTs each event as JSON with `Seedpost-Signature: t=<unix seconds>,
v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the webhook's secret>` (and
`Seedpost-Event`, `Seedpost-Delivery`). A receiver checks the HMAC over the raw body,
in constant time, and refuses a `t` far from its clock (a replay). Deliveries may come
out of order and, rarely, twice: order and deduplicate by `seq`.
"""

import hashlib
import hmac
import json
import time
from typing import Any, Dict, Mapping, Optional, Union

__all__ = ["SignatureError", "sign", "verify", "parse_delivery"]

HEADER = "Seedpost-Signature"


class SignatureError(ValueError):
    """A delivery whose signature is missing, malformed, wrong or too old."""


def sign(secret: str, body: Union[bytes, str], t: int) -> str:
    """The header value the server sends for `body` at time `t`."""
    raw = body.encode() if isinstance(body, str) else body
    mac = hmac.new(secret.encode(), str(t).encode() + b"." + raw, hashlib.sha256)
    return f"t={t},v1={mac.hexdigest()}"


def verify(
    secret: str,
    header: Optional[str],
    body: Union[bytes, str],
    *,
    tolerance: float = 300.0,
    now: Optional[float] = None,
) -> None:
    """Checks a `Seedpost-Signature` header against the raw `body`. Raises
    `SignatureError` when it does not match or its time is more than `tolerance`
    seconds from `now` (the clock by default)."""
    if not header:
        raise SignatureError("no Seedpost-Signature header")
    parts: Dict[str, str] = {}
    for item in header.split(","):
        key, _, value = item.strip().partition("=")
        parts.setdefault(key, value)
    try:
        t = int(parts["t"])
        given = parts["v1"]
    except (KeyError, ValueError):
        raise SignatureError("malformed Seedpost-Signature header") from None
    expected = sign(secret, body, t).rpartition("v1=")[2]
    if not hmac.compare_digest(expected, given):
        raise SignatureError("the signature does not match the body")
    if abs((time.time() if now is None else now) - t) > tolerance:
        raise SignatureError("the signature's time is too far from now")


def parse_delivery(
    secret: str, headers: Mapping[str, str], body: bytes, *, tolerance: float = 300.0
) -> Dict[str, Any]:
    """Verifies a delivery (its headers and raw body) and returns its event."""
    header = next((v for k, v in headers.items() if k.lower() == HEADER.lower()), None)
    verify(secret, header, body, tolerance=tolerance)
    event: Dict[str, Any] = json.loads(body)
    return event
