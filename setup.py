"""The package build: compiles the message catalogues (allfives/locale) before the files are collected.

Everything else about the package is in pyproject.toml. Both `pip install .` and `pip install -e .` run
build_py, so either way the .mo files the game reads (`allfives.i18n.use`) are there, with no tool
needed at run time; the compiled files are never kept in git.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _catalogues():  # scripts/ is no package: load the one module the build and the tests share
    spec = importlib.util.spec_from_file_location("_allfives_catalogues", HERE / "scripts" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogues(build_py):
    """build_py that first writes each language's allfives.mo beside its sources, so the package data
    (pyproject's `locale/**/*.mo`) finds them, and an editable install reads them where they are."""

    def run(self) -> None:
        _catalogues().compile_all(HERE / "allfives" / "locale")
        self.__dict__.pop("data_files", None)  # (collected again, now with the .mo files)
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
