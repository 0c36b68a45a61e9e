"""Discord's published specification as the judge of every request the bot sends.

The fake Discord hands each REST request to :func:`check` before it acts on it. ``check``
finds the path and method in Discord's OpenAPI 3.1 description of its v10 HTTP API
(``spec/openapi.json``, vendored unchanged with its licence; ``spec/SOURCE.md`` names the
commit, ``scripts/refresh_discord_spec.py`` refreshes it), validates the JSON body (or a
multipart request's ``payload_json``) against the schema Discord publishes for it, draft
2020-12, then applies the limits the developer docs state more tightly than the schema
(:mod:`tests.fakediscord.doc_limits`). Each broken rule is a :class:`Violation`: the path, the
JSON pointer, the rule and the value.

Two things are accepted, as Discord accepts them, and counted in :data:`ACCEPTED`:
- an id (a ``snowflake`` string) sent as a JSON integer, as discord.py sends some;
- ``null`` for a field the schema marks optional but does not allow to be null.

Nothing else is loosened: a body the schema refuses is refused.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema import _keywords as keywords
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.fakediscord.doc_limits import doc_limits

SPEC = Path(__file__).with_name("spec") / "openapi.json"

ACCEPTED: Counter[str] = Counter()  # what was let through, and how often (see the docstring)


@dataclass(frozen=True)
class Violation:
    method: str
    path: str
    pointer: str  # a JSON pointer into the body
    rule: str
    value: Any

    def line(self) -> str:
        value = json.dumps(self.value, default=str)
        if len(value) > 200:
            value = value[:200] + "…"
        return f"{self.method} {self.path} {self.pointer or '/'}: {self.rule} (value: {value})"


@dataclass(frozen=True)
class Operation:
    """A path and method of the spec: its template and its request body's schemas."""

    template: str
    pattern: re.Pattern[str]
    literals: int  # how many fixed segments: the most specific template wins
    schemas: dict[str, Any]  # content type -> schema
    body_required: bool = False  # the spec's requestBody.required


# ---------------------------------------------------------------------------- the spec


@cache
def _spec() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SPEC.read_text(encoding="utf-8"))
    return loaded


@cache
def _operations() -> dict[str, list[Operation]]:
    """method -> its operations, the most specific template first."""
    found: dict[str, list[Operation]] = {}
    for template, item in _spec()["paths"].items():
        segments = template.strip("/").split("/")
        regex = "/".join("[^/]+" if s.startswith("{") else re.escape(s) for s in segments)
        literals = sum(not s.startswith("{") for s in segments)
        for method, operation in item.items():
            if not isinstance(operation, dict) or method == "parameters":
                continue
            body = operation.get("requestBody") or {}
            schemas = {kind: given["schema"] for kind, given in (body.get("content") or {}).items()}
            found.setdefault(method.upper(), []).append(
                Operation(
                    template,
                    re.compile(f"/{regex}"),
                    literals,
                    schemas,
                    bool(body.get("required")),
                )
            )
    for operations in found.values():
        operations.sort(key=lambda op: -op.literals)
    return found


def operation(method: str, path: str) -> Operation | None:
    """The spec's operation for ``method`` on ``path`` (``/channels/1/messages``)."""
    return next((op for op in _operations().get(method, []) if op.pattern.fullmatch(path)), None)


def _lenient_type(
    validator: Any, types: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """``type``, but an id sent as a JSON integer passes where the spec wants a snowflake."""
    if (
        schema.get("format") == "snowflake"
        and isinstance(instance, int)
        and not isinstance(instance, bool)
        and instance >= 0
    ):
        ACCEPTED["an id sent as a JSON number"] += 1
        return
    yield from keywords.type(validator, types, instance, schema)


def _lenient_properties(
    validator: Any, properties: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """``properties``, but ``null`` passes for a field the schema does not require."""
    if validator.is_type(instance, "object"):
        required = set(schema.get("required") or ())
        nulls = {k for k, v in instance.items() if v is None and k in properties}
        for key in nulls - required:
            if not validator.evolve(schema=properties[key]).is_valid(None):
                ACCEPTED["null for an optional field"] += 1
        instance = {k: v for k, v in instance.items() if k not in nulls - required}
    yield from keywords.properties(validator, properties, instance, schema)


_DISCRIMINATORS: dict[int, list[frozenset[Any] | None]] = {}


def _discriminated(validator: Any, branches: list[Any], instance: Any) -> list[Any]:
    """The branches of a ``oneOf``/``anyOf`` an object may match by its ``type`` field: a
    branch whose ``type`` is an enum without the object's type can never validate it, so
    leaving it out changes no verdict, and spares the validator most of its work (components
    nest unions of unions)."""
    if not isinstance(instance, dict) or "type" not in instance:
        return branches
    key = id(branches)
    if key not in _DISCRIMINATORS:
        found: list[frozenset[Any] | None] = []
        for branch in branches:
            target = branch
            if isinstance(branch, dict) and "$ref" in branch:
                target = validator._resolver.lookup(branch["$ref"]).contents
            enum = ((target.get("properties") or {}).get("type") or {}).get("enum")
            found.append(frozenset(enum) if isinstance(enum, list) else None)
        _DISCRIMINATORS[key] = found
    kind = instance["type"]
    if not isinstance(kind, str | int | float | bool) and kind is not None:
        return branches  # not a discriminator value: every branch judges it
    return [
        branch
        for branch, enum in zip(branches, _DISCRIMINATORS[key], strict=True)
        if enum is None or kind in enum
    ] or branches


def _one_of(
    validator: Any, branches: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    yield from keywords.oneOf(
        validator, _discriminated(validator, branches, instance), instance, schema
    )


def _any_of(
    validator: Any, branches: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    yield from keywords.anyOf(
        validator, _discriminated(validator, branches, instance), instance, schema
    )


_Checker = validators.extend(
    Draft202012Validator,
    {"type": _lenient_type, "properties": _lenient_properties, "oneOf": _one_of, "anyOf": _any_of},
)


@cache
def _registry() -> Registry:  # type: ignore[type-arg]
    resource = Resource.from_contents(_spec(), default_specification=DRAFT202012)
    return Registry().with_resource("urn:discord-openapi", resource)


@cache
def _validator(template: str, method: str, kind: str) -> Any:
    """The validator of one operation's body (its schema as ``_operations`` read it), built
    once."""
    found = next(op for op in _operations()[method.upper()] if op.template == template)
    rooted = {"$id": "urn:discord-openapi#/request", **found.schemas[kind]}
    return _Checker(_rewrite(rooted), registry=_registry())


def _rewrite(node: Any) -> Any:
    """The spec's references are local to the whole document (``#/components/...``): point
    them at it."""
    if isinstance(node, dict):
        return {
            k: (f"urn:discord-openapi{v}" if k == "$ref" and v.startswith("#") else _rewrite(v))
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_rewrite(v) for v in node]
    return node


# ---------------------------------------------------------------------------- errors


def _deepest(error: ValidationError) -> ValidationError:
    """The error a person would fix: inside a ``oneOf``/``anyOf``, the branch the body meant
    (the one whose ``type`` discriminator it has), and in it the deepest error."""
    if not error.context:
        return error
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)

    def misses_discriminator(errors: list[ValidationError]) -> bool:
        return any(
            list(e.relative_path) == ["type"] or (e.validator == "type" and not e.relative_path)
            for e in errors
        )

    meant = [b for b in branches.values() if not misses_discriminator(b)] or list(branches.values())
    best = min(meant, key=len)
    return _deepest(max(best, key=lambda e: len(e.absolute_path)))


def _pointer(parts: Any) -> str:
    return "".join(f"/{str(p).replace('~', '~0').replace('/', '~1')}" for p in parts)


def check(method: str, path: str, body: Any, *, multipart: bool = False) -> list[Violation]:
    """What Discord would refuse in this request (none: it is accepted)."""
    op = operation(method, path)
    if op is None:
        return [Violation(method, path, "", "no such route in Discord's API", None)]
    if body is None:
        if op.schemas and not multipart and op.body_required:
            return [Violation(method, path, "", "a body is required", None)]
        return []
    kind = "multipart/form-data" if multipart else "application/json"
    if kind not in op.schemas:
        kind = "application/json"
    if kind not in op.schemas:
        return [Violation(method, path, "", "this route takes no body", body)]
    payload = _without_files(body)
    validator = _validator(op.template, method, kind)
    errors = (_deepest(error) for error in validator.iter_errors(payload))
    found = [
        Violation(
            method, path, _pointer(e.absolute_path), f"{e.validator}: {e.message}", e.instance
        )
        for e in errors
    ]
    found += [
        Violation(method, path, pointer, rule, value)
        for pointer, rule, value in doc_limits(op.template, method, body)
    ]
    return found


def _without_files(body: Any) -> Any:
    """The body as it was sent: the fake's own ``_files`` key (a multipart request's files)
    is not part of ``payload_json``."""
    if isinstance(body, dict):
        return {k: _without_files(v) for k, v in body.items() if k != "_files"}
    if isinstance(body, list):
        return [_without_files(v) for v in body]
    return body
