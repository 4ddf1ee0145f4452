"""A plain `pip install .` works: templates, catalogs and fonts are found from the installed
package, from any working directory."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_installs_and_builds_from_elsewhere(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(wheels), str(ROOT)],
        check=True, cwd=tmp_path,
    )
    (wheel,) = wheels.glob("printkit-*.whl")
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
         str(wheel)],
        check=True, cwd=tmp_path,
    )
    assert (target / "printkit" / "fontdata" / "manifest.toml").is_file()
    assert (target / "engines" / "wftgts" / "data" / "rules.toml").is_file()
    # run from an unrelated folder with only the installed copy (plus the dependencies)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target),
                                                        sysconfig.get_paths()["purelib"]])}
    work = tmp_path / "elsewhere"
    work.mkdir()
    code = (
        "import printkit, engines, sys;"
        "assert str(printkit.__file__).startswith(sys.argv[1]), printkit.__file__;"
        "from printkit.cli import main;"
        "sys.exit(main(['build', 'wftgts', '--out', 'kits']))"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(target)],
                          cwd=work, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (work / "kits" / "wftgts" / "play-sheet.pdf").stat().st_size > 5000


def test_every_package_folder_is_listed_in_pyproject():
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("printkit", "engines", "templates")
        for p in (ROOT / top).rglob("__init__.py")
    }
    assert found <= listed, found - listed
