"""Package discovery: the repository's top-level folders install under printkit's own name.

``engines/`` installs as ``printkit.engines``, ``templates/`` as ``printkit.templates``,
``fonts/`` as ``printkit.fontdata`` and ``examples/`` as ``printkit.examples``, so that
installing printkit never puts a package named ``engines`` or ``templates`` at the top of
site-packages. Every folder is found here (data folders such as ``engines/<game>/data`` as
namespace packages, so setuptools knows they are meant to ship), so adding a game
(``engines/<game>/`` and ``templates/<game>/``) touches no list anywhere.

Building the wheel also compiles every translation catalog (``.po``: printkit's own in
``printkit/locale``, each kit's in ``templates/<game>/locale``) into its ``.mo``, so an
installed printkit reads compiled catalogs and never compiles one at run time.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

MAPPED = {"printkit.engines": "engines", "printkit.templates": "templates",
          "printkit.fontdata": "fonts", "printkit.examples": "examples"}
SKIP = ["*__pycache__*", "*.egg-info*", "rtl", "rtl.*"]


def _packages(name: str, folder: str) -> list[str]:
    """``name`` and every folder under ``folder`` whose name can be imported."""
    found = find_namespace_packages(folder, exclude=SKIP)
    return [name, *(f"{name}.{p}" for p in found if all(s.isidentifier() for s in p.split(".")))]


packages = _packages("printkit", "printkit")
for package, where in MAPPED.items():
    packages += _packages(package, where)


class BuildWithCatalogs(build_py):
    """``build_py`` that also writes a ``DOMAIN.mo`` beside every ``DOMAIN.po`` it copies, in
    every catalog (any package's ``locale/`` folder)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        package = Path(self.build_lib, "printkit")
        for po in sorted(package.glob("**/locale/*/LC_MESSAGES/*.po")):
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=po.parent.parent.name, domain=po.stem)
            with po.with_suffix(".mo").open("wb") as fh:
                write_mo(fh, catalog, use_fuzzy=False)


setup(packages=packages, package_dir={"printkit": "printkit", **MAPPED},
      cmdclass={"build_py": BuildWithCatalogs})
