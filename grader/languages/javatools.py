"""Java's build tool, made once per JDK in the user's cache (from the harness's own source,
nothing of any submission): drivers/GraderBuild.java as a jar, and a class-data archive of it
and the compiler (`-XX:ArchiveClassesAtExit`). A build then starts one JVM, javac's classes
already parsed and laid out, where it started two (javac, then jar): on one CPU, as a build
runs, 1.48 s -> 0.63 s here. The JVM checks an archive against itself and ignores one made by
another: never a wrong build."""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .compiled import DRIVERS

TOOLS_ROOT: Final = Path.home() / ".cache" / "grader" / "java"
BUILD_TIMEOUT_S: Final = 120
# The build's JVM: one compiler thread's worth of JIT (a build gets one CPU), a serial GC.
JVM_FLAGS: Final = ("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")


@dataclass(frozen=True, slots=True)
class BuildTool:
    folder: str  # shown read-only to every build
    jar: str
    archive: str

    def argv(self, java: str, artifact: str, sources: tuple[str, ...]) -> tuple[str, ...]:
        return (java, f"-XX:SharedArchiveFile={self.archive}", "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off", *JVM_FLAGS, "-cp", self.jar, "GraderBuild", artifact,
                *sources)  # fmt: skip


def build_tool(home: str, version: str) -> BuildTool | None:
    """The tool for the JDK at `home`, made the first time; None where it cannot be (the
    build then runs javac and jar)."""
    source = (DRIVERS / "GraderBuild.java").read_text(encoding="utf-8")
    key = hashlib.sha256("\0".join([home, version, source, *JVM_FLAGS]).encode()).hexdigest()
    folder = TOOLS_ROOT / key[:24]
    tool = BuildTool(str(folder), str(folder / "build.jar"), str(folder / "build.jsa"))
    if os.path.isfile(tool.archive):
        return tool
    return _made(home, source, tool)


def _made(home: str, source: str, tool: BuildTool) -> BuildTool | None:
    """Compile and archive into a scratch folder, then rename it into place: a grader beside
    this one sees the whole tool or none."""
    bin_dir = Path(home) / "bin"
    folder = Path(tool.folder)
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=".partial-", dir=folder.parent) as scratch:
            work = Path(scratch)
            (work / "GraderBuild.java").write_text(source, encoding="utf-8")
            (work / "Hello.java").write_text("class Hello { }\n", encoding="utf-8")
            steps = [
                [str(bin_dir / "javac"), "-d", str(work / "classes"),
                 str(work / "GraderBuild.java")],
                [str(bin_dir / "jar"), "--create", "--file", str(work / "build.jar"),
                 "-C", str(work / "classes"), "."],
                # One build of a class, its classes archived as it exits.
                [str(bin_dir / "java"), f"-XX:ArchiveClassesAtExit={work / 'build.jsa'}",
                 *JVM_FLAGS, "-cp", str(work / "build.jar"), "GraderBuild",
                 str(work / "hello.jar"), "Hello.java"],
            ]  # fmt: skip
            for step in steps:
                done = subprocess.run(
                    step, cwd=work, capture_output=True, timeout=BUILD_TIMEOUT_S, check=False
                )
                if done.returncode != 0:
                    return None
            placed = Path(tempfile.mkdtemp(prefix=".placed-", dir=folder.parent))
            for name in ("build.jar", "build.jsa"):
                os.replace(work / name, placed / name)
                os.chmod(placed / name, 0o644)
            os.chmod(placed, 0o755)  # the sandbox's uid reads it
            try:
                placed.rename(folder)
            except OSError:  # another grader made it first: theirs is used
                for name in ("build.jar", "build.jsa"):
                    (placed / name).unlink()
                placed.rmdir()
    except (OSError, subprocess.TimeoutExpired):
        return None
    return tool if os.path.isfile(tool.archive) else None
