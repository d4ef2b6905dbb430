"""The game in a web browser (`allfives serve`): no path of the server's machine is ever shown."""

from __future__ import annotations

import os
import re
from pathlib import Path

from allfives.i18n import _

# A run of folders from the root, as in "/home/ann/.local/share/allfives/": what is left is the file's name.
_FOLDERS = re.compile(r"(?<![\w.~/-])/(?:[^\s/'\"()\[\],;:]+/)+")


def hide_paths(text: str, *known: Path) -> str:
    """`text` with every folder of the server's machine taken out, for a visitor in a browser: the known
    folders (the visitor's sandbox) as a whole, even with spaces in them, then any other absolute path's.

    "moved to /srv/x/visitors/ab/save.corrupt-1.json" becomes "moved to save.corrupt-1.json": a visitor
    learns nothing of where the server keeps its files, nor whose they are."""
    for folder in known:
        for form in {str(folder), os.path.realpath(folder)}:
            if len(form) > 1:
                text = text.replace(form.rstrip("/") + "/", "").replace(form, _("your game folder"))
    try:
        home = str(Path.home())
    except RuntimeError:  # no home directory to name
        home = ""
    if len(home) > 1:
        text = text.replace(home.rstrip("/") + "/", "/")
    return _FOLDERS.sub("", text)
