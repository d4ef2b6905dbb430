"""Hostile player names, shared by every test that puts outside text on a screen or through a door.

`HOSTILE_NAMES` pass the name rule and must be shown exactly as given; `REFUSED_NAMES` break it and
must be refused at every door (with the words the refusal uses), so no screen ever sees them.
"""

from __future__ import annotations

HOSTILE_NAMES: tuple[str, ...] = (
    # Textual and Rich markup: closing tags, styles, actions, links, variables, escapes
    "[/]",
    "[/b][b]Eve",
    "[/x]",
    "[@click=app.quit]y",
    "[@click=app.bell]z",
    "[link=file:///x]x",
    "[bold red]X",
    "[b]Bold[/b]",
    "[$accent]Var",
    "[on red]bg[/]",
    "[reverse]R",
    "[",
    "]",
    "[]",
    "[[x]]",
    "\\[x",
    "x\\",
    "\\\\[/]",
    "a\\",
    "$var",
    "${app}",
    "$$",
    "{}",
    "{0}",
    "%s %d",
    "<b>html</b>",
    ":smile:",
    # scripts and shapes beyond ASCII
    "Ｆｕｌｌ－ｗｉｄｔｈ",  # full-width: two cells a character
    "李小龍",
    "Zoë",
    "e\u0301le\u0300ve",  # combining marks
    "Ādam̃",
    "😀 Grin",
    "🐉🐉🐉",
    "שלום",  # right to left by itself (no override): a name like any other
    "مرحبا",
    "Ὀδυσσεύς",
    "A" * 20,  # exactly the limit
    "[@click=app.quit]yes",  # 20 characters, markup all through
    "Ada Lovelace-Byron!!",
    "'; DROP TABLE games;",
    "..\\..\\etc",
    "/etc/passwd",
    "~/.bashrc",
)

# A name that breaks the rule, and the words of its refusal.
REFUSED_NAMES: dict[object, str] = {
    "": "blank",
    "   ": "blank",
    "A" * 21: "at most 20",
    "[link=file:///etc/passwd]x": "at most 20",  # (its markup is tried in OUTSIDE_TEXT)
    "Eve\u202eevil": "format character",  # RTL override
    "\u202dLTR": "format character",
    "zero\u200bwidth": "format character",  # zero-width space
    "jo\u200dined": "format character",  # zero-width joiner
    "\ufeffBOM": "format character",
    "clear\x1b[2J": "control character",
    "bell\x07": "control character",
    "nul\x00": "control character",
    "del\x7f": "control character",
    "c1\x9b31m": "control character",
    "private\ue000": "private-use",
    "unassigned\u0378": "unassigned",
    "half\ud800": "surrogate",
    None: "must be text",
    42: "must be text",
}

# Outside text that is not a name (paths, error messages, record fields): longer, and any characters.
OUTSIDE_TEXT: tuple[str, ...] = (
    *HOSTILE_NAMES,
    "[link=file:///etc/passwd]x",
    "[@click=app.quit]Click me to quit[/]",
    "/tmp/[b]saves[/b]/save.json",
    "C:\\Users\\[/]\\",
    "move '[/]' is not a move",
)


# Four seats' worth of names at a time, for screens that show every player at once.
def tables(size: int = 4) -> list[tuple[str, ...]]:
    """The corpus dealt out to tables of `size` seats, every name at one of them."""
    names = list(HOSTILE_NAMES)
    return [tuple((names[i:i + size] + names[:size])[:size]) for i in range(0, len(names), size)]
