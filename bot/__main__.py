"""`python -m bot`: check the settings, then run the dealer (``bot.client.run``).
`python -m bot audit`: check every server's chips against the ledger (``bot.audit``).
`python -m bot try [--lang fr] [--game VARIANT] [--bots N] [--port P]`: the real bot in a
local browser page, against a simulated Discord (``tryout``).
`python -m bot copy-database FROM_URL TO_URL`: copy a database into an empty one, of either
engine, and audit both sides (``bot.store.copy``).

Anything that stops it at start-up (a missing token, a bad setting, a database that cannot be
opened or is held by another process, a refused token) is one line and a non-zero exit."""

from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import SecretStr, ValidationError

from bot import logs
from bot.config import Settings

USAGE = """\
usage: python -m bot [COMMAND]

  (no command)          run the dealer: settings from the environment or .env
  try [options]         the real dealer in a local browser page, no Discord and no token
                        (python -m bot try --help for its options)
  audit                 check every server's chips against the ledger (exit 1 if one differs)
  copy-database FROM_URL TO_URL
                        copy a database into an empty one (SQLite or PostgreSQL), then audit

Settings: .env.example lists every one, with its default (README: "Set up on a fresh machine").
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help", "help"):  # before the settings: none are needed
        sys.stdout.write(USAGE)
        return 0
    if args and args[0] == "try":  # the local try-out: no token, no .env needed
        try:
            from tryout.app import main as try_out  # noqa: PLC0415
        except ImportError as error:
            if error.name not in ("simcord", "av", "markdown_it", "linkify_it"):
                raise
            sys.stderr.write(
                f"The try-out needs its extra ({error.name} is missing):"
                " .venv/bin/pip install -e '.[try]'\n"
            )
            return 2
        return try_out(args[1:])
    try:
        settings = Settings()
    except ValidationError as error:
        first = error.errors()[0]
        where = f" {str(first['loc'][0]).upper()}" if first["loc"] else "s"
        message = str(first["msg"]).removeprefix("Value error, ")
        sys.stderr.write(f"Invalid setting{where}: {message} (see .env.example)\n")
        return 2
    if args and args[0] == "audit":
        from bot.audit import run_audit  # noqa: PLC0415

        return asyncio.run(run_audit(settings.database_url))
    if args and args[0] == "copy-database" and len(args) == 3:
        from bot.store.copy import run_copy  # noqa: PLC0415

        return asyncio.run(run_copy(args[1], args[2]))
    if args:
        sys.stderr.write(f"unknown command: {' '.join(args)}\n\n{USAGE}")
        return 2
    given = settings.discord_token.get_secret_value() if settings.discord_token else ""
    token = given.strip().strip("\"'").strip()  # a careless paste: spaces, quotes
    if not token:
        sys.stderr.write(
            "No DISCORD_TOKEN: copy .env.example to .env and put your bot's token in it "
            "(README: 'Create the Discord application').\n"
        )
        return 2
    logs.configure(settings.log_level)
    if token != given:
        logging.getLogger("bot").warning(
            "DISCORD_TOKEN had spaces or quotes around it: trimmed (check .env)"
        )
        settings = settings.model_copy(update={"discord_token": SecretStr(token)})
    from bot.client import run  # noqa: PLC0415 (discord.py loads only when it will be used)

    return run(settings)


if __name__ == "__main__":
    raise SystemExit(main())
