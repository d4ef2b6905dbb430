"""`python -m tests.ui.stuck`: an app whose main thread waits for good on a lock nobody will release once
`b` is pressed, as a deadlock would; its "save" is a file it writes when asked to flush its saves. `w`
quits with a thread worker still at work that never ends (a search that cannot stop half-way)."""

import os
import threading
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Static

from allfives.ui.launch import run


class Stuck(App[None]):
    BINDINGS = [("b", "block", "Hang"), ("w", "leave_work", "Quit, a worker at work")]

    def compose(self) -> ComposeResult:
        yield Static("ready to hang")

    def action_block(self) -> None:
        threading.Event().wait()

    def action_leave_work(self) -> None:
        def work() -> None:
            self.call_from_thread(self.exit)  # the app ends while the work goes on
            threading.Event().wait()

        self.run_worker(work, thread=True)

    def flush_saves(self, timeout: float) -> None:
        folder = Path(os.environ["ALLFIVES_DATA_DIR"])
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "saved").write_text("kept")


raise SystemExit(run(Stuck()))
