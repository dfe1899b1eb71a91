"""A client of the seedpost API and a bot framework.

- `Client`: one typed method per route of `/api/v1` (`models` holds the JSON shapes).
- `Client.events()`: the account's event stream, resumed and deduplicated.
- `seedpost.webhooks`: checking a webhook delivery's signature.
- `seedpost.engine`: the engine protocol (`serve` for an engine written in Python).
- `seedpost.games`: the API's game JSON as a `seedpost_rules.Game` (the bindings).
- `seedpost-bot` (`seedpost.bot`): plays any engine speaking the protocol.
"""

from .client import Client, route
from .errors import ApiError, ConnectionFailed, RateLimited
from .events import EventStream

__all__ = ["ApiError", "Client", "ConnectionFailed", "EventStream", "RateLimited", "route"]
__version__ = "0.1.0"
