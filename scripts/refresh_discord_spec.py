"""Refresh the vendored copy of Discord's OpenAPI specification (tests/fakediscord/spec/).

    python scripts/refresh_discord_spec.py PATH [--commit SHA]

PATH is a checkout of github.com/discord/discord-api-spec (its ``specs/openapi.json`` and
``LICENSE``) or a folder holding ``openapi.json`` and ``LICENSE``. The files are copied
unchanged; SOURCE.md gets the commit (``--commit``, or the checkout's HEAD, or the one a
SOURCE.md beside the given file names) and today's date. Then run the tests: whatever the new
spec refuses fails the test that sent it."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

TARGET = Path(__file__).resolve().parents[1] / "tests" / "fakediscord" / "spec"


def commit_of(source: Path, spec: Path) -> str | None:
    git = shutil.which("git")
    if git and (source / ".git").exists():
        command = [git, "-C", str(source), "rev-parse", "HEAD"]
        done = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603
        if done.returncode == 0:
            return done.stdout.strip()
    note = spec.with_name("SOURCE.md")
    if note.exists() and (found := re.search(r"\b[0-9a-f]{40}\b", note.read_text())):
        return found.group(0)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("--commit", help="the spec repository's commit the copy comes from")
    args = parser.parse_args()
    source: Path = args.source
    spec = source / "specs" / "openapi.json"
    if not spec.exists():
        spec = source / "openapi.json"
    licence = next((p for p in (source / "LICENSE", spec.with_name("LICENSE")) if p.exists()), None)
    if not spec.exists() or licence is None:
        print(f"{source}: no openapi.json with a LICENSE beside it", file=sys.stderr)
        return 2
    loaded = json.loads(spec.read_text(encoding="utf-8"))
    if not str(loaded.get("openapi", "")).startswith("3.1"):
        print(f"{spec}: not an OpenAPI 3.1 document", file=sys.stderr)
        return 2
    commit = args.commit or commit_of(source, spec) or "unknown"
    shutil.copyfile(spec, TARGET / "openapi.json")
    shutil.copyfile(licence, TARGET / "LICENSE")
    note = TARGET / "SOURCE.md"
    text = re.sub(r"`[0-9a-f]{40}`|`unknown`", f"`{commit}`", note.read_text(encoding="utf-8"))
    today = datetime.now(UTC).date().isoformat()
    text = re.sub(r"\(\d{4}-\d{2}-\d{2}\)", f"({today}, refreshed)", text, count=1)
    note.write_text(text, encoding="utf-8")
    print(f"openapi.json ({len(loaded['paths'])} paths) from commit {commit} copied to {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
