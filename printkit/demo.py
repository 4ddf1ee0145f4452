"""``make demo``: build every kit into ``out/`` and show what was written.

Runs the same CLI a user runs: kits on A4 and US Letter, the seeds' worked examples as
filled-in sheets, an auto-played game per engine and its example, a validation report, the rule
handouts in English and French (pages and booklets), the example custom sheets (printed, and
validated against the standard sheet), and PNG previews with a contact sheet of each kit.
"""

from __future__ import annotations

import sys
from pathlib import Path

from printkit.cli import main as cli
from printkit.kits import game_kits, kits


def run(*args: str) -> None:
    print("$ printkit " + " ".join(args), flush=True)
    code = cli(list(args))
    if code:
        raise SystemExit(f"demo step failed (exit {code}): printkit {' '.join(args)}")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "out")
    run("games")
    run("build", "all", "--paper", "a4", "--out", str(out / "a4"))
    run("build", "all", "--paper", "letter", "--out", str(out / "letter"))
    for kit in kits().values():  # sheets that print two to a page (A3: two A4 sheets)
        for comp in kit.component_list():
            if "two_up" in comp.option_names():
                run("build", kit.name, "--paper", "a3", "--two-up", "--component", comp.name,
                    "--out", str(out / "a3-two-up"))
    run("build", "all", "--paper", "a4", "--profile", "print-shop", "--out",
        str(out / "print-shop"))
    for kit in game_kits():
        game = kit.name
        for log in kit.example_logs():
            run("replay", game, str(log))
            target = out / "examples" / f"{game}-{log.stem}.pdf"
            run("example", game, str(log), "--out", str(target))
        log = out / "logs" / f"{game}-seed1.jsonl"
        run("play", game, "--seed", "1", "--log", str(log))
        run("example", game, str(log), "--out", str(out / "examples" / f"{game}-seed1.pdf"))
        run("validate", game, "--games", "200", "--seed", "1",
            "--report", str(out / "validation" / f"{game}.pdf"))
        for sheet in kit.example_sheets():  # custom sheets: printed, and played for a win rate
            run("build", game, "--sheet", str(sheet), "--out", str(out / f"sheet-{sheet.stem}"))
            run("validate", game, "--sheet", str(sheet), "--games", "200", "--seed", "1")
    # rule handouts: English and French, both papers, full pages and a folded booklet
    run("handouts", "all", "--locales", "en,fr", "--paper", "a4,letter", "--out",
        str(out / "handouts"))
    run("handouts", "all", "--locales", "en,fr", "--paper", "a4", "--booklet", "--out",
        str(out / "handouts-booklet"))
    for kit_pdf in sorted((out / "a4").glob("*/*-kit.pdf")):
        run("preview", str(kit_pdf), "--dpi", "60", "--out", str(out / "previews" / kit_pdf.stem))
    print(f"\nEverything is in {out}/:")
    for path in sorted(out.rglob("*.pdf")):
        print(f"  {path}  ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
