"""`python -m bot try` (issue 24): the real bot behind a local page, driven here through
SimCord's member (the page's own buttons call the same callbacks): the table of computer
players is open, Start deals, a hand is played to its summary, the cards come by DM, the page is
served on 127.0.0.1, and a second run resumes the same table. In French too. The command refuses
a non-loopback host and a port in use."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
import simcord

from bot.audit import audit
from bot.store import Database
from tryout import app, typed
from tryout.app import Options, TryOut, serve

ROOT = Path(__file__).resolve().parents[2]
PASSIVE = {"en": ("Check", "Call", "Bring-in"), "fr": ("Parole", "Suivre", "Bring-in")}


@asynccontextmanager
async def running(options: Options) -> AsyncIterator[TryOut]:
    """The try-out served in this process until the block ends."""
    started: asyncio.Future[TryOut] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    task = asyncio.create_task(serve(options, ready=started.set_result, stop=stop))
    done, _ = await asyncio.wait([started, task], timeout=30, return_when="FIRST_COMPLETED")
    if task in done:
        task.result()  # raises what stopped it
    assert started in done, "the try-out did not start"
    try:
        yield started.result()
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)


async def until(condition: Callable[[], bool], what: str, seconds: float = 20) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.05)
    assert condition(), what


def options(tmp_path: Path, **changes: Any) -> Options:
    base = Options(
        database_url=f"sqlite:///{tmp_path / 'try.sqlite3'}", port=0, browser=False, bot_pause="0"
    )
    return replace(base, **changes)


def table_message(run: TryOut) -> discord.Message:
    found = [m for m in run.channel.history() if m.components]
    assert found, "no table message"
    return found[-1]


def labels(message: discord.Message) -> list[str]:
    return [
        str(child.label)
        for row in message.components
        for child in getattr(row, "children", [])
        if getattr(child, "label", None)
    ]


async def play_a_hand(run: TryOut, language: str) -> str:
    """Start, then check or call at each turn of the member's until the summary is posted."""
    head = "**Hand #" if language == "en" else "**Main #"
    await when_free(
        run.member.click, table_message(run), label=labels(table_message(run))[-1]
    )  # Start
    for _ in range(400):
        summaries = [m.content for m in run.channel.history() if m.content.startswith(head)]
        if summaries:
            return summaries[-1]
        message = table_message(run)
        if f"<@{run.member.id}>" in message.content:  # the member's turn, named and pinged
            choice = next(
                (label for label in labels(message) if label.startswith(PASSIVE[language])), None
            )
            if choice is not None:
                await when_free(run.member.click, message, label=choice)
                continue
        await asyncio.sleep(0.05)
        await run.env.settle()
    raise AssertionError("no summary")


async def test_a_hand_against_the_computer_players_and_the_table_resumed(tmp_path: Path) -> None:
    async with running(options(tmp_path, game="five_card_stud")) as run:
        first = table_message(run)
        assert first.author.name == "Dealer"  # not SimCord's "TestBot"
        assert first.content.count("🤖") == 3, first.content
        assert labels(first) == ["Join", "Leave", "Start"]
        summary = await play_a_hand(run, "en")
        assert "🤖" in summary and "Stacks:" in summary
        dms = run.member.user.dm_channel.history()
        assert any("Your cards:" in dm.content for dm in dms), [dm.content for dm in dms]
        # issue 36.17: a DM names the table's channel, no raw id; issue 42.16: the try-out's
        # page has no discord.com to open: no message links there, the turn notice neither
        channel = run.channel.id
        assert all(dm.content.startswith("#poker") for dm in dms if "Your cards" in dm.content)
        assert not any(f"<#{channel}>" in dm.content for dm in dms)
        everything = [m.content for m in (*dms, *run.channel.history())]
        assert not any("discord.com" in text for text in everything), everything
        assert not any(message.interaction_metadata for message in run.channel.history()[:1])
        # the DMs have a page of their own, with the cards' pictures; the table's page has none
        dm_page = json.dumps(await run.dms.snapshot(), ensure_ascii=False)
        assert "Your cards:" in dm_page
        assert any(dm.attachments for dm in dms) and '"image/png"' in dm_page
        table_page = await run.preview.snapshot()
        assert "Your cards:" not in json.dumps(table_page, ensure_ascii=False)
        # the command box offers the bot's commands: no "commands not synced" on either page
        for page in (table_page, await run.dms.snapshot()):
            assert "commands-unsynced" not in json.dumps(page["diagnostics"]), page["diagnostics"]
        for url in (run.url, run.dms_url):
            async with aiohttp.ClientSession() as http, http.get(url.split("#")[0]) as page:
                assert page.status == 200 and "<html" in await page.text()
            assert url.startswith("http://127.0.0.1:")
        channel, dealt = run.channel.id, run.bot.dealer.tables[run.channel.id].hands_dealt
        first_ids = {message.id for message in run.channel.history()}
    async with running(options(tmp_path, game="five_card_stud")) as again:
        assert again.channel.id == channel  # the same channel, its table resumed
        assert again.bot.dealer.tables[channel].hands_dealt >= dealt
        # messages are dated now, and a new run's ids come after the first run's
        posted = table_message(again)
        assert abs((posted.created_at - datetime.now(UTC)).total_seconds()) < 60
        assert posted.id > max(first_ids)
    store = await Database.open(f"sqlite:///{tmp_path / 'try.sqlite3'}", exclusive=False)
    try:
        assert all(result.ok for result in await audit(store))
    finally:
        await store.close()


async def test_in_french(tmp_path: Path) -> None:
    async with running(options(tmp_path, language="fr", game="seven_card_stud", bots=2)) as run:
        first = table_message(run)
        assert labels(first) == ["Rejoindre", "Quitter", "Démarrer"], labels(first)
        assert "Joueurs ordinateur" in first.content or "joueurs ordinateur" in first.content
        summary = await play_a_hand(run, "fr")
        assert "Tapis" in summary, summary
        dms = run.member.user.dm_channel.history()
        assert any("Tes cartes" in dm.content for dm in dms), [dm.content for dm in dms]
    # issue 36.16: the same folder in English: the seat taken in French bears the member's name
    async with running(options(tmp_path, game="seven_card_stud", bots=2)) as again:
        name = again.member.user.name
        assert f"**{name}**" in table_message(again).content, table_message(again).content


def try_command(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (our own arguments)
        [sys.executable, "-m", "bot", "try", "--no-browser", *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_it_serves_loopback_only() -> None:
    refused = try_command("--host", "0.0.0.0")  # noqa: S104 (the address refused)
    assert refused.returncode == 2
    assert "serves this computer only (127.0.0.1)" in refused.stderr


def test_it_says_which_ports_it_takes() -> None:
    refused = try_command("--port", "65535")  # the direct messages would need 65536
    assert refused.returncode == 2
    assert "a port from 1 to 65534" in refused.stderr and "Traceback" not in refused.stderr


def test_it_says_when_the_port_is_taken() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = try_command("--port", str(port))
    assert refused.returncode == 2
    assert f"port {port} is taken" in refused.stderr


@pytest.fixture(autouse=True)
def _no_real_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROWSER", "true")  # should anything try to open one


async def test_a_refresh_that_meets_a_click_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A click on the page is a SimCord operation; a refresh at that moment is refused. The
    try-out must not stop there (it did: the page then said "Connection interrupted" for good)
    but refresh at the next tick."""
    monkeypatch.setattr(app, "REFRESH_SECONDS", 0.01)

    class Page:
        refreshed = 0
        capture_time: object = None

        async def refresh(self) -> None:
            self.refreshed += 1
            if self.refreshed == 1:
                raise simcord.SetupError("operation overlaps active preview.action")

    env = SimpleNamespace(http_requests=[], now=lambda: datetime.now(UTC))
    page, stop = Page(), asyncio.Event()
    live = asyncio.create_task(app.keep_live(env, (page,), stop))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)  # it has counted what the bot sent so far
    env.http_requests.append("the bot sent something")
    await until(lambda: page.refreshed >= 2 or live.done(), "a second refresh", seconds=5)
    stop.set()
    await live  # raises what stopped it
    assert page.refreshed == 2


def test_a_port_just_let_go_is_taken_again_at_once() -> None:
    """Issue 36.1: after Ctrl-C, the same command said the port was taken for about a minute,
    while only closed connections held it (TIME_WAIT: the check bound without SO_REUSEADDR,
    as the page's server does). A port still listened on is refused (the test above)."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp's server binds
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    with socket.create_connection(("127.0.0.1", port)) as client:
        accepted, _ = server.accept()
        accepted.close()  # the server's side closes first: its port waits in TIME_WAIT
        client.recv(1)
        assert not app.port_free(port)  # still listened on
    server.close()
    assert app.port_free(port)


async def test_options_given_again_apply_to_the_table_it_resumes(tmp_path: Path) -> None:
    """Issue 36.2: a second run with `--game triple_draw` resumed Seven Card Stud without a
    word. The options named on the command line apply, and the terminal says which game the
    table deals."""
    first = options(tmp_path, game="seven_card_stud", bots=2)
    async with running(first) as run:
        assert run.table_line == "A new table deals Seven Card Stud."
        key = run.url.split("#")[1]
    async with running(first) as run:  # nothing named: the table as it was
        assert run.table_line.endswith("deals Seven Card Stud, resumed where it was.")
        # issue 36.3: the same addresses every run of a folder: an old tab opens when reloaded
        assert run.url.split("#")[1] == run.dms_url.split("#")[1] == key
    assert (tmp_path / "try.sqlite3.key").stat().st_mode & 0o077 == 0  # its owner's only
    other = options(tmp_path, game="triple_draw", given=frozenset({"game"}))
    async with running(other) as run:
        assert run.table_line.endswith(
            "is closed (every stack back to the wallet): a new table deals 2-7 Triple Draw."
        ), run.table_line
        assert run.bot.dealer.tables[run.channel.id].options.variant == "triple_draw"
    fewer = options(tmp_path, bots=5, level="easy", given=frozenset({"bots", "level"}))
    async with running(fewer) as run:
        assert "deals 2-7 Triple Draw, resumed, now with 5 computer players (easy)" in (
            run.table_line
        )
        table = run.bot.dealer.tables[run.channel.id]
        assert (table.options.variant, table.options.bots, table.options.bot_level) == (
            "triple_draw",
            5,
            "easy",
        )
    store = await Database.open(f"sqlite:///{tmp_path / 'try.sqlite3'}", exclusive=False)
    try:
        assert all(result.ok for result in await audit(store))
    finally:
        await store.close()


async def test_a_mixed_or_dealers_choice_table_opens(tmp_path: Path) -> None:
    """Issue 42.16: `--game mixed` and `--game dealers_choice` were refused by the command
    line; they open a table of every game in rotation, or at the button's choice, and a run
    that names the other closes it for a new one."""
    assert app.parse(["--game", "mixed"]).game == "mixed"
    first = options(tmp_path, game="mixed", bots=2, given=frozenset({"game"}))
    async with running(first) as run:
        assert run.table_line == "A new table deals Mixed games (in rotation).", run.table_line
        table = run.bot.dealer.tables[run.channel.id]
        assert len(table.options.games) == 5 and not table.options.dealers_choice
    async with running(first) as run:
        assert run.table_line.endswith("deals Mixed games (in rotation), resumed where it was.")
    other = options(tmp_path, game="dealers_choice", bots=2, given=frozenset({"game"}))
    async with running(other) as run:
        assert run.table_line.endswith("a new table deals Dealer's choice."), run.table_line
        assert run.bot.dealer.tables[run.channel.id].options.dealers_choice


def test_the_options_say_which_were_given() -> None:
    assert app.parse([]).given == frozenset()
    given = app.parse(["--game", "triple_draw", "--level", "easy"])
    assert given.given == {"game", "level"} and (given.game, given.bots) == ("triple_draw", 3)


async def when_free(operation: Callable[..., Awaitable[Any]], *args: Any, **options: Any) -> Any:
    """A SimCord operation of the member's, once the try-out's own of the moment (a refresh of
    the pages, every second while a clock runs; a typed command) is over, as the page's wait."""
    for _ in range(200):
        try:
            return await operation(*args, **options)
        except simcord.SetupError as error:
            if "overlaps" not in str(error):
                raise
            await asyncio.sleep(0.05)
    raise AssertionError("the try-out never let the member act")


async def test_a_command_typed_in_the_message_box_runs_in_french_too(tmp_path: Path) -> None:
    """Issues 36.10, 36.11 and 42.12: the page's message box posted `/poker solde` as chat
    (SimCord knows the English names only), and took three gestures for a command. A command
    typed and sent from the table's page runs, named in English or in French, options as
    `name:value`, and is not posted; a message that names none is posted as it is."""
    async with running(options(tmp_path, language="fr", bots=2)) as run:
        table = run.bot.dealer.tables[run.channel.id]
        page = SimpleNamespace(viewer=run.member)
        for text in ("/poker rejoindre cave:beaucoup", "/poker rejoindre cave:200"):
            found = typed.typed_command(run.preview, page, {"content": text})
            assert found is not None, text
            with contextlib.suppress(simcord.SetupError, simcord.BackendError):  # refused
                await when_free(run.member.slash, run.channel, found[0], **found[1])
        assert table.seats[run.member.id].stack == 200
        found = typed.typed_command(
            run.preview, page, {"content": "/poker bots nombre:1 niveau:easy"}
        )
        assert found == ("poker bots", {"count": 1, "level": "easy"})
        assert typed.typed_command(run.preview, page, {"content": "/poker whatever"}) is None
        replying = {"content": "/poker solde", "reply_to_id": "1"}  # a reply is a message
        assert typed.typed_command(run.preview, page, replying) is None
        dms = SimpleNamespace(viewer=run.member.user)  # the direct messages' page
        assert typed.typed_command(run.dms, dms, {"content": "/poker solde"}) is None


async def test_the_page_refuses_no_action_for_a_newer_publication(tmp_path: Path) -> None:
    """Issues 42.10 and 42.11: SimCord refused a click, a typed command, even the page's own
    width, made before its latest publication; the try-out binds none to a revision."""
    from simcord.preview import _actions as simcord_actions

    async with running(options(tmp_path, bots=1)):
        specs = simcord_actions.ACTION_SPECS
        assert not [kind for kind, spec in specs.items() if spec.revision_bound]
        assert "configure_presentation" in specs and "send_message" in specs


def test_a_click_is_of_the_button_pressed_where_it_is_now() -> None:
    """Issue 42.10: a click held while another settled names its button by its place; by then
    My cards may be where Call was. It is of the button pressed (its custom_id), or of none."""
    from tryout.patches import pressed_where_it_is

    row = {"type": 1, "components": [
        {"type": 2, "style": 2, "label": "My cards", "custom_id": "poker:1:0:cards"},
    ]}  # fmt: skip
    env = SimpleNamespace(backend=SimpleNamespace(messages={
        5: {77: SimpleNamespace(id=77, components=[row])},
    }))  # fmt: skip
    was = {"kind": "click", "control_key": "message:77:component:0.components.3"}
    cards = pressed_where_it_is(env, was | {"pressed_custom_id": "poker:1:0:cards"})
    assert cards["control_key"] == "message:77:component:0.components.0"
    gone = pressed_where_it_is(env, was | {"pressed_custom_id": "poker:1:9:call_10"})
    assert gone["control_key"] == "message:77:component:gone"
    assert pressed_where_it_is(env, was) == was  # a page that sends no custom_id


async def test_a_run_says_nothing_nobody_typed(tmp_path: Path) -> None:
    """Issue 42.12: a second run with other computer players, then another game, showed
    "Sam used /poker bots" and its "Done", and "Sam used /poker end": nobody typed them."""
    async with running(options(tmp_path, game="five_card_stud")):
        pass
    changed = [
        options(tmp_path, game="five_card_stud", bots=2, given=frozenset({"bots"})),
        options(tmp_path, game="razz", given=frozenset({"game"})),
    ]
    for each in changed:
        async with running(each) as run:
            messages = list(run.env.backend.messages[run.channel.id].values())
            assert messages, run.table_line
            said = [(m.content[:40], m.interaction_metadata) for m in messages]
            assert not any(m.interaction_metadata or m.is_ephemeral for m in messages), said


def test_typed_commands_read_both_languages() -> None:
    accepts = {
        "poker new": {"variant": "string", "bots": "integer"},
        "poker-admin config": {"game": "string", "language": "string"},
        "poker seed": {"text": "string"},
    }
    found = [
        typed.parse(text, lambda path: accepts.get(path, {}))
        for text in (
            "/poker solde",
            "/poker nouvelle jeu:triple_draw bots:3",
            "/poker-admin réglages jeu:stud_hi_lo",
            "/poker graine texte:123",
            "/poker",
            "bonjour",
        )
    ]
    assert found == [
        ("poker balance", {}),
        ("poker new", {"variant": "triple_draw", "bots": 3}),
        ("poker-admin config", {"game": "stud_hi_lo"}),
        ("poker seed", {"text": "123"}),  # a string option keeps its digits as text
        None,
        None,
    ]


async def test_options_a_table_cannot_take_are_said_and_change_nothing(tmp_path: Path) -> None:
    """Review of issue 36.2: `--game triple_draw --bots 6` (six seats: five computers at most)
    printed "a new table deals 2-7 Triple Draw" when none opened, and a later run closed the
    old table for one that was then refused; `--level` alone reset the number of computers."""
    refused = options(tmp_path, game="triple_draw", bots=6, given=frozenset({"game", "bots"}))
    async with running(refused) as run:
        assert run.table_line.startswith("No table of 2-7 Triple Draw opens: "), run.table_line
        assert run.channel.id not in run.bot.dealer.tables
    async with running(options(tmp_path, bots=4)) as run:
        assert run.table_line == "A new table deals Seven Card Stud."
    async with running(refused) as run:
        assert "the table resumed deals Seven Card Stud" in run.table_line
        assert run.bot.dealer.tables[run.channel.id].options.variant == "seven_card_stud"
    level = options(tmp_path, level="strong", given=frozenset({"level"}))
    async with running(level) as run:
        table = run.bot.dealer.tables[run.channel.id]
        assert (table.options.bots, table.options.bot_level) == (4, "strong"), run.table_line
