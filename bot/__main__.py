"""`python -m bot`: check the settings, then run the dealer (``bot.client.run``).

A missing token or a bad setting ends the program with one line that says what to fix.
"""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from bot.config import Settings


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        first = error.errors()[0]
        sys.stderr.write(f"Invalid setting {first['loc'][0]}: {first['msg']} (see .env.example)\n")
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value():
        sys.stderr.write(
            "No DISCORD_TOKEN: copy .env.example to .env and put your bot's token in it "
            "(README: 'Create the Discord application').\n"
        )
        return 2
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    from bot.client import run  # noqa: PLC0415 (discord.py loads only when it will be used)

    return run(settings)


if __name__ == "__main__":
    raise SystemExit(main())
