"""Java's build tool, made once per JDK in the user's cache (from the harness's own source,
nothing of any submission): drivers/GraderBuild.java as a jar, and a class-data archive of it
and the compiler (`-XX:ArchiveClassesAtExit`). A build then starts one JVM, javac's classes
already parsed and laid out, where it started two (javac, then jar): on one CPU, as a build
runs, 1.48 s -> 0.63 s here. The JVM checks an archive against itself and ignores one made by
another: never a wrong build."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .compiled import DRIVERS
from .toolcache import cached_folder, made_once

# The build's JVM: one compiler thread's worth of JIT (a build gets one CPU), a serial GC.
JVM_FLAGS: Final = ("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")


@dataclass(frozen=True, slots=True)
class BuildTool:
    folder: str  # shown read-only to every build
    jar: str
    archive: str

    def argv(self, java: str, artifact: str, sources: tuple[str, ...]) -> tuple[str, ...]:
        return (
            java,
            f"-XX:SharedArchiveFile={self.archive}",
            "-Xlog:cds=off",
            "-Xlog:cds+dynamic=off",
            *JVM_FLAGS,
            "-cp",
            self.jar,
            "GraderBuild",
            artifact,
            *sources,
        )


def build_tool(home: str, version: str) -> BuildTool | None:
    """The tool for the JDK at `home`, made the first time; None where it cannot be (the
    build then runs javac and jar)."""
    source = (DRIVERS / "GraderBuild.java").read_text(encoding="utf-8")
    folder = cached_folder("java", home, version, source, *JVM_FLAGS)
    tool = BuildTool(str(folder), str(folder / "build.jar"), str(folder / "build.jsa"))
    bin_dir = Path(home) / "bin"

    def jar(scratch: Path) -> list[list[str]]:
        (scratch / "GraderBuild.java").write_text(source, encoding="utf-8")
        return [
            [str(bin_dir / "javac"), "-d", "classes", "GraderBuild.java"],
            [str(bin_dir / "jar"), "--create", "--file", "build.jar", "-C", "classes", "."],
        ]

    # The archive names the class path it was made with: made from the jar in its place.
    def archive(scratch: Path) -> list[list[str]]:
        (scratch / "Hello.java").write_text("class Hello { }\n", encoding="utf-8")
        return [
            [
                str(bin_dir / "java"),
                "-XX:ArchiveClassesAtExit=build.jsa",
                *JVM_FLAGS,
                "-cp",
                tool.jar,
                "GraderBuild",
                "hello.jar",
                "Hello.java",
            ]
        ]

    if not made_once(folder, ("build.jar",), jar):
        return None
    if not made_once(folder, ("build.jsa",), archive, into_existing=True):
        return None
    return tool
