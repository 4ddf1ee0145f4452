"""Package discovery: the repository's top-level folders install under printkit's own name.

``engines/`` installs as ``printkit.engines``, ``templates/`` as ``printkit.templates`` and
``fonts/`` as ``printkit.fontdata``, so that installing printkit never puts a package named
``engines`` or ``templates`` at the top of site-packages. Every package folder is found here,
so adding a game (``engines/<game>/`` and ``templates/<game>/``) touches no list anywhere.
"""

from setuptools import find_packages, setup

MAPPED = {"printkit.engines": "engines", "printkit.templates": "templates"}

packages = ["printkit", *(f"printkit.{p}" for p in find_packages("printkit")), "printkit.fontdata"]
for name, folder in MAPPED.items():
    packages += [name, *(f"{name}.{p}" for p in find_packages(folder))]

setup(packages=packages, package_dir={**MAPPED, "printkit.fontdata": "fonts"})
