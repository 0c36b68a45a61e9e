"""Discord's rate limits, as its documentation describes them (Topics > Rate Limits), for the
fake Discord (issue 43.1):

- **global**: 50 requests a second per bot token, for every process using it together;
  interaction endpoints (the callback, and the webhooks of an interaction's token) are not
  bound by it. Past it: a 429 with ``"global": true`` and ``X-RateLimit-Global``.
- **per route**: each route's bucket (its top-level resource: a channel, a guild, a webhook
  and token) has a limit Discord announces in every answer's headers (``X-RateLimit-Limit``,
  ``-Remaining``, ``-Reset``, ``-Reset-After``, ``-Bucket``); past it, a 429 with
  ``X-RateLimit-Scope: user``. Discord does not publish the numbers and asks bots to read
  the headers: the fake uses the ones commonly seen (5 messages per 5 s in a channel), which
  a test may change.
- **invalid requests**: every 401, 403 and 429 counts; 10,000 in 10 minutes ban the IP for
  an hour. The fake counts them (``invalid``) for a test to bound.

A 429 carries the JSON ``retry_after`` and ``Retry-After`` Discord sends, and a ``Via``
header: discord.py retries a 429 only when it sees one (a 429 without it comes from a proxy
or Cloudflare, not from Discord's API)."""

from __future__ import annotations

import math
import re
import time
from collections import Counter, deque
from dataclasses import dataclass, field

GLOBAL_PER_SECOND = 50
BAN_AFTER = 10_000  # invalid requests in 10 minutes
INVALID = frozenset({401, 403, 429})

# (method, route pattern) -> (requests, per seconds); the first match wins
ROUTE_LIMITS: tuple[tuple[str, re.Pattern[str], int, float], ...] = (
    ("POST", re.compile(r"^/channels/\d+/messages$"), 5, 5.0),
    ("PATCH", re.compile(r"^/channels/\d+/messages/\d+$"), 5, 5.0),
    ("DELETE", re.compile(r"^/channels/\d+/messages/\d+$"), 5, 1.0),
    ("POST", re.compile(r"^/users/@me/channels$"), 10, 10.0),
    # ("*", re.compile(r"^/webhooks/\d+/[^/]+"), 5, 2.0),  # an interaction token's follow-ups
    ("*", re.compile(r"^/applications/\d+(/guilds/\d+)?/commands"), 5, 20.0),
)
MAJOR = re.compile(r"^/(channels|guilds)/(\d+)|^/webhooks/(\d+)/([^/]+)")


def exempt_from_global(path: str) -> bool:
    """Interaction endpoints are not bound by the global limit (Discord: Rate Limits)."""
    return path.startswith(("/interactions/", "/webhooks/"))


@dataclass
class Window:
    """Requests allowed in a sliding window: ``limit`` per ``per`` seconds."""

    limit: int
    per: float
    times: deque[float] = field(default_factory=deque)

    def take(self, now: float) -> float:
        """Count a request now; 0 if allowed, else the seconds to wait before trying again."""
        while self.times and self.times[0] <= now - self.per:
            self.times.popleft()
        if len(self.times) >= self.limit:
            return self.times[0] + self.per - now
        self.times.append(now)
        return 0.0

    def remaining(self, now: float) -> int:
        return max(self.limit - sum(1 for at in self.times if at > now - self.per), 0)

    def reset_after(self, now: float) -> float:
        return max(self.times[0] + self.per - now, 0.0) if self.times else 0.0


class DiscordLimits:
    """Rate limits and the count of invalid requests, for one fake Discord (all its clients,
    every process of a token, share them)."""

    def __init__(
        self,
        *,
        enabled: bool = True,
        routes: bool = True,
        per_second: int = GLOBAL_PER_SECOND,
        route_pace: float = 1.0,
    ) -> None:
        self.enabled = enabled
        self.routes = routes  # the per-route buckets too (the global limit: ``enabled``)
        # the per-route buckets' windows are this fraction of Discord's: the end-to-end tests
        # play ten times as fast as people (0.1), the benchmarks at people's pace (1.0)
        self.route_pace = route_pace
        self.per_second = per_second
        self.global_windows: dict[str, Window] = {}  # token -> its last second
        self.buckets: dict[tuple[str, str], Window] = {}
        self.invalid: deque[tuple[float, int, str]] = deque()  # (when, status, route)
        self.global_429s = 0
        self.route_429s = 0
        self.limited_routes: Counter[str] = Counter()  # "METHOD route pattern" -> its 429s
        self.peak: dict[str, int] = {}  # token -> most requests it sent in one second
        self._seconds: dict[str, deque[float]] = {}

    def bucket_of(self, method: str, path: str) -> tuple[str, Window] | None:
        if not self.routes:
            return None
        for wanted, pattern, limit, per in ROUTE_LIMITS:
            if wanted in ("*", method) and pattern.search(path):
                major = MAJOR.match(path)
                key = f"{method} {pattern.pattern} {major.group(0) if major else ''}"
                window = self.buckets.get((key, ""))
                if window is None:
                    window = self.buckets[(key, "")] = Window(limit, per * self.route_pace)
                return key, window
        return None

    def check(self, token: str, method: str, path: str) -> tuple[int, dict[str, object]] | None:
        """A request arrives: ``None`` if it may go on, else a 429's status and body (and its
        headers under ``"headers"``)."""
        now = time.monotonic()
        if not exempt_from_global(path):
            self._note(token, now)
        if not self.enabled:
            return None
        if not exempt_from_global(path):
            window = self.global_windows.setdefault(token, Window(self.per_second, 1.0))
            wait = window.take(now)
            if wait:
                self.global_429s += 1
                return 429, self._limited(wait, scope="global")
        found = self.bucket_of(method, path)
        if found is not None:
            wait = found[1].take(now)
            if wait:
                self.route_429s += 1
                self.limited_routes[f"{method} {found[0].split()[1]}"] += 1
                return 429, self._limited(wait, scope="user")
        return None

    def headers(self, method: str, path: str) -> dict[str, str]:
        """The bucket's state, as Discord sends it with every answer."""
        found = self.bucket_of(method, path) if self.enabled else None
        if found is None:
            return {}
        key, window = found
        now = time.monotonic()
        after = window.reset_after(now)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(window.remaining(now)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": format(abs(hash(key)) % 16**12, "012x"),
        }

    def answered(self, status: int, route: str) -> None:
        """Count an invalid request (401, 403, 429), over the last 10 minutes."""
        if status in INVALID:
            now = time.monotonic()
            self.invalid.append((now, status, route))
            while self.invalid and self.invalid[0][0] < now - 600:
                self.invalid.popleft()

    @property
    def banned(self) -> bool:
        return len(self.invalid) >= BAN_AFTER

    def _note(self, token: str, now: float) -> None:
        """The most requests a token sent in any second (the global limit's measure)."""
        sent = self._seconds.setdefault(token, deque())
        sent.append(now)
        while sent and sent[0] <= now - 1.0:
            sent.popleft()
        self.peak[token] = max(self.peak.get(token, 0), len(sent))

    @staticmethod
    def _limited(wait: float, *, scope: str) -> dict[str, object]:
        retry = round(max(wait, 0.001), 3)
        headers = {
            "Retry-After": str(math.ceil(retry)),
            "X-RateLimit-Scope": scope,
            "Via": "1.1 google",
        }
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        return {
            "message": "You are being rate limited.",
            "retry_after": retry,
            "global": scope == "global",
            "headers": headers,
        }
