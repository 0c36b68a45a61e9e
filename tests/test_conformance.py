"""The judge of the fake Discord (tests/fakediscord/conformance.py): Discord's published
specification and the limits of its developer docs, checked on hand-made requests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord import conformance
from tests.fakediscord.model import SentFile

COMMANDS = "/applications/1/guilds/2/commands"
MESSAGES = "/channels/3/messages"
CALLBACK = "/interactions/4/token-5/callback"


def command(max_value: int) -> dict[str, Any]:
    return {
        "name": "poker",
        "description": "Poker",
        "type": 1,
        "options": [
            {
                "name": "verify",
                "description": "Verify a hand",
                "type": 1,
                "options": [
                    {
                        "name": "hand_id",
                        "description": "The hand",
                        "type": 4,
                        "required": True,
                        "min_value": 1,
                        "max_value": max_value,
                    }
                ],
            }
        ],
    }


def rules(found: list[conformance.Violation]) -> list[tuple[str, str]]:
    return [(v.pointer, v.rule.split(" (")[0]) for v in found]


def test_an_integer_bound_past_2_53_is_refused_where_it_is() -> None:
    assert conformance.check("PUT", COMMANDS, [command(2**53 - 1)]) == []
    found = conformance.check("PUT", COMMANDS, [command(2**62)])
    pointer = "/0/options/0/options/0/max_value"
    assert {v.pointer for v in found} == {pointer}
    assert any("9007199254740991" in v.rule for v in found)  # the schema's Int53Type
    assert any("±(2^53-1)" in v.rule and "developers/docs" in v.rule for v in found)
    assert all(v.value == 2**62 for v in found)
    line = found[0].line()
    assert line.startswith(f"PUT {COMMANDS} {pointer}: ") and "4611686018427387904" in line


@pytest.mark.parametrize(
    ("change", "pointer", "rule"),
    [
        ({"name": "Poker"}, "/0/name", "a slash command's name is lowercase, no spaces"),
        ({"name": "x" * 33}, "/0/name", f"maxLength: '{'x' * 33}' is too long"),
        ({"description": ""}, "/0/description", "a description is 1 to 100 characters"),
    ],
)
def test_command_names_and_descriptions(change: dict[str, Any], pointer: str, rule: str) -> None:
    assert (pointer, rule) in rules(conformance.check("PUT", COMMANDS, [command(5) | change]))


def test_too_many_choices() -> None:
    option = command(5)["options"][0]["options"][0]
    option["choices"] = [{"name": str(n), "value": n} for n in range(26)]
    del option["min_value"], option["max_value"]
    found = rules(
        conformance.check(
            "PUT",
            COMMANDS,
            [command(5) | {"options": [{**command(5)["options"][0], "options": [option]}]}],
        )
    )
    assert ("/0/options/0/options/0/choices", "at most 25 choices") in found


def message(**fields: Any) -> dict[str, Any]:
    return {"content": "hello", "components": [], **fields}


def button(custom_id: str, label: str = "Fold") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def test_a_message_is_accepted_and_an_id_sent_as_a_number_is_counted() -> None:
    before = conformance.ACCEPTED["an id sent as a JSON number"]
    body = message(allowed_mentions={"parse": [], "users": [123]})
    assert conformance.check("POST", MESSAGES, body) == []
    assert conformance.ACCEPTED["an id sent as a JSON number"] == before + 1


def test_message_limits() -> None:
    assert rules(conformance.check("POST", MESSAGES, message(content="x" * 2001))) == [
        ("/content", "content is at most 2000 characters")
    ]
    six = [{"type": 1, "components": [button(f"b{n}")]} for n in range(6)]
    assert ("/components", "at most 5 action rows") in rules(
        conformance.check("POST", MESSAGES, message(components=six))
    )
    twice = [{"type": 1, "components": [button("same"), button("same")]}]
    assert ("/components/0/components/1/custom_id", "a custom id is unique in a message") in rules(
        conformance.check("POST", MESSAGES, message(components=twice))
    )
    long_label = [{"type": 1, "components": [button("b", "x" * 81)]}]
    found = conformance.check("POST", MESSAGES, message(components=long_label))
    assert "/components/0/components/0/label" in {pointer for pointer, _ in rules(found)}


def test_the_schema_judges_the_component_a_body_meant() -> None:
    """In the spec's ``oneOf`` of components, the error given is the button's, not 'valid
    under none of the given schemas'."""
    bad = [{"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "x" * 101}]}]
    found = conformance.check("POST", MESSAGES, message(components=bad))
    assert ("/components/0/components/0/custom_id", "maxLength") in {
        (v.pointer, v.rule.split(":")[0]) for v in found
    }


def test_an_interaction_answer_with_too_many_files() -> None:
    files = [SentFile(f"{n}.png", b"x") for n in range(11)]
    body = {"type": 4, "data": {"content": "cards", "_files": files}}
    assert ("/data/attachments", "at most 10 files") in rules(
        conformance.check("POST", CALLBACK, body, multipart=True)
    )
    big = [SentFile("a.png", b"x" * ((10 << 20) + 1))]
    body = {"type": 4, "data": {"content": "cards", "_files": big}}
    assert ("/data/attachments", "at most 10 MiB of files") in rules(
        conformance.check("POST", CALLBACK, body, multipart=True)
    )


def test_a_callback_of_an_unknown_type_and_an_unknown_route() -> None:
    assert conformance.check("POST", CALLBACK, {"type": 99}) != []
    assert rules(conformance.check("POST", "/channels/3/nowhere", {})) == [
        ("", "no such route in Discord's API")
    ]
