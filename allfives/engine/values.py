"""How a one-line message shows a value from outside (a record, a save): in JSON's words, cut short.

Records and saves are JSON, so a refusal names what was found as JSON names it ("found null",
"found an object", never Python's "NoneType" or "dict"), and never quotes more than a few dozen
characters of it however big it is: a 4,000-digit number or a megabyte string gives a short line.
Plain Python (no Pydantic at import): the new-game setup and the save reader use it before any
validator is built.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import ValidationError

LIMIT = 40  # characters of a value a message quotes; a message stays well under 200


def quoted(text: str) -> str:
    """A string as JSON writes it, with every character that does not print (controls, RTL overrides,
    zero-width marks) escaped: a message about a value never does anything to the terminal."""
    dumped = json.dumps(text, ensure_ascii=False)
    if dumped.isprintable():
        return dumped
    out = []
    for c in dumped:
        if c.isprintable():
            out.append(c)
        elif ord(c) <= 0xFFFF:
            out.append(f"\\u{ord(c):04x}")
        else:  # JSON writes characters past the first plane as a surrogate pair
            high, low = divmod(ord(c) - 0x10000, 0x400)
            out.append(f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}")
    return "".join(out)


def brief(value: Any, limit: int = LIMIT, quote: Callable[[str], str] = quoted) -> str:
    """A value as JSON would write it, in about `limit` characters however big it is."""
    shown = _show(value, limit, quote)
    return shown if len(shown) <= limit + 30 else shown[:limit] + "…"


def describe(value: Any) -> str:
    """What was found, for "expected …, found <this>": JSON's name for the type, and the value in brief.

    `null`, `true`, `false`, `12`, `the string "abc"`, `an empty list`, `a list [1, 2]`,
    `an object {"a": 1}`; anything that is not JSON (a value handed to the engine's API) is named by
    its type.
    """
    if value is None or isinstance(value, (bool, int, float)):
        return brief(value)
    if isinstance(value, str):
        return f"the string {brief(value)}" if value else "an empty string"
    if isinstance(value, (list, tuple)):
        return f"a list {brief(value, 30)}" if value else "an empty list"
    if isinstance(value, dict):
        return f"an object {brief(value, 30)}" if value else "an empty object"
    return f"a {type(value).__name__}"


def _show(value: Any, room: int, quote: Callable[[str], str] = quoted) -> str:
    # Every level of nesting costs at least one character of room, so this never recurses deeply.
    if room <= 0:
        return "…"
    if isinstance(value, str):
        shown = quote(value[:room + 1])
        if len(value) <= room and len(shown) <= room + 2:
            return shown
        return shown[:room + 1] + f"…{shown[-1]} ({len(value):,} characters)"
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return {True: "true", False: "false", None: "null"}.get(value, repr(value))  # type: ignore[arg-type]
    if isinstance(value, int):
        digits = str(value)  # JSON numbers stop at 4,300 digits, so this is cheap
        return digits if len(digits) <= room else f"{digits[:room]}… ({len(digits):,} digits)"
    if isinstance(value, (list, tuple, dict)):
        items = list(value.items()) if isinstance(value, dict) else value
        out = "{" if isinstance(value, dict) else "["
        for n, item in enumerate(items):
            if len(out) >= room:
                return out + "…"
            out += ", " if n else ""
            if isinstance(value, dict):
                out += _show(item[0], room - len(out), quote) + ": "
                item = item[1]
            out += _show(item, room - len(out), quote)
        return out + ("}" if isinstance(value, dict) else "]")
    return type(value).__name__


_EXPECTED = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "bool_type": "true or false", "bool_parsing": "true or false",
    "string_type": "a string", "float_type": "a number", "float_parsing": "a number",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
    "list_type": "a list", "tuple_type": "a list",
}


def explain(error: ValidationError) -> str:
    """A Pydantic refusal in one line, in these words: `where: expected …, found …`.

    Pydantic's own messages name Python's types and never say what was found.
    """
    err = error.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    kind, ctx, found = err["type"], err.get("ctx") or {}, describe(err.get("input"))
    if kind in _EXPECTED:
        why = f"expected {_EXPECTED[kind]}, found {found}"
    elif kind == "literal_error":
        why = f"expected {str(ctx.get('expected', '')).replace(chr(39), chr(34))}, found {found}"
    elif kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = next(iter(ctx.values()), "?")
        bound = f"{bound:,}" if isinstance(bound, int) else bound
        words = {"greater_than_equal": "at least", "less_than_equal": "at most",
                 "greater_than": "more than", "less_than": "less than"}[kind]
        why = f"must be {words} {bound}, found {found}"
    elif kind == "missing":
        why = "is missing"
    elif kind == "value_error":
        why = err["msg"].removeprefix("Value error, ")
    else:
        why = f"{err['msg'][:80]}, found {found}"
    return f"{where}: {why}" if where else why


__all__ = ["LIMIT", "brief", "describe", "explain", "quoted"]
