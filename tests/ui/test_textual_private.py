"""Each of Textual's private parts we use (allfives/ui/textual_private/) still is what we rely on: one test
each, on small apps of its own, so a Textual upgrade that changes one fails here by name."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from allfives.ui import textual_private as door
from allfives.ui.themes import DARK, LIGHT


class Tiny(door.PlainQuitHint, App[None]):
    BINDINGS = [Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static("tiny")


async def test_the_styles_cache_still_keeps_what_it_drew_until_forgotten() -> None:
    """Textualize/textual#6665: once `get_inner_outer` is no longer an lru_cache, drop the trick."""
    from textual._styles_cache import StylesCache

    kept = StylesCache.get_inner_outer
    assert hasattr(kept, "cache_clear") and hasattr(kept, "cache_info")
    StylesCache().get_inner_outer(Color(1, 2, 3), Color(4, 5, 6))
    assert kept.cache_info().currsize >= 1
    door.forget_gone_widgets()
    assert kept.cache_info().currsize == 0


async def test_notices_but_the_newest_are_taken_back() -> None:
    app = Tiny()
    async with app.run_test() as pilot:
        for n in range(5):
            app.notify(f"notice {n}")
        await pilot.pause()
        door.keep_newest_notices(app, 3)
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["notice 2", "notice 3", "notice 4"]


async def test_ctrl_c_still_asks_for_the_quit_hint_and_gets_it_plain() -> None:
    assert any(b.key == "ctrl+c" and b.action == "help_quit" for b in App.BINDINGS)  # type: ignore[union-attr]
    app = Tiny()
    async with app.run_test() as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        # (Textual's own hint would be in markup: "Press [b]ctrl+q[/b] ...")
        assert [(n.title, n.message) for n in app._notifications] == [
            ("Do you want to quit?", "Press ctrl+q to quit the app")]


class Lamp(App[None]):
    CSS = "Static.-lit { color: red; }"

    def compose(self) -> ComposeResult:
        yield Static("a lamp")


class QuietLamp(door.StyledWhenMounted, Lamp):
    pass


async def styled_before_and_after_mounting(app: Lamp) -> tuple[bool, int, bool]:
    """Whether a widget made (not mounted) was styled as a class of it changed; how many times it was
    styled as it mounted; whether a class changed once mounted restyled it."""
    async with app.run_test() as pilot:
        styled: list[object] = []
        apply = app.stylesheet.apply

        def counted(node, *args, **kwargs):  # type: ignore[no-untyped-def]
            styled.append(node)
            return apply(node, *args, **kwargs)

        app.stylesheet.apply = counted  # type: ignore[method-assign]
        lamp = Static("another lamp")
        lamp.add_class("-lit")  # (as a `compact=True` given to a Button does, by a reactive's class)
        before = lamp in styled
        styled.clear()
        await app.mount(lamp)
        await pilot.pause()
        assert lamp.styles.color == Color.parse("red")  # styled whole as it mounted, its class and all
        mounting = styled.count(lamp)
        styled.clear()
        lamp.remove_class("-lit")
        assert lamp.styles.color != Color.parse("red")
        return before, mounting, lamp in styled


async def test_a_widget_is_styled_as_it_mounts_not_each_time_a_class_changes_before() -> None:
    assert await styled_before_and_after_mounting(Lamp()) == (True, 1, True)  # Textual's own way
    assert await styled_before_and_after_mounting(QuietLamp()) == (False, 1, True)


class Restyled(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("a screen")


class Once(door.StyledOnce, Restyled):
    pass


async def test_a_screen_styled_once_skips_only_the_restyle_of_its_first_showing() -> None:
    """Screen's own resume handler restyles the screen unless told not to, and runs after ours."""
    restyles: dict[str, int] = {}
    app = Tiny()
    async with app.run_test() as pilot:
        for name, screen in (("plain", Restyled()), ("once", Once())):
            restyles[name] = 0
            update = screen.update_node_styles

            def counted(*args: object, _name: str = name, _update=update, **kwargs: object) -> None:
                restyles[_name] += 1
                _update(*args, **kwargs)

            screen.update_node_styles = counted  # type: ignore[method-assign]
            await app.push_screen(screen)
            await pilot.pause()
            shown_first = restyles[name]
            await app.push_screen(Restyled())
            await pilot.pause()
            await app.pop_screen()
            await pilot.pause()
            restyles[name + " again"] = restyles[name] - shown_first
            restyles[name] = shown_first
            await app.pop_screen()
    assert restyles["plain"] == 1 and restyles["once"] == 0
    assert restyles["once again"] == restyles["plain again"]  # shown again: as Textual does it


def test_a_screen_styled_once_with_a_stylesheet_of_its_own_wears_it_when_textual_starts_tasks_eagerly(
        tmp_path: Path) -> None:
    """`App.run` starts tasks eagerly from Python 3.12: a pushed screen composes before Textual reads its
    CSS_PATH, and only its first restyle styles it (the lesson's coach, unstyled on 3.13 until this)."""
    sheet = tmp_path / "own.tcss"
    sheet.write_text("#mark { height: 5; }")

    class OwnSheet(door.StyledOnce, Screen[None]):
        CSS_PATH = str(sheet)

        def compose(self) -> ComposeResult:
            yield Static("marked", id="mark")

    heights: list[object] = []

    async def pushed(pilot) -> None:  # noqa: ANN001
        await pilot.app.push_screen(OwnSheet())
        await pilot.pause()
        heights.append(pilot.app.screen.query_one("#mark").styles.height)
        pilot.app.exit()

    Tiny().run(headless=True, auto_pilot=pushed)  # (as the game runs: run_test starts tasks lazily)
    assert [str(h) for h in heights] == ["5"]


async def test_a_first_screen_styled_once_is_laid_out_again_only_for_a_new_size() -> None:
    """Textual hands the first size to a first screen again once idle, and lays it out again for it."""
    async def layouts(screen: Restyled) -> list[tuple[int, int, bool]]:
        """(width, height, the size it had already) of each layout the screen is given a size for."""
        laid: list[tuple[int, int, bool]] = []
        refresh_layout = screen._refresh_layout

        def counted(size=None, *args, **kwargs):  # type: ignore[no-untyped-def]
            if size is not None:
                laid.append((size.width, size.height, size == screen.outer_size))
            return refresh_layout(size, *args, **kwargs)

        screen._refresh_layout = counted  # type: ignore[method-assign]

        class First(App[None]):
            def on_mount(self) -> None:
                self.push_screen(screen)

        app = First()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            await pilot.resize_terminal(50, 12)
            await pilot.pause()
        return laid

    again = [(40, 10, True), (50, 12, True)]
    plain = await layouts(Restyled())
    assert plain[:1] == [(40, 10, False)] and all(size in plain for size in again)
    assert await layouts(Once()) == [(40, 10, False), (50, 12, False)]


async def test_a_footer_told_its_keys_are_ready_makes_them_as_it_is_composed() -> None:
    made: dict[str, list[str]] = {}

    class Keys(Screen[None]):
        BINDINGS = [Binding("s", "app.bell", "Start")]

        def __init__(self, ready: bool) -> None:
            super().__init__()
            self.ready = ready

        def compose(self) -> ComposeResult:
            footer = Footer()
            if self.ready:
                door.footer_keys_ready(footer)
            yield footer

        def on_mount(self) -> None:  # (the screen's first frame is drawn after this)
            made["ready" if self.ready else "as Textual makes it"] = [
                key.description for key in self.query(door.FooterKey)]

    app = Tiny()
    async with app.run_test() as pilot:
        for ready in (False, True):
            await app.push_screen(Keys(ready))
            await pilot.pause()
            assert all(isinstance(key, door.FooterKey) for key in app.screen.query(Footer).first().children)
            await app.pop_screen()
    assert made["as Textual makes it"] == [] and made["ready"][0] == "Start"


async def test_a_theme_worn_before_the_start_sets_what_setting_it_does() -> None:
    def themed(app: App[None]) -> set[str]:
        return {c for c in app.classes if c.startswith(("-theme-", "-dark-", "-light-"))}

    told, quiet = Tiny(), Tiny()
    for app in (told, quiet):
        app.register_theme(DARK)
        app.register_theme(LIGHT)
    door.wear_theme_unstarted(quiet, LIGHT)
    assert quiet.theme == LIGHT.name
    async with quiet.run_test() as pilot:
        await pilot.pause()
        quiet_classes, quiet_variables = themed(quiet), quiet.stylesheet._variables
    async with told.run_test() as pilot:
        told.theme = LIGHT.name
        await pilot.pause()
        assert themed(told) == quiet_classes == {f"-theme-{LIGHT.name}", "-light-mode"}
        assert told.stylesheet._variables == quiet_variables


async def test_mouse_events_a_screen_holds_reach_none_of_its_widgets() -> None:
    pressed: list[str] = []

    class Held(door.HeldMouse, Screen[None]):
        def __init__(self, holding: bool) -> None:
            super().__init__()
            self.holding = holding

        def holds(self, event: object) -> bool:
            return self.holding

        def compose(self) -> ComposeResult:
            yield Button("press", id="press")

        def on_button_pressed(self) -> None:
            pressed.append("held" if self.holding else "let through")

    app = Tiny()
    async with app.run_test() as pilot:
        for holding in (True, False):
            await app.push_screen(Held(holding))
            await pilot.pause()
            await pilot.click("#press")
            await pilot.pause()
            await app.pop_screen()
    assert pressed == ["let through"]


async def test_a_key_bound_on_one_screen_is_bound_there_only() -> None:
    class Asking(Screen[None]):
        BINDINGS = [Binding("y", "app.bell", "Yes")]

    one, other = Asking(), Asking()
    door.bind_key(one, "q", "app.quit", "Yes")
    door.bind_key(one, "y", "app.quit", "Yes too")
    assert [b.action for b in one._bindings.key_to_bindings["q"]] == ["app.quit"]
    assert [b.action for b in one._bindings.key_to_bindings["y"]] == ["app.bell", "app.quit"]
    assert "q" not in other._bindings.key_to_bindings
    assert [b.action for b in other._bindings.key_to_bindings["y"]] == ["app.bell"]
    app = Tiny()
    quit_asked: list[bool] = []
    app.action_quit = lambda: quit_asked.append(True)  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await app.push_screen(one)
        await pilot.press("q")
        await pilot.pause()
    assert quit_asked == [True]


def test_no_module_but_the_door_names_textuals_private_parts() -> None:
    """Private modules (`textual._x`, `textual.widgets._x`) and the private names we have needed so far."""
    import re
    from pathlib import Path

    import allfives

    private = re.compile(r"\btextual(\.\w+)*\._\w|from textual(\.\w+)* import _\w|\.(_notifications|_unnotify"
                         r"|_refresh_notifications|_bindings_ready|_bindings|_forward_event|_on_screen_resume"
                         r"|_handle_exception)\b|\"_(driver|exception)\""
                         r"|def (_forward_event|_on_screen_resume)\b")
    root = Path(allfives.__file__).parent
    door = root / "ui" / "textual_private"
    found = [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py"))
             if door not in path.parents
             for n, line in enumerate(path.read_text().splitlines(), 1) if private.search(line)]
    assert found == []


async def test_colours_as_shows_what_a_terminal_of_fewer_colours_shows() -> None:
    """`App._filters` still filter what is drawn, screenshots too: a cream shows as Rich's 256 pick."""
    from rich.color import Color as RichColor
    from rich.color import ColorSystem

    class Cream(App[None]):
        CSS = "Static { background: #efe6cf; }"

        def compose(self) -> ComposeResult:
            yield Static("tile")

    in_256 = RichColor.parse("#efe6cf").downgrade(ColorSystem.EIGHT_BIT).get_truecolor().hex
    assert in_256 == "#ffd7d7"  # what that cream became in tmux: pink
    plain, downgraded = Cream(), Cream()
    door.colours_as(downgraded, "256")
    for app, shown, not_shown in ((plain, "#efe6cf", in_256), (downgraded, in_256, "#efe6cf")):
        async with app.run_test() as pilot:
            await pilot.pause()
            svg = app.export_screenshot()
            assert shown in svg and not_shown not in svg
