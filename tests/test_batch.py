"""Batch grading with a gradebook: killed halfway, nothing finished is lost; run again, only
the rest is graded; exported, every student has exactly one row."""

from __future__ import annotations

import csv
import io
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from grader.cli import main

from .conftest import ROOT, SUBMISSIONS

# Grades in a real sandbox (conftest.py's tiers).
pytestmark = pytest.mark.sandbox

STUDENTS = 12


def make_class(folder):
    sources = sorted((SUBMISSIONS / "nqueens").glob("*/*.py"))
    sources = [s for s in sources if s.parent.name in ("accepted", "wrong_answer")]
    for index in range(STUDENTS):
        home = folder / f"student{index:02d}"
        home.mkdir(parents=True)
        # The last one sleeps: the batch is surely still running when it is killed.
        source = SUBMISSIONS / "nqueens" / "time_limit_exceeded" / "sleeps.py"
        shutil.copy(
            sources[index % len(sources)] if index < STUDENTS - 1 else source, home / "solution.py"
        )


def recorded(db) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as connection:
        try:
            return connection.execute("SELECT COUNT(*) FROM results").fetchone()[0]
        except sqlite3.OperationalError:
            return 0


def test_a_killed_batch_resumes_and_exports_one_row_per_student(tmp_path, capsys) -> None:
    folder, db = tmp_path / "class", tmp_path / "grades.sqlite"
    make_class(folder)
    grading = ["grade", "--sandbox", "process", "--jobs", "2", "--db", str(db), "--format", "json"]
    command = [sys.executable, "-m", "grader", *grading, "--output", str(tmp_path / "r.json")]
    command.append(str(folder))
    batch = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while recorded(db) < 3 and time.monotonic() < deadline and batch.poll() is None:
        time.sleep(0.1)
    batch.send_signal(signal.SIGKILL)
    batch.wait()
    halfway = recorded(db)
    assert 3 <= halfway < STUDENTS  # killed mid-batch, with results already safe

    assert main([*grading, str(folder)]) == 1
    out = capsys.readouterr()
    assert f"{halfway} submissions already graded" in out.err
    assert recorded(db) == STUDENTS

    assert main(["export", "--db", str(db)]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["Student", "SIS Login ID", "nqueens"]
    assert rows[1] == ["Points Possible", "", "10"]
    students = [row[0] for row in rows[2:]]
    assert students == sorted(f"student{index:02d}" for index in range(STUDENTS))
    assert rows[2][2] == "10"  # student00 submitted an accepted solution


def test_the_student_comes_from_a_pattern(tmp_path, capsys) -> None:
    db = tmp_path / "grades.sqlite"
    target = tmp_path / "ada_lovelace-nqueens.py"
    shutil.copy(SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py", target)
    pattern = r"(?P<student>[a-z_]+)-nqueens"
    assert (
        main(
            [
                "grade",
                "--sandbox",
                "process",
                "--db",
                str(db),
                "--student-pattern",
                pattern,
                str(target),
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["export", "--db", str(db)]) == 0
    assert "ada_lovelace,ada_lovelace,10" in capsys.readouterr().out


def test_a_roster_names_the_students(tmp_path, capsys) -> None:
    folder, db = tmp_path / "class", tmp_path / "grades.sqlite"
    for name in ("ada", "alan"):
        (folder / name).mkdir(parents=True)
        shutil.copy(SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py", folder / name / "q.py")
    roster = tmp_path / "roster.csv"
    roster.write_text("student,file\nada.lovelace@school,ada\nalan.turing@school,alan\n")
    assert (
        main(
            ["grade", "--sandbox", "process", "--db", str(db), "--roster", str(roster), str(folder)]
        )
        == 0
    )
    capsys.readouterr()
    main(["export", "--db", str(db)])
    out = capsys.readouterr().out
    assert "ada.lovelace@school" in out and "alan.turing@school" in out
    roster.write_text("student,file\nada.lovelace@school,ada\n")
    assert main(["grade", "--sandbox", "process", "--roster", str(roster), str(folder)]) == 2
    assert "'alan' is not in the roster" in capsys.readouterr().err


@pytest.mark.parametrize(
    "content, expected",
    [
        ("student,file\nzoé@school,zoe\n".encode("latin-1"), "roster.csv:2: not UTF-8 (byte 0xe9)"),
        (b"student,file\nada@school,\n", "roster.csv:2: a row needs both a student and a file"),
        (b"name,path\nada,ada\n", "roster.csv:1: a roster needs the columns student and file"),
    ],
)
def test_a_bad_roster_is_the_users_mistake_named_by_line(tmp_path, capsys, content, expected):
    folder = tmp_path / "class" / "zoe"
    folder.mkdir(parents=True)
    shutil.copy(SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py", folder / "q.py")
    (tmp_path / "roster.csv").write_bytes(content)
    status = main(
        [
            "grade",
            "--sandbox",
            "process",
            "--roster",
            str(tmp_path / "roster.csv"),
            str(tmp_path / "class"),
        ]
    )
    err = capsys.readouterr().err
    assert status == 2, err
    assert expected in err and "Traceback" not in err


def test_an_unexpected_exception_is_one_line_and_exit_3(monkeypatch, capsys) -> None:
    """A bug of the harness is never exit 1, which says "a submission was not accepted"."""
    from grader.cli.commands import template

    def broken(args, context):
        raise KeyError("a bug")

    monkeypatch.setattr(template, "run", broken)
    status = main(["template", "--language", "python"])
    err = capsys.readouterr().err
    assert status == 3
    assert err.count("\n") == 1 and err.startswith("grader: internal error: KeyError")
