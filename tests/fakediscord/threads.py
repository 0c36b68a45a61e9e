"""Threads that Discord archived (after their inactivity), or that a moderator locked, for the
fake Discord (issue 43.6). In an archived thread a message cannot be edited (50083); a new
message unarchives it, unless it is locked (then nothing is posted: 50083 too); a PATCH of the
thread with ``archived: false`` unarchives it (a locked one needs Manage Threads)."""

from __future__ import annotations

import re
from typing import Any

ARCHIVED = 50083  # "Operation cannot be performed on an archived thread"
EDIT = re.compile(r"^/channels/(\d+)/messages/\d+$")
POST = re.compile(r"^/channels/(\d+)/messages$")
THREAD = re.compile(r"^/channels/(\d+)$")


class Threads:
    """Mixed into the fake Discord: ``archived`` holds each archived thread, ``True`` where
    it is locked too."""

    archived: dict[int, bool]
    refusals: int

    def thread_refusal(
        self, method: str, path: str, body: Any, channel_of_webhook: int | None
    ) -> tuple[int, dict[str, Any]] | None:
        """Discord's answer to a request an archived thread refuses (``None``: none), the
        thread unarchived where the request does so."""
        if method == "PATCH" and (found := THREAD.match(path)) and isinstance(body, dict):
            thread = int(found[1])
            if thread in self.archived and body.get("archived") is False:
                del self.archived[thread]  # the bot may manage threads in the fake
            return None
        edited = EDIT.match(path) if method == "PATCH" else None
        thread = int(edited[1]) if edited else channel_of_webhook if method == "PATCH" else None
        if thread is not None and thread in self.archived:
            return 400, {"message": "Thread is archived", "code": ARCHIVED}
        posted = POST.match(path) if method == "POST" else None
        if posted and int(posted[1]) in self.archived:
            if self.archived[int(posted[1])]:
                return 400, {"message": "Thread is locked", "code": ARCHIVED}
            del self.archived[int(posted[1])]  # a message brings it back
        return None
