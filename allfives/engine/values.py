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

from allfives.i18n import N_, _, number

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
        return _("the string {value}").format(value=brief(value)) if value else _("an empty string")
    if isinstance(value, (list, tuple)):
        return _("a list {value}").format(value=brief(value, 30)) if value else _("an empty list")
    if isinstance(value, dict):
        return _("an object {value}").format(value=brief(value, 30)) if value else _("an empty object")
    return _("a {type}").format(type=type(value).__name__)


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


# What a field wants, in JSON's words (marked here, translated where the message is made).
_EXPECTED = {
    "int_type": N_("a whole number"), "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "bool_type": N_("true or false"), "bool_parsing": N_("true or false"),
    "string_type": N_("a string"), "float_type": N_("a number"), "float_parsing": N_("a number"),
    "dict_type": N_("an object"), "model_type": N_("an object"), "model_attributes_type": N_("an object"),
    "list_type": N_("a list"), "tuple_type": N_("a list"),
}
# A bound broken, one whole sentence each (word order differs by language).
_BOUNDS = {
    "greater_than_equal": N_("must be at least {bound}, found {found}"),
    "less_than_equal": N_("must be at most {bound}, found {found}"),
    "greater_than": N_("must be more than {bound}, found {found}"),
    "less_than": N_("must be less than {bound}, found {found}"),
}


def explain(error: ValidationError) -> str:
    """A Pydantic refusal in one line, in these words: `where: expected …, found …`.

    Pydantic's own messages name Python's types and never say what was found.
    """
    err = error.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    kind, ctx, found = err["type"], err.get("ctx") or {}, describe(err.get("input"))
    if kind in _EXPECTED:
        why = _("expected {what}, found {found}").format(what=_(_EXPECTED[kind]), found=found)
    elif kind == "literal_error":  # the values a field may take are data: quoted as JSON writes them
        what = str(ctx.get("expected", "")).replace(chr(39), chr(34))
        why = _("expected {what}, found {found}").format(what=what, found=found)
    elif kind in _BOUNDS:
        bound = next(iter(ctx.values()), "?")
        bound = number(bound) if isinstance(bound, int) and not isinstance(bound, bool) else bound
        why = _(_BOUNDS[kind]).format(bound=bound, found=found)
    elif kind == "missing":
        why = _("is missing")
    elif kind == "value_error":
        why = err["msg"].removeprefix("Value error, ")
    else:  # a refusal these words do not cover: Pydantic's own (English) words, and what was found
        why = _("{why}, found {found}").format(why=err["msg"][:80], found=found)
    return f"{where}: {why}" if where else why


__all__ = ["LIMIT", "brief", "describe", "explain", "quoted"]
