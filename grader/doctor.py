"""What this machine offers each sandbox backend: `grader doctor`, and `--sandbox auto`."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import SandboxUnavailable
from .sandbox import SANDBOXES, Sandbox, SandboxOptions
from .selftest import SelfTest


@dataclass(frozen=True, slots=True)
class BackendStatus:
    name: str
    available: bool
    protections: tuple[str, ...] = ()
    warning: str = ""  # what it does not protect against here, with the fix
    reason: str = ""  # why it is unavailable, with the fix
    self_tests: tuple[SelfTest, ...] = ()  # run in the strongest available backend only


def survey(self_test: bool = False) -> tuple[BackendStatus, ...]:
    """Every backend, strongest first, with what it would enforce or why it cannot run;
    with `self_test`, each buildable language is also run in the first that works (the one
    `--sandbox auto` picks), while it is open."""
    found: list[BackendStatus] = []
    for name, factory in SANDBOXES.items():
        try:
            sandbox = factory(SandboxOptions())
        except SandboxUnavailable as error:
            found.append(BackendStatus(name, False, reason=str(error)))
            continue
        with sandbox:
            first = not any(status.available for status in found)
            tests = _self_tests(sandbox) if self_test and first else ()
            found.append(
                BackendStatus(name, True, sandbox.protections(), sandbox.warning(), "", tests)
            )
    return tuple(found)


def _self_tests(sandbox: Sandbox) -> tuple[SelfTest, ...]:
    from .languages import LANGUAGES
    from .selftest import run_self_test

    return tuple(
        run_self_test(language.id, sandbox)
        for language in LANGUAGES.values()
        if not language.missing()
    )


def render(statuses: tuple[BackendStatus, ...]) -> str:
    chosen = next((status for status in statuses if status.available), None)
    lines = ["Sandbox backends on this machine, strongest first:", ""]
    for status in statuses:
        if not status.available:
            lines += [f"{status.name}: NOT AVAILABLE", f"  why: {status.reason}", ""]
            continue
        mark = "  (what --sandbox auto uses)" if status is chosen else ""
        lines.append(f"{status.name}: available{mark}")
        lines += [f"  - {protection}" for protection in status.protections]
        lines += [f"  warning: {line}" for line in status.warning.splitlines()]
        lines.append("")
    if chosen is None:
        lines.append("No backend can run submissions here.")
    lines.append("Languages:")
    from .languages import LANGUAGES

    tested = {test.language: test for test in chosen.self_tests} if chosen else {}
    for language in LANGUAGES.values():
        missing = language.missing()
        lines.append(
            f"  {language.name}: " + (f"NOT AVAILABLE: {missing}" if missing else "available")
        )
        lines.append(f"    {language.dialect()}")
        if chosen is not None and language.id in tested:
            test = tested[language.id]
            outcome = "passed" if test.passed else "FAILED"
            lines.append(f"    self-test in {chosen.name}: {outcome}, {test.detail}")
    return "\n".join(lines)
