"""What this machine offers each sandbox backend: `grader doctor`, and `--sandbox auto`."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import SandboxUnavailable
from .sandbox import SANDBOXES, SandboxOptions
from .selftest import SelfTest


@dataclass(frozen=True, slots=True)
class BackendStatus:
    name: str
    available: bool
    protections: tuple[str, ...] = ()
    warning: str = ""  # what it does not protect against here, with the fix
    reason: str = ""  # why it is unavailable, with the fix


def survey() -> tuple[BackendStatus, ...]:
    """Every backend, strongest first, with what it would enforce or why it cannot run."""
    found = []
    for name, factory in SANDBOXES.items():
        try:
            sandbox = factory(SandboxOptions())
        except SandboxUnavailable as error:
            found.append(BackendStatus(name, False, reason=str(error)))
            continue
        found.append(BackendStatus(name, True, sandbox.protections(), sandbox.warning()))
        sandbox.close()
    return tuple(found)


def languages() -> tuple[tuple[str, str, str], ...]:
    """Each language's name, why it cannot be built here ("" when it can), and what a
    submission may use in it."""
    from .languages import LANGUAGES

    return tuple(
        (language.name, language.missing(), language.dialect()) for language in LANGUAGES.values()
    )


def self_tests() -> tuple[SelfTest, ...]:
    """Each language this machine can build, built and run in the backend `auto` picks;
    nothing where no backend works (render says so already)."""
    from .languages import LANGUAGES
    from .sandbox import open_sandbox
    from .selftest import run_self_test

    buildable = [language.id for language in LANGUAGES.values() if not language.missing()]
    try:
        sandbox = open_sandbox("auto")
    except SandboxUnavailable:
        return ()
    with sandbox:
        return tuple(run_self_test(language, sandbox) for language in buildable)


def render(statuses: tuple[BackendStatus, ...], tests: tuple[SelfTest, ...] = ()) -> str:
    chosen = next((status.name for status in statuses if status.available), None)
    lines = ["Sandbox backends on this machine, strongest first:", ""]
    for status in statuses:
        if not status.available:
            lines += [f"{status.name}: NOT AVAILABLE", f"  why: {status.reason}", ""]
            continue
        mark = "  (what --sandbox auto uses)" if status.name == chosen else ""
        lines.append(f"{status.name}: available{mark}")
        lines += [f"  - {protection}" for protection in status.protections]
        lines += [f"  warning: {line}" for line in status.warning.splitlines()]
        lines.append("")
    if chosen is None:
        lines.append("No backend can run submissions here.")
    lines.append("Languages:")
    from .languages import LANGUAGES

    tested = {test.language: test for test in tests}
    for language, (name, missing, dialect) in zip(LANGUAGES, languages(), strict=True):
        lines.append(f"  {name}: " + (f"NOT AVAILABLE: {missing}" if missing else "available"))
        lines.append(f"    {dialect}")
        if language in tested:
            test = tested[language]
            outcome = "passed" if test.passed else "FAILED"
            lines.append(f"    self-test in {chosen}: {outcome}, {test.detail}")
    return "\n".join(lines)
