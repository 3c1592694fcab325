"""The Docker image submissions run in, built locally by `grader image build`.

Two recipes, one tag. Where a registry is reachable: a Dockerfile on the official slim
Python image. Where none is (CI here, air-gapped labs): an image `FROM scratch` holding only
the host's own interpreter, its standard library (no site-packages, so no grader) and the
shared libraries it links, at the same paths as on the host. Either way the image runs as
uid 65534 and records in labels where each language's executable lives inside it.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import subprocess
import tarfile
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ...errors import SandboxError
from ..base import Runtime

if TYPE_CHECKING:
    from docker import DockerClient

IMAGE_REPOSITORY: Final = "grader-sandbox"
ARGV0_LABEL: Final = "org.grader.argv0."  # + language id: the executable inside the image
RECIPE_LABEL: Final = "org.grader.recipe"
RECIPE_VERSION: Final = "3"  # 3: the standard library alone, not its whole prefix
REGISTRY_PROBE_S: Final = 1.5
SKIPPED_DIRS: Final = frozenset(
    {
        "site-packages",
        "dist-packages",
        "test",
        "tests",
        "idle_test",
        "idlelib",
        "tkinter",
        "turtledemo",
        "ensurepip",
        "lib2to3",
        "__phello__",
    }
)


@dataclass(frozen=True, slots=True)
class BuiltImage:
    tag: str
    recipe: str  # "registry" or "offline"
    reused: bool


def image_tag(runtimes: Iterable[Runtime]) -> str:
    """One tag per grader version and set of host runtimes: a new interpreter, a new image."""
    from ...__version__ import __version__

    key = "\n".join([RECIPE_VERSION, *(f"{r.language}={r.executable}" for r in runtimes)])
    digest = hashlib.sha256(key.encode()).hexdigest()[:12]
    return f"{IMAGE_REPOSITORY}:{__version__}-{digest}"


def build_image(
    client: DockerClient,
    runtimes: tuple[Runtime, ...],
    recipe: str,
    tag: str = "",
    fresh: bool = False,
) -> BuiltImage:
    """Build (or reuse) the image. `recipe`: "registry", "offline", or "auto" (the
    registry when it answers, offline otherwise); `tag`: another than the grader's own, and
    `fresh`: no layer of the engine's cache reused (a benchmark's, timing a fresh machine).
    Raises SandboxError on failure."""
    from docker.errors import BuildError, ImageNotFound

    tag = tag or image_tag(runtimes)
    try:
        found = client.images.get(tag)
        return BuiltImage(tag, found.labels.get(RECIPE_LABEL, "?"), reused=True)
    except ImageNotFound:
        pass
    errors: list[str] = []
    attempts = [recipe] if recipe != "auto" else ["registry", "offline"]
    if recipe == "auto":
        unreachable = registry_unreachable(client, runtimes)
        if unreachable:
            attempts.remove("registry")
            errors.append(f"registry: {unreachable}")
    for attempt in attempts:
        context = (
            _registry_context(runtimes) if attempt == "registry" else _offline_context(runtimes)
        )
        try:
            with context as archive:
                client.images.build(
                    fileobj=archive,
                    custom_context=True,
                    tag=tag,
                    rm=True,
                    forcerm=True,
                    nocache=fresh,
                    labels={RECIPE_LABEL: attempt},
                )
            return BuiltImage(tag, attempt, reused=False)
        except BuildError as error:
            errors.append(f"{attempt}: {_last_line(error.msg)}")
        except Exception as error:  # noqa: BLE001 - the engine's errors come in many types
            errors.append(f"{attempt}: {_last_line(str(error))}")
    raise SandboxError("cannot build the sandbox image: " + "; ".join(errors))


def registry_unreachable(client: DockerClient, runtimes: tuple[Runtime, ...]) -> str:
    """Why the registry recipe cannot start now ("" if it can): its base image is neither
    here nor answered for by the engine's registry within REGISTRY_PROBE_S. Asked of the
    engine, not tried from here: the engine's proxy and mirrors are what a pull would use.
    Without the limit an engine with no route out waits tens of seconds before it says so."""
    from docker.errors import ImageNotFound

    bases = {runtime.registry_base for runtime in runtimes}
    if len(bases) != 1:
        return "the registry recipe needs one base image for every language"
    base = bases.pop()
    try:
        client.images.get(base)
        return ""
    except ImageNotFound:
        pass
    except Exception as error:  # noqa: BLE001 - the engine's errors come in many types
        return _last_line(str(error))
    waited, client.api.timeout = client.api.timeout, REGISTRY_PROBE_S
    try:
        client.api.inspect_distribution(base)
        return ""
    except Exception as error:  # noqa: BLE001 - a timeout, a refusal, a DNS failure
        return f"{base} not reachable ({_last_line(str(error))[:160]})"
    finally:
        client.api.timeout = waited


def _last_line(text: object) -> str:
    lines = [line for line in str(text).strip().splitlines() if line.strip()]
    return lines[-1] if lines else "failed"


def _labels(executables: Iterable[tuple[str, str]]) -> str:
    return "".join(f'LABEL {ARGV0_LABEL}{language}="{path}"\n' for language, path in executables)


class _Archive:
    """A build context as a tar file on disk (the offline one is tens of MiB)."""

    def __init__(self, dockerfile: str, files: Iterable[tuple[str | None, str]] = ()) -> None:
        self._dockerfile = dockerfile
        self._files = files

    def __enter__(self) -> io.BufferedRandom:
        self._handle = tempfile.TemporaryFile(prefix="grader-image-")
        with tarfile.open(fileobj=self._handle, mode="w") as tar:
            data = self._dockerfile.encode()
            info = tarfile.TarInfo("Dockerfile")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
            for host_path, image_path in self._files:
                if host_path is None:  # a directory of the image, whatever the host has there
                    folder = tarfile.TarInfo("rootfs" + image_path)
                    folder.type = tarfile.DIRTYPE
                    tar.addfile(_owned_by_root(folder))
                    continue
                tar.add(host_path, "rootfs" + image_path, recursive=False, filter=_owned_by_root)
        self._handle.seek(0)
        return self._handle

    def __exit__(self, *exc: object) -> None:
        self._handle.close()


def _owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    if info.name == "rootfs/tmp":
        info.mode = 0o1777
    elif info.isdir():
        info.mode = 0o755  # a host's /root is 0700; the image's copy must be traversable
    else:
        info.mode &= 0o755  # nothing writable by the sandbox user, nothing setuid
    return info


def _registry_context(runtimes: tuple[Runtime, ...]) -> _Archive:
    bases = {runtime.registry_base for runtime in runtimes}
    if len(bases) != 1:
        raise SandboxError("the registry recipe needs one base image for every language")
    executables = [(r.language, r.registry_executable) for r in runtimes]
    dockerfile = (
        f"FROM {bases.pop()}\n"
        # Hide pip and anything else installed: the sandbox offers the standard library only.
        "RUN find / -xdev -type d -name site-packages -prune -exec sh -c "
        "'rm -rf \"$1\"/*' _ {} \\;\n"
        f"{_labels(executables)}USER 65534:65534\nWORKDIR /tmp\n"
    )
    return _Archive(dockerfile)


def _offline_context(runtimes: tuple[Runtime, ...]) -> _Archive:
    files: dict[str, str] = {}  # image path -> host path
    for runtime in runtimes:
        for tree in runtime.dirs:
            for host in _walk(Path(tree)):
                files[str(host)] = str(host)
        files[runtime.executable] = runtime.executable
    for library in _shared_libraries([*files]):
        files.setdefault(library, os.path.realpath(library))
    with tempfile.NamedTemporaryFile("w", prefix="grader-passwd-", delete=False) as passwd:
        passwd.write("root:x:0:0::/:/sbin/nologin\nnobody:x:65534:65534::/tmp:/sbin/nologin\n")
    files["/etc/passwd"] = passwd.name
    dirs = {str(parent) for image_path in files for parent in Path(image_path).parents}
    dirs.add("/tmp")  # the work dir's tmpfs takes this mode: 1777, as everywhere
    entries: list[tuple[str | None, str]] = [(None, d) for d in sorted(dirs - {"/"})]
    entries += sorted((host, image) for image, host in files.items())
    executables = [(r.language, r.executable) for r in runtimes]
    dockerfile = (
        f"FROM scratch\nCOPY rootfs/ /\n{_labels(executables)}USER 65534:65534\nWORKDIR /tmp\n"
    )
    return _OfflineArchive(dockerfile, entries, passwd.name)


class _OfflineArchive(_Archive):
    def __init__(self, dockerfile: str, files: list[tuple[str | None, str]], scratch: str) -> None:
        super().__init__(dockerfile, files)
        self._scratch = scratch

    def __exit__(self, *exc: object) -> None:
        super().__exit__(*exc)
        os.unlink(self._scratch)


def _walk(tree: Path) -> Iterator[Path]:
    for root, dirs, names in os.walk(tree):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        for name in names:
            yield Path(root) / name


def _shared_libraries(paths: list[str]) -> set[str]:
    """Every library the executables and extension modules among `paths` load, by `ldd`."""
    binaries = [p for p in paths if p.endswith(".so") or ".so." in p or os.access(p, os.X_OK)]
    found: set[str] = set()
    for start in range(0, len(binaries), 200):
        try:
            listing = subprocess.run(
                ["ldd", *binaries[start : start + 200]],
                capture_output=True,
                text=True,
                check=False,
            ).stdout
        except OSError as error:
            raise SandboxError(f"the offline image needs ldd: {error}") from error
        for match in re.finditer(r"(?:=>\s*)?(/\S+)\s+\(0x", listing):
            found.add(match.group(1))
    return found
