"""No import circles among allfives' modules: each module's imports (read with `ast`, at any depth in
the module, in functions too, but not under `if TYPE_CHECKING:`) lead only downward, so any module can
be read, tested and moved with what it uses and never what uses it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "allfives"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The allfives modules `path` imports at run time (`from pkg import name` counts as pkg.name when
    that is a module, else as pkg)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_allfives_imports_itself_round_a_circle() -> None:
    graph = import_graph()
    assert "allfives.play.setup" in graph and "allfives.bots.levels" in graph["allfives.play.setup"]
    found = cycles(graph)
    assert found == [], "\n".join(" ⇄ ".join(c) for c in found)


def test_the_screens_the_review_the_widgets_and_the_model_use_each_other_one_way() -> None:
    """ui/screens and ui/review sit side by side on the widgets (TablePieces) and the presentation model
    (the review's among the others): neither uses the other, and nothing below uses either."""
    parts = ("allfives.ui.screens", "allfives.ui.review", "allfives.ui.widgets", "allfives.ui.model")

    def part(module: str) -> str | None:
        return next((p for p in parts if module == p or module.startswith(p + ".")), None)

    uses: dict[str, set[str]] = {p: set() for p in parts}
    for module, imported in import_graph().items():
        if (mine := part(module)) is not None:
            uses[mine].update(theirs for m in imported if (theirs := part(m)) not in (None, mine))
    assert cycles(uses) == []
    assert "allfives.ui.screens" not in uses["allfives.ui.review"]
    assert "allfives.ui.review" not in uses["allfives.ui.screens"]
