"""What this machine offers each sandbox backend (`grader doctor`, and `--sandbox auto`):
what each enforces here or why it cannot run, and each language built and run in the one
`--sandbox auto` picks (selftest.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..errors import SandboxUnavailable
from ..languages import NEEDS
from ..sandbox import (
    AUTO_FASTEST,
    AUTO_STRONGEST,
    FASTEST_FIRST,
    SANDBOXES,
    Sandbox,
    SandboxOptions,
)
from .selftest import SelfTest

# Runtimes a backend can be opened on besides its default, shown after the backends; never
# what `--sandbox auto` picks (each is asked for by name).
OPTIONAL_RUNTIMES: Final = {
    "docker --runtime runsc (gVisor)": (
        "docker",
        SandboxOptions(oci_runtime="runsc", languages=NEEDS),
    ),
}


@dataclass(frozen=True, slots=True)
class BackendStatus:
    name: str
    available: bool
    protections: tuple[str, ...] = ()
    warning: str = ""  # what it does not protect against here, with the fix
    reason: str = ""  # why it is unavailable, with the fix
    self_tests: tuple[SelfTest, ...] = ()  # run in the backend `--sandbox auto` picks only
    picked: bool = False  # the one `--sandbox auto` picks


def survey(self_test: bool = False) -> tuple[BackendStatus, ...]:
    """Every backend, strongest first, with what it would enforce or why it cannot run;
    with `self_test`, each buildable language is also run in the one `--sandbox auto`
    picks (the fastest fully isolated, else the strongest that works), while it is open."""
    opened: dict[str, Sandbox] = {}
    found: dict[str, BackendStatus] = {}
    try:
        for name, factory in SANDBOXES.items():
            try:
                opened[name] = factory(SandboxOptions(languages=NEEDS))
            except SandboxUnavailable as error:
                found[name] = BackendStatus(name, False, reason=str(error))
        picked = auto_choice({name: sandbox.warning() for name, sandbox in opened.items()})
        for name, sandbox in opened.items():
            tests = _self_tests(sandbox) if self_test and name == picked else ()
            found[name] = BackendStatus(
                name,
                True,
                sandbox.protections(),
                sandbox.warning(),
                "",
                tests,
                picked=name == picked,
            )
    finally:
        for sandbox in opened.values():
            sandbox.close()
    return tuple(found[name] for name in SANDBOXES) + tuple(
        _optional(label, *how) for label, how in OPTIONAL_RUNTIMES.items()
    )


def _optional(label: str, backend: str, options: SandboxOptions) -> BackendStatus:
    try:
        sandbox = SANDBOXES[backend](options)
    except SandboxUnavailable as error:
        return BackendStatus(label, False, reason=str(error))
    try:
        return BackendStatus(label, True, sandbox.protections(), sandbox.warning())
    finally:
        sandbox.close()


def auto_choice(warnings: dict[str, str]) -> str | None:
    """What `--sandbox auto` picks among the backends that open here (name -> warning)."""
    isolated = [name for name in FASTEST_FIRST if name in warnings and not warnings[name]]
    if isolated:
        return isolated[0]
    return next((name for name in SANDBOXES if name in warnings), None)


def _self_tests(sandbox: Sandbox) -> tuple[SelfTest, ...]:
    from ..languages import FUNCTION_LANGUAGES
    from .selftest import run_self_test

    return tuple(
        run_self_test(language.id, sandbox)
        for language in FUNCTION_LANGUAGES.values()
        if not language.missing()
    )


def render(statuses: tuple[BackendStatus, ...]) -> str:
    chosen = next((status for status in statuses if status.picked), None)
    lines = ["Sandbox backends on this machine, strongest first:", ""]
    for status in statuses:
        if not status.available:
            lines += [f"{status.name}: NOT AVAILABLE", f"  why: {status.reason}", ""]
            continue
        why = AUTO_STRONGEST if status.warning else AUTO_FASTEST
        mark = (
            f"  (what --sandbox auto uses; {why.removeprefix('auto: ')})"
            if status is chosen
            else ""
        )
        lines.append(f"{status.name}: available{mark}")
        lines += [f"  - {protection}" for protection in status.protections]
        lines += [f"  warning: {line}" for line in status.warning.splitlines()]
        lines.append("")
    if chosen is None:
        lines.append("No backend can run submissions here.")
    lines.append("Languages:")
    from ..languages import FUNCTION_LANGUAGES

    tested = {test.language: test for test in chosen.self_tests} if chosen else {}
    for language in FUNCTION_LANGUAGES.values():
        missing = language.missing()
        lines.append(
            f"  {language.name}: " + (f"NOT AVAILABLE: {missing}" if missing else "available")
        )
        lines.append(f"    {language.dialect()}")
        if chosen is not None and language.id in tested:
            test = tested[language.id]
            outcome = "passed" if test.passed else "FAILED"
            lines.append(f"    self-test in {chosen.name}: {outcome}, {test.detail}")
            if test.sanitizers:
                lines.append(f"    sanitizers (where a crash happened): {test.sanitizers}")
    return "\n".join(lines)
