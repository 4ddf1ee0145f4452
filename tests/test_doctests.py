"""The ``>>>`` examples in every module's docstrings run as tests, under the modules' installed
names (``printkit.engines...``), so a doctest sees the same classes as the code it documents."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

SKIP = ("printkit.__main__", "printkit.demo")


def _modules() -> list[str]:
    # printkit.engines and printkit.templates live in folders of their own in a checkout
    names = {"printkit"}
    for top in ("printkit", "printkit.engines", "printkit.templates"):
        package = importlib.import_module(top)
        names.add(top)
        for info in pkgutil.walk_packages(package.__path__, f"{top}."):
            if not info.name.startswith(SKIP):
                names.add(info.name)
    return sorted(names)


MODULES = _modules()


def test_the_engines_and_templates_are_walked() -> None:
    assert "printkit.engines.core.log" in MODULES
    assert any(m.startswith("printkit.templates.") for m in MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} doctest(s) failed in {name}"
