"""The same service on PostgreSQL: what several API processes or machines share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grader.cli import main
from grader.database import Database

from .conftest import WRONG, start
from .processes import PostgresServer


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
        assert running.submit("bob", source=WRONG).json()["result"]["verdict"] == "WA"
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
            ("ada", "AC"), ("bob", "WA"),
        ]  # fmt: skip
    finally:
        database.close()
    assert main(["export", "--db", postgres.url]) == 0
    assert "ada,ada,10" in capsys.readouterr().out
