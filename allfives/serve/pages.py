"""The pages a browser is sent: textual-serve's game page with our font and downloads, and the refusals.

They speak the server's language (`allfives serve --lang`), as each visitor's game does."""

from __future__ import annotations

import html
import re
from pathlib import Path

from allfives import i18n
from allfives.i18n import _, ngettext

# textual-serve's page asks a web font service for Roboto Mono: offline (or slow) that request fails or
# holds the page up, and the terminal falls back to whatever monospace font the machine has. The page
# loads textual-serve's own copy of Roboto Mono instead, before the terminal measures its cells. Box
# drawing and block elements (tile edges, half-block rims) don't depend on the font: the page's xterm.js
# draws those itself, cell-exact; what Roboto Mono lacks (pips, arrows) comes from the system's fonts.
FONT_LINK = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>\s*", re.IGNORECASE)
ROBOTO = "{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf"
FONT_FACE = f"""<link rel="preload" href="{ROBOTO}" as="font" type="font/ttf" crossorigin />
    <style>
      @font-face {{
        font-family: "Roboto Mono";
        src: url("{ROBOTO}") format("truetype");
        font-weight: 100 700;
      }}
    </style>
    """

# textual-serve's script opens each download in a new window once the game says a file is ready: long
# after the key press, so a browser's pop-up blocker may stop it. A link clicked in the page itself
# downloads the same address (with the page's cookies) and is never blocked.
DOWNLOADS = """<script>
      (function () {
        const open = window.open.bind(window);
        window.open = function (url, target, features) {
          const address = new URL(String(url), window.location.href);
          if (address.origin === window.location.origin && address.pathname.startsWith("/download/")) {
            const link = document.createElement("a");
            link.href = address.href;
            link.download = "";
            document.body.appendChild(link);
            link.click();
            link.remove();
            return null;
          }
          return open(url, target, features);
        };
      })();
    </script>
    """

SESSION_ENDED = '<div class="message">Session ended.</div>'
GAME_KEPT = ('<div class="message">Session ended. Your game is saved here: '
             'Restart picks it up.</div>')
# textual-serve's buttons, as its page writes them
START = 'id="start">Start</button>'
RESTART = 'onClick="refresh()">Restart</button>'


def html_lang() -> str:
    """The page's `lang`: the language spoken (English for the test pseudo-language)."""
    spoken = i18n.language()
    return spoken if spoken in i18n.LANGUAGES else i18n.ENGLISH


def game_kept() -> str:
    """The closing line, in the language spoken: the game is kept."""
    said = _("Session ended. Your game is saved here: Restart picks it up.")
    return f'<div class="message">{html.escape(said)}</div>'


def page_template(page: str) -> str:
    """textual-serve's page with the font above instead of the web font service's, a tab title,
    downloads that no pop-up blocker stops, a closing line that says the game is kept, and its
    words (and `lang`) in the language spoken."""
    page = FONT_LINK.sub("", page)
    title = "" if "<title>" in page else "<title>{{ application.name }}</title>\n    "
    page = page.replace(SESSION_ENDED, game_kept(), 1)
    start, restart = html.escape(_("Start")), html.escape(_("Restart"))
    page = page.replace(START, f'id="start">{start}</button>', 1)
    page = page.replace(RESTART, f'onClick="refresh()">{restart}</button>', 1)
    page = re.sub(r"<html(\s[^>]*)?>", f'<html lang="{html_lang()}">', page, count=1)
    return page.replace("</head>", FONT_FACE + DOWNLOADS + title + "</head>", 1)


def page_title() -> str:
    """The tab's title: the game's name, as the language writes it."""
    return _("All Fives")


def write_templates(folder: Path) -> Path:
    """A templates folder for textual-serve holding its page, made ours."""
    import textual_serve

    shipped = Path(textual_serve.__file__).parent / "templates" / "app_index.html"
    (folder / "app_index.html").write_text(page_template(shipped.read_text(encoding="utf-8")),
                                           encoding="utf-8")
    return folder


def notice_page(title: str, *lines: str, retry_seconds: int | None = None) -> str:
    """A small page in the game's colours saying why there is no game here (plain text, escaped)."""
    refresh = f'<meta http-equiv="refresh" content="{retry_seconds}">' if retry_seconds else ""
    body = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
    heading = _("All Fives: {title}").format(title=title)
    return f"""<!DOCTYPE html>
<html lang="{html_lang()}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    {refresh}
    <title>{html.escape(heading)}</title>
    <style>
      body {{ background: #0c181f; color: rgba(255, 255, 255, 0.9); font: 16px/1.5 menlo, monospace;
             display: flex; align-items: center; justify-content: center; min-height: 90vh; margin: 0; }}
      main {{ max-width: 36em; padding: 2em; background: #12232d; }}
      h1 {{ font-size: 1.2em; margin-top: 0; }}
    </style>
  </head>
  <body><main><h1>{html.escape(title)}</h1>{body}</main></body>
</html>
"""


def no_token_page() -> str:
    return notice_page(
        _("This address needs its token"),
        _("Open the whole address that `allfives serve` printed when it started, with its ?token= part: "
          "only someone given that address can play here."),
        _("If you did, this browser may be refusing cookies for this address: allow them and open it "
          "again."))


def table_full_page(most: int) -> str:
    return notice_page(
        _("The table is full"),
        ngettext("{n} visitor is playing already, as many as this server takes at once. A seat frees when "
                 "someone closes their tab or leaves it idle.",
                 "{n} visitors are playing already, as many as this server takes at once. A seat frees "
                 "when someone closes their tab or leaves it idle.", most).format(n=most),
        _("This page tries again every 30 seconds, and lets you in as soon as there is room."),
        retry_seconds=30)


def share_taken_page(per_client: int) -> str:
    return notice_page(
        _("Your address has its share of seats"),
        ngettext("{n} browser at your network address is playing already, as many as one address may "
                 "play here at once. A seat frees when one of them closes their tab or leaves it idle.",
                 "{n} browsers at your network address are playing already, as many as one address may "
                 "play here at once. A seat frees when one of them closes their tab or leaves it idle.",
                 per_client).format(n=per_client),
        _("This page tries again every 30 seconds, and lets you in as soon as there is room."),
        retry_seconds=30)
