"""Discord's published specification judges the try-out's requests too (issue 35.1): SimCord's
router, where every request of its simulated Discord arrives, is wrapped so that each body is
checked by the fake Discord's judge (tests/fakediscord/conformance.py) before SimCord acts on
it; a test whose requests Discord would refuse fails."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.fakediscord import conformance


@pytest.fixture(autouse=True)
def simcord_requests_meet_the_spec(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    try:
        from simcord.http import router
    except ImportError:  # the try-out's extra is not installed: its tests are skipped
        yield []
        return
    broken: list[str] = []
    checked: list[str] = []
    dispatch = router.dispatch

    def judged(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        found = conformance.check(method, path, body, multipart=bool(kwargs.get("files")))
        checked.append(f"{method} {path}")
        broken.extend(violation.line() for violation in found)
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", judged)
    yield checked
    assert not broken, "Discord would refuse:\n" + "\n".join(broken)
