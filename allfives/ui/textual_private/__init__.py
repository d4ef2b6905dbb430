"""The one door to Textual's private parts: every use of a name Textual does not publish, and every trick
that leans on how Textual works inside, is here and nowhere else.

Each says what it relies on; tests/ui/test_textual_private.py checks each against the Textual installed,
so an upgrade that changes one fails there, by name, rather than somewhere in the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual import _styles_cache, events
from textual.app import App
from textual.color import Color
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from allfives.i18n import _

if TYPE_CHECKING:
    from textual.theme import Theme

__all__ = ["FooterKey", "HeldMouse", "PlainQuitHint", "StyledOnce", "StyledWhenMounted", "bind_key",
           "colours_as", "ending_error", "footer_keys_ready", "forget_gone_widgets", "forgive_teardown",
           "keep_newest_notices", "running_driver", "wear_theme_unstarted"]


# -- memory: Textual's styles cache keeps every widget ever drawn -------------------------------------
# `StylesCache.get_inner_outer` is memoized per instance with lru_cache (Textualize/textual#6665): every
# widget ever drawn stays alive with its drawn lines, 1,024 of them, tens of MB by the tenth game.
_KEEPS_WIDGETS = getattr(getattr(_styles_cache, "StylesCache", None), "get_inner_outer", None)


def forget_gone_widgets(_: object = None) -> None:
    """Let go of the widgets of screens that have closed (an old table, each hand's score panel).

    For `App.screen_change_signal`: a screen that closes is then freed with its widgets."""
    clear = getattr(_KEEPS_WIDGETS, "cache_clear", None)
    if clear is not None:
        clear()


# -- notices: Textual has no public way to take back one notice ------------------------------------------

def keep_newest_notices(app: App[Any], count: int) -> None:
    """Take back every notice but the newest `count` (`App._notifications`, `_unnotify` and
    `_refresh_notifications`, as `App.clear_notifications` uses them for all of them)."""
    notices = list(app._notifications)
    if len(notices) > count:
        for old in notices[:-count]:
            app._unnotify(old, refresh=False)
        app._refresh_notifications()


class PlainQuitHint:
    """Mixin for an App (before App in its bases): Textual's ctrl+c hint (App binds ctrl+c to
    `help_quit`, which notifies in markup) in the same words, as plain text, as every notice here is."""

    def action_help_quit(self) -> None:
        for key, active in self.active_bindings.items():  # type: ignore[attr-defined]
            if active.binding.action in ("quit", "app.quit"):
                self.notify(_("Press {key} to quit the app").format(key=key),  # type: ignore[attr-defined]
                            title=_("Do you want to quit?"))
                return


# -- the first frame ------------------------------------------------------------------------------------

class StyledWhenMounted:
    """Mixin for an App (before App in its bases): a widget not mounted yet is not styled when its classes
    change, for it is styled whole as it mounts.

    Textual restyles a widget each time a class of it changes, mounted or not: a `compact=True` or a
    `value=True` given to a Button, Input, Select or Checkbox as it is made (a reactive that toggles a
    class) styles it, and its component classes, once more before it mounts, for nothing (App._register
    styles every widget it registers, with the classes it has then). (Relies on `App._registry` holding
    every widget registered, screens too.)
    """

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        if node is cast(object, self) or node in self._registry:  # type: ignore[attr-defined]
            super().update_styles(node, animate=animate)  # type: ignore[misc]


class StyledOnce:
    """Mixin for a screen (before Screen in its bases): styled once, as its widgets mount, and laid out
    once, as it first shows (a screen with a CSS_PATH of its own is restyled as it first shows too).

    Textual styles each widget as it mounts, then restyles the whole screen each time it is shown: the
    first time, moments later, with nothing changed in between. That second pass is the dearest part of
    a first screen after its imports (every widget and every component class again), so it is skipped
    the first time; a screen shown again, after one over it closes, is restyled as Textual does it.
    (Relies on Textual calling our handler before Screen's own `_on_screen_resume`, which reads
    `ScreenResume.refresh_styles`.)

    Textual also hands the app's first size to the screen on show once the app is idle (`App._on_resize`
    keeps the terminal's own first report though the size is the same), and Screen lays it, and the
    screens under it, out again: a resize to the size every screen is laid out at already stops here,
    before Screen's handler.
    """

    _styled_once = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._styled_once:
            self._styled_once = True
            # A screen with a stylesheet of its own (the lesson's learn.tcss) may have composed before
            # Textual read it: from Python 3.12 Textual starts tasks eagerly, so a pushed screen composes
            # as it is registered, before push_screen loads its CSS_PATH. Its first restyle is then what
            # styles it: only a screen styled by the app's stylesheet alone skips it.
            if not self.css_path:  # type: ignore[attr-defined]
                event.refresh_styles = False

    def on_resize(self, event: events.Resize) -> None:
        if all(screen.outer_size == event.size for screen in self.app.screen_stack):  # type: ignore[attr-defined]
            event.stop()
            event.prevent_default()  # (the screen's own handler has run: it comes first)


def footer_keys_ready(footer: Footer) -> None:
    """Let a Footer make its keys as it is composed (`Footer._bindings_ready`: Textual's Footer makes
    none until the screen first tells it its keys, after the first frame)."""
    footer.set_reactive(Footer._bindings_ready, True)


def wear_theme_unstarted(app: App[Any], theme: Theme) -> None:
    """Wear a registered theme in an app that has not started, without the restyle setting `app.theme`
    would ask for: its stylesheet is not read yet, and takes the theme's variables from here.

    Does what `App._watch_theme` does to the app's classes, as Textual's docs show a theme set quietly."""
    app.set_reactive(App.theme, theme.name)
    classes = {name: False for name in app.classes if name.startswith("-theme-")}
    classes.update({f"-theme-{theme.name}": True, "-dark-mode": theme.dark, "-light-mode": not theme.dark})
    app.update_classes(classes, update=False)
    app.stylesheet.set_variables(app.get_css_variables())


# -- colours: what a terminal of fewer colours shows ------------------------------------------------------
# Textual draws truecolor; Rich's console turns each colour into the terminal's own (`Color.downgrade`) as
# it writes. Screenshots are always truecolor, so to see (and snapshot) what a 256- or 16-colour terminal
# shows, the same downgrade is made a line filter (`App._filters`, as Textual's NO_COLOR Monochrome is).

class _Downgraded(LineFilter):
    """Each colour as Rich writes it for `system` (and back to the RGB that terminal number means); with
    `dark_grounds`, a ground of the bright eight as its dark twin, as the Linux console shows it."""

    def __init__(self, system: ColorSystem, dark_grounds: bool = False) -> None:
        super().__init__()
        self.system = system
        self.dark_grounds = dark_grounds

    def _colour(self, colour: RichColor | None, ground: bool = False) -> RichColor | None:
        if colour is None or colour.is_default:
            return colour
        written = colour.downgrade(self.system)
        if ground and self.dark_grounds and written.number is not None and written.number >= 8:
            written = RichColor.from_ansi(written.number - 8)
        return RichColor.from_triplet(written.get_truecolor())

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, self._style(style) if style else style, control)
                for text, style, control in segments]

    def _style(self, style: Style) -> Style:
        return style + Style(color=self._colour(style.color), bgcolor=self._colour(style.bgcolor, True))


def colours_as(app: App[Any], system: str) -> None:
    """Show the app's colours as a terminal of this Rich colour system ("256", "standard") shows them;
    "linux": as the Linux console does (16 for writing, 8 for grounds)."""
    if system == "linux":
        app._filters.append(_Downgraded(ColorSystem.STANDARD, dark_grounds=True))
        return
    app._filters.append(_Downgraded(ColorSystem[{"256": "EIGHT_BIT"}.get(system, system.upper())]))


# -- input ------------------------------------------------------------------------------------------------

MOUSE = (events.MouseDown, events.MouseUp, events.Click)


class HeldMouse:
    """Mixin for a screen (before Screen in its bases) that may drop a press, release or click: it is
    asked `holds(event)` where the screen hands mouse events to its widgets (`Screen._forward_event`:
    the app makes a click of a press and release and gives it to the screen there, past any handler)."""

    def holds(self, event: events.Event) -> bool:
        raise NotImplementedError

    def _forward_event(self, event: events.Event) -> None:
        if isinstance(event, MOUSE) and self.holds(event):
            return
        super()._forward_event(event)  # type: ignore[misc]


def bind_key(node: DOMNode, key: str, action: str, description: str = "", show: bool = False) -> None:
    """Bind one more key on one widget or screen (its `_bindings`; BINDINGS bind for the whole class).

    The key gets a list of its own: the instance's map is a shallow copy of the class's."""
    bindings = node._bindings
    bindings.key_to_bindings[key] = list(bindings.key_to_bindings.get(key, []))
    bindings.bind(key, action, description, show=show)


# -- ending: what the shutdown guard (allfives.ui.shutdown) needs to know of an app that is ending ------

def forgive_teardown(app: App[Any]) -> None:
    """An exit that comes as a screen or widget mounts (a signal just after Start, `q` at start-up) takes
    the DOM down around it: its on_mount then finds no widget to query (NoMatches) or no parent to mount
    in (MountError), Textual's own widgets' too, and Textual reports a crash. Once the app is exiting
    those are not crashes: nothing is shown any more. Anything else still is."""
    from textual.css.query import NoMatches
    from textual.widget import MountError

    handle = app._handle_exception

    def handle_exception(error: Exception) -> None:
        if getattr(app, "_exit", False) and isinstance(error, (NoMatches, MountError)):
            return  # (Textual's `_exit`: exit was asked for; every node counts as detached from then on)
        handle(error)

    app._handle_exception = handle_exception  # type: ignore[method-assign]


def running_driver(app: App[Any]) -> object | None:
    """The app's driver while it runs (`App._driver`), to put the terminal back when nothing else can."""
    return getattr(app, "_driver", None)


def ending_error(app: App[Any]) -> BaseException | None:
    """The error that ended the app, if one did (`App._exception`, where Textual keeps it)."""
    return getattr(app, "_exception", None)
