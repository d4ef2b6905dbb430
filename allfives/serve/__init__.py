"""`allfives serve`: the game in web browsers, behind a secret token, one sandboxed game per visitor.

`command` (options, the address, starting it), `gate` (the token, the Origin, visitors, the cap: pure
checks), `server` (textual-serve's server behind them), `pages` (what a browser is sent).
"""

from .command import cannot_listen, game_argv, game_command, main, parser, public_url
from .pages import page_template

__all__ = ["cannot_listen", "game_argv", "game_command", "main", "page_template", "parser", "public_url"]
