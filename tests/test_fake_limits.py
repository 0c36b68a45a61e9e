"""The fake Discord keeps Discord's rate limits (issue 43.1; tests/fakediscord/limits.py): a
test that sends past a limit gets what Discord would answer."""

from __future__ import annotations

import asyncio

import aiohttp

from tests.fakediscord.server import TOKEN, FakeDiscord

BOT = {"Authorization": f"Bot {TOKEN}"}


async def test_past_fifty_a_second_a_token_gets_global_429s() -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as session:

            async def me() -> aiohttp.ClientResponse:
                async with session.get(f"{fake.api_base}/users/@me", headers=BOT) as answer:
                    await answer.read()
                    return answer

            answers = await asyncio.gather(*(me() for _ in range(60)))
            refused = [a for a in answers if a.status == 429]
            assert len(refused) == 10
            limited = refused[0]
            assert limited.headers["X-RateLimit-Global"] == "true"
            assert limited.headers["X-RateLimit-Scope"] == "global"
            assert "Via" in limited.headers and int(limited.headers["Retry-After"]) >= 1
            async with session.get(f"{fake.api_base}/users/@me", headers=BOT) as again:
                body = await again.json()
            assert again.status == 429 and body["global"] is True and 0 < body["retry_after"] <= 1
            assert fake.limits.peak[f"Bot {TOKEN}"] == 61
            assert len(fake.limits.invalid) == 11  # each 429 counts toward the ban
            await asyncio.sleep(1.05)  # a second later, it goes again
            assert (await me()).status == 200
    finally:
        await fake.stop()


async def test_a_channels_messages_have_a_bucket_announced_in_headers() -> None:
    fake = FakeDiscord(route_pace=1.0)  # Discord's own windows
    await fake.start()
    try:
        channel = fake.add_channel()
        url = f"{fake.api_base}/channels/{channel}/messages"
        async with aiohttp.ClientSession() as session:
            seen = []
            for number in range(6):
                async with session.post(url, json={"content": f"{number}"}, headers=BOT) as answer:
                    seen.append((answer.status, dict(answer.headers), await answer.json()))
        assert [status for status, _, _ in seen] == [200] * 5 + [429]
        assert seen[0][1]["X-RateLimit-Limit"] == "5"
        assert [int(h["X-RateLimit-Remaining"]) for _, h, _ in seen[:5]] == [4, 3, 2, 1, 0]
        assert float(seen[4][1]["X-RateLimit-Reset-After"]) > 4
        _, headers, body = seen[5]
        assert headers["X-RateLimit-Scope"] == "user" and body["global"] is False
        assert 4 < body["retry_after"] <= 5
        other = fake.add_channel()  # another channel: a bucket of its own
        async with aiohttp.ClientSession() as session, session.post(
            f"{fake.api_base}/channels/{other}/messages", json={"content": "x"}, headers=BOT
        ) as answer:
            assert answer.status == 200
    finally:
        await fake.stop()
