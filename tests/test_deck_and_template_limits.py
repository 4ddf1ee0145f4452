"""Issue 25 items 5, 6 and the deck and template parts of 7 and 8: what a deck may read, and
the limits of a handout template. Every reproducer is bad input: one line on stderr naming
the row (a deck) or the template and line (a handout), exit code 2, nothing written, nothing
read from outside what the user gave, and no hang: each template limit is hit in a second or
two."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.cli import main
from printkit.handouts.markup import MarkupError, parse
from printkit.handouts.render import HandoutTemplateError, render


def _picture(path: Path, size: tuple[int, int] = (750, 1050), mode: str = "RGB") -> Path:
    from PIL import Image

    Image.new(mode, size, "navy" if mode == "RGB" else 0).save(path)
    return path


def _deck(tmp_path: Path, capsys: pytest.CaptureFixture[str], csv_text: str,
          *args: str, name: str = "c.csv") -> tuple[int, str]:
    folder = tmp_path / "deck"
    folder.mkdir(exist_ok=True)
    csv = folder / name
    csv.write_text(csv_text, encoding="utf-8")
    code = main(["deck", str(csv), "--out", str(tmp_path / "o.pdf"), *args])
    err = capsys.readouterr().err
    return code, err


def _one_line_exit_2(code: int, err: str, tmp_path: Path) -> str:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("printkit: "), err
    assert "Traceback" not in err and " at 0x" not in err and "@0x" not in err
    assert not (tmp_path / "o.pdf").exists()  # nothing written
    return err.strip()


# --- item 5: a deck's pictures come from its folder and nowhere else -----------------------

def test_a_picture_outside_the_csv_folder_is_refused_the_same_whether_it_exists(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    there = _picture(elsewhere / "art.png")
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "link.png").symlink_to(there)  # a link inside that leads outside
    (folder / "dead.png").symlink_to(elsewhere / "none.png")
    pairs = [  # (a file that exists, one that does not): the same answer for both
        (str(there), str(elsewhere / "none.png")),
        ("../elsewhere/art.png", "../elsewhere/none.png"),
        ("link.png", "dead.png"),
        ("/etc/passwd", "/etc/no-such-file"),
    ]
    for column in ("image", "back"):
        for exists, missing in pairs:
            if column == "back" and not exists.endswith(".png"):
                continue  # a back that is not a picture's name is a word
            answers = []
            for value in (exists, missing):
                code, err = _deck(tmp_path, capsys, f"title,text,{column}\nA,B,{value}\n")
                line = _one_line_exit_2(code, err, tmp_path)
                assert f"c.csv line 2: {'back image' if column == 'back' else 'image'} " in line
                assert "outside the CSV's folder" in line
                answers.append(line.replace(value, "VALUE"))
            assert answers[0] == answers[1]  # nothing tells whether the file exists


def test_a_non_picture_inside_the_folder_is_named_and_etc_passwd_is_never_opened(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _deck(tmp_path, capsys, "title,text,image\nA,B,/etc/passwd\n")
    line = _one_line_exit_2(code, err, tmp_path)
    assert "cannot identify image file" not in line
    (tmp_path / "deck" / "notes.png").write_text("not a picture")
    code, err = _deck(tmp_path, capsys, "title,text,image\nA,B,notes.png\n")
    line = _one_line_exit_2(code, err, tmp_path)
    assert "c.csv line 2: notes.png is not a picture" in line


def test_a_picture_name_with_a_nul_is_one_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _deck(tmp_path, capsys, "title,text,image\nA,B,a\0b.png\n")
    assert "c.csv line 2: image 'a\\x00b.png' is not a file name" in _one_line_exit_2(
        code, err, tmp_path)


def test_pictures_come_from_the_images_folder_when_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    art = tmp_path / "art"
    art.mkdir()
    _picture(art / "a.png")
    _picture(tmp_path / "secret.png")
    code, err = _deck(tmp_path, capsys, "title,text,image,back\nA,B,a.png,a.png\n",
                      "--images", str(art))
    assert code == 0, err
    (tmp_path / "o.pdf").unlink()
    code, err = _deck(tmp_path, capsys, "title,text,image\nA,B,../secret.png\n",
                      "--images", str(art))
    line = _one_line_exit_2(code, err, tmp_path)
    assert f"image '../secret.png' is outside --images {art}" in line
    code, err = _deck(tmp_path, capsys, "title,text\nA,B\n", "--images",
                      str(tmp_path / "nope"))
    assert "--images" in _one_line_exit_2(code, err, tmp_path)


def test_the_back_option_is_the_users_own_choice_and_may_be_anywhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    back = _picture(tmp_path / "back.png")  # outside the CSV's folder
    code, err = _deck(tmp_path, capsys, "title,text\nA,B\n", "--back", str(back))
    assert code == 0, err
    assert (tmp_path / "o.pdf").is_file()


# --- items 7 and 8: cells, counts, pictures and files a deck cannot take -------------------

def test_a_cell_over_128_kib_is_one_line_naming_the_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _deck(tmp_path, capsys, f'title,text\nA,B\nC,"{"x" * 140_000}"\n')
    line = _one_line_exit_2(code, err, tmp_path)
    assert "c.csv line 3: a cell is over 128 KiB" in line


def test_a_decompression_bomb_picture_is_one_line_naming_row_and_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    _picture(folder / "bomb.png", (20_000, 20_000), "1")  # 400 million pixels, 50 kB of PNG
    _picture(folder / "huge.png", (9_000, 8_000), "1")  # 72 million: under PIL's own limit
    for name in ("bomb.png", "huge.png"):
        start = time.perf_counter()
        code, err = _deck(tmp_path, capsys, f"title,text,image\nA,B,{name}\n")
        line = _one_line_exit_2(code, err, tmp_path)
        assert f"c.csv line 2: picture {name} has" in line and "million" in line
        assert time.perf_counter() - start < 20
    code, err = _deck(tmp_path, capsys, "title,text\nA,B\n", "--back",
                      str(folder / "bomb.png"))
    line = _one_line_exit_2(code, err, tmp_path)
    assert line.startswith("printkit: card back: picture ") and "bomb.png has over" in line


@pytest.mark.parametrize("damage", ["truncated", "garbled"])
def test_a_corrupt_picture_is_one_line_naming_the_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str) -> None:
    from PIL import Image

    folder = tmp_path / "deck"
    folder.mkdir()
    noise = folder / "n.png"
    Image.effect_noise((400, 400), 60).convert("RGB").save(noise)
    data = noise.read_bytes()
    noise.write_bytes(data[: len(data) // 2] if damage == "truncated"
                      else data[:60] + b"\0" * 300 + data[360:])
    for column in ("image", "back"):
        code, err = _deck(tmp_path, capsys, f"title,text,{column}\nA,B,n.png\n")
        line = _one_line_exit_2(code, err, tmp_path)
        assert "c.csv line 2: picture n.png cannot be read (" in line


@pytest.mark.parametrize("csv_text, message", [
    ("title,text,count\nA,B,1000000000\n", "c.csv line 2: count 1000000000 is over 10,000"),
    ("title,text,qty\nA,B,10001\n", "c.csv line 2: count 10001 is over 10,000"),
    ("title,text,count\n" + "".join(f"T{i},B,10000\n" for i in range(6)),
     "c.csv line 7: the deck passes 50,000 cards"),
    ("title,text,count\nA,B," + "9" * 5000 + "\n", "c.csv line 2: count '999"),
])
def test_counts_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str], csv_text: str,
                            message: str) -> None:
    start = time.perf_counter()
    code, err = _deck(tmp_path, capsys, csv_text)
    assert message in _one_line_exit_2(code, err, tmp_path)
    assert time.perf_counter() - start < 10  # refused before any card is laid out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("which", ["csv", "layout"])
def test_a_fifo_as_the_deck_csv_or_layout_is_refused_not_waited_on(tmp_path: Path,
                                                                   which: str) -> None:
    csv = tmp_path / "c.csv"
    if which == "csv":
        os.mkfifo(csv)
    else:
        csv.write_text("title,text\nA,B\n", encoding="utf-8")
        os.mkfifo(tmp_path / "c.toml")
    run = subprocess.run([sys.executable, "-m", "printkit", "deck", str(csv), "--out",
                          str(tmp_path / "o.pdf")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "is not a regular file" in run.stderr
    assert not (tmp_path / "o.pdf").exists()


def test_a_layout_file_takes_a_byte_order_mark_as_the_csv_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "c.toml").write_bytes(b'\xef\xbb\xbf[fields]\ntext = "body"\n')
    code, err = _deck(tmp_path, capsys, "\ufefftitle,body\nA,Some text.\n")
    assert code == 0, err
    assert (tmp_path / "o.pdf").is_file()


# --- item 6: a handout template's limits -----------------------------------------------------

TEMPLATE_LIMITS = [
    ("{% for i in range(10**11) %}{% endfor %}", "range(100000000000) has over 100,000"),
    ("{{ 10 ** (10 ** 8) }}", "10 ** 100000000 has more than 4,000 digits"),
    ("{% set n = 10 ** 3000 %}{{ n * n }}", "has more than 4,000 digits"),
    ("{{ (range(10**8)|list)|length }}", "range(100000000) has over 100,000"),
    ("{{ '{:>1000000000}'.format(1) }}", "a format width or precision of 1000000000"),
    ("{{ '{:>{w}}'.format(1, w=10**9) }}", "a format width or precision of 1000000000"),
    ("{{ '{x:.1000000000f}'.format_map({'x': 1.5}) }}", "width or precision of 1000000000"),
    ("{{ plural(1, '%(num)1000000000d', 'x') }}", "a format width or precision of 1000000000"),
    ("{{ '%1000000000d' % 1 }}", "a format width or precision of 1000000000"),
    ("{{ '%*d' % (10**9, 1) }}", "'*' width or precision"),
    ("{{ '%(a(b))1000000000s' % {'a(b)': 1} }}", "a format width or precision of 1000000000"),
    ("{{ _('%(x)1000000000s', x=1) }}", "a format width or precision of 1000000000"),
    ("{{ '%s'|format('x' * 400000) ~ '%s'|format('x' * 400000) }}",
     "would make a text of over 524,288"),
    ("{{ 'x' * 10**9 }}", "a text repeated 1000000000 times would make a text of over"),
    ("{{ ['x'] * 10**9 }}", "a list repeated 1000000000 times would make a list of over"),
    ("{{ 'x'|center(10**9) }}", "|center width 1000000000 is over 10,000"),
    ("{{ 'x'.ljust(1000000000) }}", "ljust() width 1000000000 is over 10,000"),
    ("{{ 'x'|indent(10**9) }}", "|indent width 1000000000 is over 10,000"),
    ("{{ range(10)|join('x' * 100000) }}", "|join would make a text of over"),
    ("{{ ('x' * 1000).replace('', 'y' * 1000) }}", "replace() would make a text of over"),
    ("{{ (1).to_bytes(10**9, 'big') }}", "to_bytes() length 1000000000"),
    ("{{ range(10)|batch(10**9, 'x')|list }}", "|batch size 1000000000 is over 100,000"),
    ("{{ range(10)|slice(10**12)|list }}", "|slice count 1000000000000 is over 100,000"),
    ("{{ 1.5|round(10**9, 'floor') }}", "|round precision 1000000000 is over 100"),
    ("{{ number(1, 10**6) }}", "number(): digits 1000000 is not a whole number from 0 to 20"),
    ("{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
     "{% endfor %}", "namespace attribute s would hold over 524,288 characters"),
    ("{% macro f(s, n) %}{{ f(s ~ s, n - 1) if n else s|length }}{% endmacro %}{{ f('x', 40) }}",
     "~ would make a text of over 524,288 characters"),
    ("{% set s = 'x' * 500000 %}{% macro m() %}{% for i in range(100000) %}{{ s }}"
     "{% endfor %}{% endmacro %}{{ m() }}", "characters of text in all"),
    ("{% set s = 'x' * 500000 %}{% for i in range(100000) %}{{ s }}{% endfor %}",
     "the handout is over 524,288 characters"),
    ("{% set big = ['x' * 1000] * 100000 %}{{ big }}", "a value written out is over 524,288"),
    ("{% set big = ['x' * 1000] * 100000 %}{{ big|string }}", "the value given to |string"),
    ("{% macro r() %}{{ r() }}{% endmacro %}{{ r() }}", "RecursionError"),
    ("{{ 1 / 0 }}", "ZeroDivisionError: division by zero"),
]


@pytest.mark.parametrize("source, message", TEMPLATE_LIMITS)
def test_a_template_over_a_limit_stops_in_a_second_with_its_line(source: str,
                                                                 message: str) -> None:
    start = time.perf_counter()
    with pytest.raises(HandoutTemplateError) as err:
        render(f"<handout>\n{source}\n</handout>", "t.j2", "en", {})
    assert time.perf_counter() - start < 2.5
    text = str(err.value)
    assert text.startswith("t.j2:2: ") and message in text, text
    assert "\n" not in text and len(text) < 400


def test_a_template_that_runs_too_long_stops_at_its_time_limit() -> None:
    data = {"rows": list(range(100_000))}  # loops over the game's data, with nothing in them
    source = ("<handout>\n{% for a in rows %}{% for b in rows %}{% endfor %}{% endfor %}\n"
              "</handout>")
    start = time.perf_counter()
    with pytest.raises(HandoutTemplateError) as err:
        render(source, "t.j2", "en", data, seconds=0.5)
    assert time.perf_counter() - start < 2.5
    assert str(err.value) == "t.j2:2: the template ran for more than 0.5 s"


def test_the_timer_stops_what_no_check_sees() -> None:
    # a call that never returns to the template: only the timer (main thread) stops it
    start = time.perf_counter()
    with pytest.raises(HandoutTemplateError) as err:
        render("a\n{{ wait() }}", "t.j2", "en", {"wait": lambda: time.sleep(30)}, seconds=0.5)
    assert time.perf_counter() - start < 2.5
    assert str(err.value) == "t.j2:2: the template ran for more than 0.5 s"
    import signal

    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # the timer is put back


def test_what_a_handout_needs_stays_within_the_limits() -> None:
    out = render("{{ (range(100000)|list)|length }} {{ 2 ** 100 }} {{ '%5.1f|' % 2.25 }}"
                 "{{ '{:>6}'.format('ab') }} {{ 'ab' * 3 }} {{ range(3)|join(', ') }} "
                 "{{ 'x'|center(9) }}|{% for x in [1, 2] %}{{ loop.index }}/{{ loop.length }}"
                 " {% endfor %}{{ ('a' ~ 'b')|upper }} {{ number(1234.5, 2) }}",
                 "t.j2", "en", {})
    assert out == ("100000 1267650600228229401496703205376   2.2|    ab ababab 0, 1, 2 "
                   "    x    |1/2 2/2 AB 1,234.50")


def test_a_user_template_over_a_limit_exits_2_before_the_batch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine.xml.j2"
    mine.write_text("<handout>\n<p>{{ game.title }}</p>\n"
                    "{% for i in range(10**11) %}<p>{{ i }}</p>{% endfor %}\n</handout>\n")
    start = time.perf_counter()
    code = main(["handouts", "tug-of-war", "--template", str(mine), "--out",
                 str(tmp_path / "out"), "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == "printkit: mine.xml.j2:3: range(100000000000) has over 100,000 items\n"
    assert not (tmp_path / "out").exists()
    assert time.perf_counter() - start < 30


def test_the_limits_hold_inside_the_batch_workers(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from printkit.handouts import render as render_module
    from printkit.handouts.batch import Job, run

    monkeypatch.setattr(render_module, "RENDER_SECONDS", 0.5)  # inherited by forked workers
    big = tmp_path / "big.xml.j2"
    big.write_text("<handout>\n{{ 'x' * 10**9 }}\n</handout>\n")
    slow = tmp_path / "slow.xml.j2"
    slow.write_text("<handout>\n{% for a in range(100000) %}{% for b in range(100000) %}"
                    "{% endfor %}{% endfor %}\n</handout>\n")
    jobs = [Job("handout", "tug-of-war", "en", "a4", template=str(big)),
            Job("handout", "tug-of-war", "en", "a4", template=str(slow))]
    result = run(jobs, tmp_path / "out", workers=2)
    errors = dict((job.template, error) for job, error in result.failures)
    assert errors[str(big)].startswith("big.xml.j2:2: a text repeated 1000000000 times")
    assert errors[str(slow)].startswith("slow.xml.j2:2: the template ran for more than")
    assert not result.entries


@pytest.mark.parametrize("markup, message", [
    ("<p>" + "<b>" * 5000 + "x" + "</b>" * 5000 + "</p>", "h:2: inline tags nested more"),
    ("<p>" + "word " * 3000 + "</p>", "h:2: <p> holds over 10,000 characters"),
    ("<table>" + "<tr><td>x</td></tr>" * 501 + "</table>", "h:2: <table> holds over 500 rows"),
])
def test_markup_that_would_take_minutes_to_typeset_is_refused(markup: str,
                                                              message: str) -> None:
    with pytest.raises(MarkupError) as err:
        parse(f"<handout>\n{markup}\n</handout>", "h")
    assert str(err.value).startswith(message)
