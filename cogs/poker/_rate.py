"""How many commands and clicks a member may send a minute, per server (issue 20.13): one member
sending hundreds at once must not take the bot's time from everyone else."""

from __future__ import annotations

import time
from collections import deque

WINDOW = 60.0  # seconds


class MemberRate:
    """A sliding minute per (server, member), in this process's memory."""

    def __init__(self) -> None:
        self._sent: dict[tuple[int, int], deque[float]] = {}
        self._pruned = 0.0

    def wait(self, guild: int, user: int, per_minute: int, now: float | None = None) -> float:
        """Count one more if allowed (``0.0``); else the seconds until one is."""
        now = time.monotonic() if now is None else now
        sent = self._sent.setdefault((guild, user), deque())
        while sent and sent[0] <= now - WINDOW:
            sent.popleft()
        if len(sent) >= per_minute:
            return sent[0] + WINDOW - now
        sent.append(now)
        if now - self._pruned > WINDOW:  # once a minute: forget members quiet for a minute
            self._pruned = now
            self._sent = {key: times for key, times in self._sent.items()
                          if times[-1] > now - WINDOW}  # fmt: skip
        return 0.0
