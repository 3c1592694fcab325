"""One SQL database, SQLite or PostgreSQL, shared by the threads of a process: what the
gradebook (`grade --db`) and the grading service keep their rows in.

Statements are written once, with `?` placeholders and the SQL both engines speak (`INSERT ...
ON CONFLICT`); a schema names its engine-specific types as `{blob}`, `{float}` and `{id}`.
SQLite is the embedded default (a file, WAL, so a service's workers in other processes may
share it); PostgreSQL (`postgresql://...`, through psycopg) when several machines do.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Final, TypeVar

from ..errors import DatabaseUnavailable, UsageError
from .sqlite_file import MIN_FREE_BYTES, private_file, space_left, unavailable_sqlite

# The database's own clock, in seconds since the epoch: leases are timed by it, so that a
# grader whose clock runs ahead (or behind) neither keeps a dead claim nor loses a live one.
CLOCKS: Final = {
    "sqlite": "((julianday('now') - 2440587.5) * 86400.0)",
    "postgresql": "EXTRACT(EPOCH FROM clock_timestamp())::float8",
}
TYPES: Final = {
    "sqlite": {"blob": "BLOB", "float": "REAL", "id": "INTEGER PRIMARY KEY"},
    "postgresql": {"blob": "BYTEA", "float": "DOUBLE PRECISION", "id": "BIGSERIAL PRIMARY KEY"},
}
Row = tuple[Any, ...]
PROBE_BYTES: Final = 16 * 1024  # what the space probe writes: more than a page and its toast
T = TypeVar("T")


class Database:
    def __init__(self, where: str | Path) -> None:
        """`where`: a file (SQLite), or a `postgresql://` URL. UsageError when it cannot be
        opened, saying why."""
        # Reentrant: `exclusive` holds it across the statements of its transaction.
        self._lock = threading.RLock()
        self._depth = 0  # `exclusive` blocks this thread is inside (only one holds the lock)
        text = str(where)
        self._where = text
        self.shown = without_password(text)  # where it is, as messages name it
        self.dialect = (
            "postgresql" if text.startswith(("postgresql://", "postgres://")) else "sqlite"
        )
        self._connection: Any
        if self.dialect == "postgresql":
            try:
                import psycopg
            except ImportError:
                raise UsageError(
                    "PostgreSQL needs psycopg: pip install 'psycopg[binary]'"
                ) from None
            try:
                self._connection = psycopg.connect(text, autocommit=True)
            except psycopg.Error as error:
                raise UsageError(f"cannot connect to {without_password(text)}: {error}") from None
            self._errors: tuple[type[Exception], ...] = (psycopg.Error,)
            # A lost connection (a restarted server) is opened again at the next statement.
            self._lost: tuple[type[Exception], ...] = (
                psycopg.OperationalError,
                psycopg.InterfaceError,
            )
        else:
            try:
                private_file(Path(text.removeprefix("sqlite://")))
                self._connection = sqlite3.connect(
                    text.removeprefix("sqlite://"),
                    check_same_thread=False,
                    isolation_level=None,  # every statement commits: a kill loses nothing
                    timeout=30,
                )
                self._connection.execute("PRAGMA journal_mode=WAL")
                # In WAL mode, NORMAL loses nothing when a process is killed (only a power
                # cut may take the last commits), and saves an fsync on every commit.
                self._connection.execute("PRAGMA synchronous=NORMAL")
            except (sqlite3.Error, OSError) as error:
                raise UsageError(f"{text}: cannot open the database ({error})") from None
            self._errors = (sqlite3.Error,)
            self._lost = (sqlite3.OperationalError,)

    def check_space(self) -> None:
        """DatabaseUnavailable when the database's disk is (almost) full. A write fails only
        once it needs new space: a probe that rewrites a row still passes in space the
        table or an earlier commit left. SQLite's file system is asked directly; a
        PostgreSQL server's disk is out of reach, so a small table there is made to grow
        (a page of data the server must allocate, then emptied and truncated by VACUUM, so
        that the next probe must allocate again)."""
        if self.dialect == "postgresql":
            with self._lock:
                self._reached(self._grow_a_page)
            return
        left = space_left(Path(self._where.removeprefix("sqlite://")))
        if left is not None and left < MIN_FREE_BYTES:
            raise DatabaseUnavailable(
                f"the database at {self.shown}: its disk is full ({left // 1024} KiB left)"
            )

    def _grow_a_page(self) -> None:
        connection = self._connection  # space_probe: made with the service's schema
        # Random bytes: compressed, a page of zeros would need no page at all.
        connection.execute("INSERT INTO space_probe VALUES (%s)", (os.urandom(PROBE_BYTES),))
        connection.execute("DELETE FROM space_probe")
        connection.execute("VACUUM space_probe")  # its empty pages go back to the disk

    @property
    def clock(self) -> str:
        """An SQL expression: the database's time now, in seconds since the epoch."""
        return CLOCKS[self.dialect]

    def script(self, schema: str) -> None:
        """Create what `schema` declares (statements separated by `;`), typed for this engine,
        in one transaction no other process's schema runs beside: PostgreSQL refuses two
        `CREATE TABLE IF NOT EXISTS` of one table at once (a unique violation of its catalog)
        when several processes start together on an empty database."""
        typed = schema.format(**TYPES[self.dialect])
        with self.exclusive("grader-schema"):
            for statement in filter(str.strip, typed.split(";")):
                self.execute(statement)

    def execute(self, sql: str, parameters: Sequence[object] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        with self._lock:
            return self._reached(
                lambda: int(self._connection.execute(self._native(sql), tuple(parameters)).rowcount)
            )

    def _reached(self, statement: Callable[[], T]) -> T:
        """`statement`'s answer, or DatabaseUnavailable when the database cannot be reached
        or written (a PostgreSQL restarted or gone, a full disk, a SQLite file locked past
        its timeout). A lost PostgreSQL connection is opened again and the statement run
        once more, outside a transaction (inside one, what it held is gone with it)."""
        try:
            return statement()
        except self._lost as error:
            if self.dialect == "sqlite" and not unavailable_sqlite(error):
                raise  # a mistake in the statement, not the database's state
            if self._depth or not self._reconnected():
                raise DatabaseUnavailable(f"the database at {self.shown}: {error}") from None
        try:
            return statement()
        except self._lost as error:
            raise DatabaseUnavailable(f"the database at {self.shown}: {error}") from None

    def _reconnected(self) -> bool:
        """Whether the statement is worth a second try: a PostgreSQL connection, opened
        again where the error closed it."""
        if self.dialect != "postgresql":
            return False
        if not self._connection.closed:
            return True
        import psycopg

        try:
            self._connection = psycopg.connect(self._where, autocommit=True)
        except psycopg.Error:
            return False
        return True

    def many(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        """Run one statement for each of `rows`, in a single transaction."""
        if not rows:
            return
        with self._lock:
            self._reached(lambda: self._many(sql, [tuple(row) for row in rows]))

    def _many(self, sql: str, rows: list[tuple[object, ...]]) -> None:
        if self.dialect == "postgresql":
            with self._connection.transaction(), self._connection.cursor() as cursor:
                cursor.executemany(self._native(sql), rows)
            return
        self._connection.execute("BEGIN")
        try:
            self._connection.executemany(sql, rows)
            self._connection.execute("COMMIT")
        except BaseException:
            self._roll_back()
            raise

    def __str__(self) -> str:
        return self.shown

    @contextmanager
    def exclusive(self, key: str) -> Iterator[None]:
        """A transaction that no other holder of `key` runs beside, in any process: what a
        check-then-insert needs to be atomic (PostgreSQL: an advisory lock on the key for the
        transaction; SQLite: its write lock, taken at BEGIN IMMEDIATE)."""
        with self._lock:
            if self._depth:  # inside one already: its transaction serves this one too
                yield
                return
            self._depth += 1
            try:
                with self._exclusive(key):
                    yield
            finally:
                self._depth -= 1

    @contextmanager
    def _exclusive(self, key: str) -> Iterator[None]:
        """The transaction; its start and its commit fail as any statement does (a full
        disk refuses the COMMIT): DatabaseUnavailable, the transaction rolled back."""
        with self._lock:
            if self.dialect == "postgresql":
                try:
                    with self._connection.transaction():
                        self._connection.execute(
                            "SELECT pg_advisory_xact_lock(hashtext(%s))", (key,)
                        )
                        yield
                except self._lost as error:
                    raise DatabaseUnavailable(f"the database at {self.shown}: {error}") from None
                return
            self._reached(lambda: self._connection.execute("BEGIN IMMEDIATE"))
            try:
                yield
                self._reached(lambda: self._connection.execute("COMMIT"))
            except BaseException:
                self._roll_back()
                raise

    def _roll_back(self) -> None:
        """End SQLite's open transaction, if one is open (a failed COMMIT may have ended it)."""
        if self._connection.in_transaction:
            with suppress(sqlite3.Error):
                self._connection.execute("ROLLBACK")

    def columns(self, table: str) -> set[str]:
        """The names of `table`'s columns (an empty set when there is no such table)."""
        if self.dialect == "postgresql":
            rows = self.rows(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ?",
                (table,),
            )
            return {str(row[0]) for row in rows}
        return {str(row[1]) for row in self.rows(f"PRAGMA table_info({table})")}

    def add_column(self, table: str, column: str, declaration: str) -> bool:
        """Add a column to an existing table unless it has it (a database made by an earlier
        version); whether it was added."""
        with self.exclusive("grader-schema"):  # as `script`: processes start together
            if column in self.columns(table):
                return False
            self.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
            return True

    def rows(self, sql: str, parameters: Sequence[object] = ()) -> list[Row]:
        with self._lock:
            return self._reached(
                lambda: [
                    tuple(row)
                    for row in self._connection.execute(self._native(sql), tuple(parameters))
                ]
            )

    def row(self, sql: str, parameters: Sequence[object] = ()) -> Row | None:
        found = self.rows(sql, parameters)
        return found[0] if found else None

    def close(self) -> None:
        with self._lock:
            self._connection.close()

    def _native(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.dialect == "postgresql" else sql


def without_password(url: str) -> str:
    scheme, _, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    return f"{scheme}://{credentials.split(':')[0]}@{host}" if at else url
