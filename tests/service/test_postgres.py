"""The same service on PostgreSQL: what several API processes or machines share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grader.cli import main
from grader.service.flags_owed import FlagsOwed
from grader.service.store import Store
from grader.storage.database import Database

from .conftest import WRONG, start
from .processes import PostgresServer
from .test_flags_later import claims_and_losses


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer()
    try:
        yield server
    finally:
        server.stop()


def test_the_service_keeps_its_rows_in_postgresql(tmp_path, postgres, capsys) -> None:
    running = start(tmp_path, database=postgres.url)
    try:
        first = running.submit("ada")
        assert first.status_code == 200 and first.json()["result"]["verdict"] == "AC"
        assert running.submit("ada", wait=0).json()["id"] == first.json()["id"]
        wrong = running.submit("bob", source=WRONG).json()
        assert wrong["result"]["verdict"] == "WA"
        # The instructor's flags, found after the verdicts (flags_owed.py's SQL on PostgreSQL).
        for identity in (first.json()["id"], wrong["id"]):
            assert running.flagged(identity)["result"]["flags"] == []
        assert running.service.flags_owed.count() == 0
    finally:
        running.service.close()
    # A second service on the same database (another machine's API) sees the same rows.
    again = start(tmp_path, database=postgres.url)
    try:
        seen = again.client.get(f"/v1/submissions/{first.json()['id']}", headers=again.as_("ada"))
        assert seen.status_code == 200 and seen.json()["result"]["verdict"] == "AC"
    finally:
        again.service.close()
    database = Database(postgres.url)
    try:
        assert database.dialect == "postgresql"
        assert database.rows("SELECT student, verdict FROM results ORDER BY student") == [
            ("ada", "AC"),
            ("bob", "WA"),
        ]
    finally:
        database.close()
    assert main(["export", "--db", postgres.url]) == 0
    assert "ada,ada,10" in capsys.readouterr().out


def test_flags_owed_are_claimed_once_and_handed_on_when_lost_in_postgresql(postgres) -> None:
    database = Database(postgres.url)
    try:
        Store(database), FlagsOwed(database)  # their tables, should this test run first
        for table in ("flags_owed", "submissions"):
            database.execute(f"DELETE FROM {table}")  # the module's other test's rows
        claims_and_losses(database)
    finally:
        database.close()
