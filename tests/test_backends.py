"""A backend added to SANDBOXES is one the suite tests, with no other change: the `sandbox`
fixture's backends are read from SANDBOXES, and a name opens the factory registered under it
(never Docker by default)."""

from __future__ import annotations

import pytest

from grader.kinds import grade
from grader.languages import NEEDS
from grader.sandbox import SANDBOXES, Sandbox, SandboxOptions, open_sandbox
from grader.verdicts import Verdict

from .conftest import SUBMISSIONS, backend_names, open_backend


class Wrapped:
    """A throwaway backend: the process backend under another name."""

    name = "wrapped"

    def __init__(self, options: SandboxOptions) -> None:
        self.inner = open_sandbox("process", options)
        self.opened_with = options

    def __getattr__(self, attribute: str) -> object:
        return getattr(self.inner, attribute)

    def __enter__(self) -> Wrapped:
        return self

    def __exit__(self, *exception: object) -> None:
        self.inner.close()


@pytest.mark.sandbox
def test_a_registered_backend_is_tested_and_opened_as_itself(
    monkeypatch, nqueens, nqueens_answers, make_submission
) -> None:
    monkeypatch.setitem(SANDBOXES, "wrapped", Wrapped)
    assert "wrapped" in backend_names()  # so the contract and hostile suites take it
    backend = open_backend("wrapped")
    try:
        assert isinstance(backend, Wrapped) and backend.opened_with == SandboxOptions(
            languages=NEEDS
        )
        source = (SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py").read_text()
        sandbox: Sandbox = backend  # type: ignore[assignment]
        assert grade(nqueens, nqueens_answers, make_submission(source), sandbox).verdict is (
            Verdict.AC
        )
    finally:
        backend.close()


def test_every_registered_backend_and_variant_is_a_fixture_param() -> None:
    assert set(SANDBOXES) <= set(backend_names())
    assert "process-cold" in backend_names()


def test_an_unknown_backend_name_is_said_not_guessed() -> None:
    import pytest

    from grader.errors import SandboxUnavailable

    with pytest.raises(SandboxUnavailable, match="no sandbox backend named 'gvisor'"):
        open_sandbox("gvisor")
