"""A plain `pip install .` works: templates, catalogs and fonts are found from the installed
package, from any working directory, and the wheel puts nothing at the top of site-packages
but ``printkit`` (the repository's ``engines/`` and ``templates/`` install inside it)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _site_packages(env: Path) -> Path:
    (found,) = (env / "lib").glob("python3*/site-packages")
    return found


def test_wheel_installs_into_a_fresh_venv_and_builds_from_elsewhere(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(wheels), str(ROOT)],
        check=True, cwd=tmp_path, capture_output=True,
    )
    (wheel,) = wheels.glob("printkit-*.whl")
    env = tmp_path / "env"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
         str(wheel)],
        check=True, cwd=tmp_path, capture_output=True,
    )
    site = _site_packages(env)
    top = sorted(p.name for p in site.iterdir()
                 if not p.name.endswith((".dist-info", ".pth")) and p.name != "__pycache__"
                 and not p.name.startswith("_"))
    assert top == ["printkit"], top
    assert (site / "printkit" / "fontdata" / "manifest.toml").is_file()
    assert (site / "printkit" / "engines" / "wftgts" / "data" / "rules.toml").is_file()
    # printkit's own catalog and each game's, beside its templates
    assert (site / "printkit" / "locale" / "fr" / "LC_MESSAGES" / "printkit.po").is_file()
    assert (site / "printkit" / "templates" / "wftgts" / "locale" / "fr" / "LC_MESSAGES"
            / "wftgts.po").is_file()
    # run from an unrelated folder: the fresh venv's printkit, this venv's dependencies
    environ = {**os.environ, "PYTHONPATH": sysconfig.get_paths()["purelib"]}
    work = tmp_path / "elsewhere"
    work.mkdir()
    code = (
        "import printkit, sys;"
        "assert str(printkit.__file__).startswith(sys.argv[1]), printkit.__file__;"
        "from printkit.cli import main;"
        "sys.exit(main(['build', 'wftgts', '--out', 'kits']))"
    )
    proc = subprocess.run([str(python), "-c", code, str(site)],
                          cwd=work, env=environ, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (work / "kits" / "wftgts" / "play-sheet.pdf").stat().st_size > 5000
