"""A past game's record handed to the player by one call (Textual's `deliver_text`): in a web browser it
arrives as a download and nothing is written on the server; in a terminal it is saved in the downloads
folder, and the notice says where."""

from __future__ import annotations

import io
import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from textual.app import App

RECORD = "allfives-record"  # the delivery's name: which completion notices are the export's


def file_name(started_at: str) -> str:
    """`allfives-2025-06-01-1804.json`: the game's start, in this machine's time zone (plain ASCII, so no
    browser or shell has to quote it)."""
    try:
        stamp = datetime.fromisoformat(started_at).astimezone().strftime("%Y-%m-%d-%H%M")
    except ValueError:
        stamp = "game"
    return f"allfives-{stamp}.json"


def export_folder() -> Path:
    """The player's downloads folder, as browsers use it; the current folder where there is none."""
    from platformdirs import user_downloads_path

    folder = user_downloads_path()
    return folder if folder.is_dir() else Path.cwd()


def free_path(folder: Path, name: str) -> Path:
    """`folder/name`, or `name-2`, `name-3`... beside it: an export never writes over a file."""
    stem, suffix = os.path.splitext(name)
    target, n = folder / name, 1
    while os.path.lexists(target):
        n += 1
        target = folder / f"{stem}-{n}{suffix}"
    return target


def deliver_record(app: App[Any], record: dict[str, Any], name: str) -> None:
    """Hand the record (RECORD.md, with its players) to the player: a browser download when served (the
    folder is then never looked at), else a new file in `export_folder()`. The app tells how it went when
    Textual posts `DeliveryComplete`/`DeliveryFailed` named `RECORD`."""
    target = Path(name) if app.is_web else free_path(export_folder(), name)
    app.deliver_text(io.StringIO(json.dumps(record, indent=1) + "\n"), save_directory=target.parent,
                     save_filename=target.name, mime_type="application/json", name=RECORD)
