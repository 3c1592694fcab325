# The pre-started runner of the process backend, executed inside bubblewrap's namespaces as
# `python -I -S -B -X utf8 -c <this source>`, as root of a sandbox with no network and a
# read-only system; the runners the grader sends first on its control socket are compiled and
# warmed once here. It is never imported by the harness.
#
# On the control socket (GRADER_ZYGOTE_FD) the grader asks for slots. A slot is a forked
# parent that joins the slot's control groups once and makes the slot's network namespace,
# then keeps the next run forked and prepared ahead: pid 1 of a new PID namespace, in new
# mount, IPC, UTS and cgroup namespaces of its own, its /proc mounted. A request on the slot's
# socket (marshalled, the run's descriptors attached) is handed to that run; the slot forks the
# next one meanwhile and reports how each run ended (the parent of each is the slot).
# The run mounts a fresh tmpfs at /tmp, copies the program files in, sets its rlimits, drops
# to its own uid with no capabilities, then starts the program: the Python runner in this
# already warm interpreter (no exec), anything else by execve.
#
# The run's status socket tells the grader, in order: "R" from the run once it is ready (its
# pid, in the grader's PID namespace, rides along as SCM_CREDENTIALS), then "E" and the raw
# wait status from the slot when it is gone. An "E" with no "R" before it: setup failed, and
# the run's stderr says why.
from __future__ import annotations

# The C modules alone where a Python one would import re, enum or collections (json,
# socket, signal, contextlib do): about half of its start, and memory every fork shares.
# Requests come marshalled: the grader runs on this same interpreter.
import _socket as socket
import ctypes
import fcntl
import gc
import marshal
import os
import resource
import select
import struct
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal
    from typing import Any
else:
    import _signal as signal

CLONE_NEWNS = 0x00020000
CLONE_NEWCGROUP = 0x02000000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 2, 4, 8, 16384, 1 << 18
PR_SET_PDEATHSIG, PR_CAPBSET_DROP, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 1, 24, 47, 4
PR_GET_NO_NEW_PRIVS, PR_CAPBSET_READ = 39, 23
PR_SET_SECCOMP, SECCOMP_MODE_FILTER, MS_BIND = 22, 2, 4096
CAP_SETPCAP = 8
CAPABILITY_VERSION_3 = 0x20080522
# What the zygote itself keeps: to make namespaces and mounts, to change uid, to drop caps.
KEPT_CAPABILITIES = {6, 7, 8, 21}  # SETGID, SETUID, SETPCAP, SYS_ADMIN
MAX_FDS = 64
PRELOAD_BYTES = 1 << 20  # the runners' sources, in one message

libc = ctypes.CDLL(None, use_errno=True)
libc.mount.argtypes = [ctypes.c_char_p] * 3 + [ctypes.c_ulong, ctypes.c_char_p]


def check(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise OSError(number, "%s: %s" % (what, os.strerror(number)))


def mount(source: str | None, target: str, kind: str | None, flags: int, data: str = "") -> None:
    encoded = [None if text is None else text.encode() for text in (source, target, kind)]
    check(libc.mount(*encoded, flags, data.encode() or None), "mount " + target)


def drop_bounding_set(keep: set[int]) -> None:
    for capability in range(64):
        if capability not in keep and libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            if ctypes.get_errno() == 22:  # EINVAL: past the kernel's last capability
                break
            check(-1, "dropping capability %d" % capability)


def drop_kept_capabilities() -> None:
    """The zygote's bounding set is KEPT_CAPABILITIES alone (it dropped every other one,
    and a bounding set only shrinks): a run drops those, SETPCAP (which dropping needs)
    last, and checks that none is left."""
    for capability in sorted(KEPT_CAPABILITIES, key=lambda number: number == CAP_SETPCAP):
        check(libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0), "dropping a capability")
    if any(libc.prctl(PR_CAPBSET_READ, capability, 0, 0, 0) for capability in KEPT_CAPABILITIES):
        raise OSError("a capability is still in the bounding set")


def clear_capabilities() -> None:
    header = (ctypes.c_uint32 * 2)(CAPABILITY_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable, twice: all empty
    check(libc.capset(header, data), "capset")
    check(libc.capget(header, data), "capget")
    if any(data) or libc.prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1:
        raise OSError("capabilities or privileges left after dropping them")


COMPILED: dict[str, Any] = {}
# Set once from the grader's environment (see main): the seccomp filter every run installs
# just before its program starts, and the /proc files a run sees empty.
FILTER: list[Any] = []
MASKED: list[str] = []


class SockFprog(ctypes.Structure):
    _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))


def install_filter() -> None:
    """The grader's seccomp filter, for this process and all it starts (kept across
    execve, never removable)."""
    if FILTER:
        instructions = FILTER[1]
        check(
            libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(instructions), 0, 0),
            "installing the seccomp filter",
        )


def compiled(source: str) -> Any:
    if source not in COMPILED:
        COMPILED[source] = compile(source, "<string>", "exec")
    return COMPILED[source]


def prepare() -> None:
    """What a run does before its request comes: nothing here depends on the submission."""
    check(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "PR_SET_PDEATHSIG")
    # Its own mounts, SysV IPC, host name, and a cgroup namespace that shows its group as /.
    check(libc.unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP), "unshare")
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    for path in MASKED:
        mount("/dev/null", path, None, MS_BIND)
    with open("/proc/self/oom_score_adj", "w") as adjust:
        adjust.write("1000")  # out of memory, the kernel kills the run before its parents


def place_files(request: dict[str, Any], files: list[int]) -> None:
    """A fresh tmpfs at /tmp with the run's files in it, copied from their descriptors."""
    options = "size=%d,mode=1777" % request["tmp"]
    try:
        # Huge pages for a file that fills them (a static binary of 2 MB): its copy costs
        # a quarter. A kernel without them for tmpfs refuses the option.
        mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, options + ",huge=within_size")
    except OSError:
        mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, options)
    for name, source in zip(request["files"], files, strict=True):
        if "/" in name or name in ("", ".", ".."):
            raise OSError("refusing file name %r" % name)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        target = os.open("/tmp/" + name, flags, 0o755)
        size = os.fstat(source).st_size
        copied = 0
        while copied < size:
            copied += os.sendfile(target, source, copied, size - copied)
        os.close(target)
        os.close(source)


def run(request: dict[str, Any], fds: list[int]) -> None:
    """The run itself, pid 1 of its namespaces, once prepared; never returns."""
    status, channel, stdout, stderr = fds[:4]
    files = fds[4:]
    status = fcntl.fcntl(status, fcntl.F_DUPFD, 100)  # above every number set up below
    os.dup2(stderr, 2)  # from here, whatever goes wrong is said where the grader reads it
    place_files(request, files)
    for number, value in request["rlimits"]:  # resource numbers: the grader's own
        resource.setrlimit(number, (value, value))
    drop_kept_capabilities()
    check(libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "clearing ambient")
    uid = request["uid"]
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    clear_capabilities()
    os.chdir("/tmp")
    # Its input, if it has one, is one of its files, opened as itself: no shell needed.
    stdin_name = request["stdin"]
    if stdin_name and stdin_name not in request["files"]:
        raise OSError("refusing standard input %r" % stdin_name)
    stdin = os.open(stdin_name or "/dev/null", os.O_RDONLY | os.O_NOFOLLOW)
    inner = request["channel_fd"]
    for fd, target in ((stdin, 0), (stdout, 1), (channel, inner)):
        os.dup2(fd, target)
    # Nothing of the zygote, its sockets or other runs' descriptors stays open.
    os.closerange(3, inner)
    os.closerange(inner + 1, status)
    os.closerange(status + 1, 1 << 16)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the one disposition the zygote changed
    install_filter()
    os.write(status, b"R")
    os.close(status)
    os.environ.clear()
    os.environ.update(request["env"])
    argv = request["argv"]
    if request["inline"]:
        # The Python runner, in this warm interpreter, started with the same flags: its
        # source and arguments as the language gave them.
        sys.argv = ["-c", *request["args"]]
        module = type(sys)("__main__")
        sys.modules["__main__"] = module
        code = compiled(request["source"])
        try:
            exec(code, module.__dict__)
        except SystemExit as stop:
            os._exit(stop.code if isinstance(stop.code, int) else 1)
        sys.stdout.flush()
        os._exit(0)
    os.execve(argv[0], argv, request["env"])


def receive(control: socket.socket) -> tuple[bytes, list[int]] | None:
    """The next request and its descriptors; None once the grader closed the socket."""
    buffer = bytearray(1 << 16)
    size, fds = receive_into(control, buffer)
    return (bytes(buffer[:size]), fds) if size else None


def prepared_run(inner: socket.socket) -> None:
    """The run, forked and prepared before its request: it waits for it from its parent."""
    prepare()
    received = receive(inner)
    if received is None:
        return
    message, fds = received
    inner.close()
    request = marshal.loads(message)  # from the grader, on this same interpreter
    try:
        if request.get("inline"):
            compiled(request["source"])
        run(request, fds)
    except BaseException as error:  # noqa: BLE001 - reported, then the run ends
        os.write(fds[3], ("the sandbox could not set up the run: %s\n" % error).encode())


def fork_run(own_pid_namespace: int) -> tuple[int, socket.socket]:
    """Fork the next run, pid 1 of a PID namespace of its own, and let it prepare. A
    process may ask for a new PID namespace for its children once; going back to its own
    first (setns) lets it ask again for every run, so no parent per run is needed."""
    check(libc.setns(own_pid_namespace, CLONE_NEWPID), "setns pid")
    check(libc.unshare(CLONE_NEWPID), "unshare pid")
    inner, inner_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    child = os.fork()
    if child == 0:
        # Nothing of the slot (its sockets, other runs' reports) stays open in a run.
        os.closerange(3, inner_end.fileno())
        os.closerange(inner_end.fileno() + 1, 1 << 16)
        try:
            prepared_run(inner_end)
        finally:
            os._exit(125)
    inner_end.close()
    return child, inner


def hold_slot(control: socket.socket, fds: list[int]) -> None:
    """A slot: a parent that joins its control groups once, then forks one run after
    another for one grader thread, the next always forked and prepared ahead, and reports
    how each ended. A fork is born in its parent's groups; moving a process into a memory
    group waits for an RCU grace period instead, often tens of ms."""
    status = fds[0]
    check(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "PR_SET_PDEATHSIG")
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # its runs are waited for, not ignored
    for join in fds[1:]:
        os.write(join, b"0")
        os.close(join)
    # A network namespace per slot, not per run: it is the costliest to make and tear down,
    # and a slot's runs never overlap. Nothing of a run outlives it there: its sockets close
    # with its processes. (SysV IPC objects would outlive it: IPC is per run.)
    check(libc.unshare(CLONE_NEWNET), "unshare network")
    own_pid_namespace = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC)
    os.write(status, b"S")
    os.close(status)
    # A request is read into this one buffer and wiped once handed on, and whatever names
    # a run lives in the frames of the helpers below, gone before the next fork: the next
    # run is a fork of this process, and nothing of an earlier run (its file names, sizes,
    # uid, how it ended) may be in its memory or its stack, not even freed.
    buffer = bytearray(1 << 16)
    spare: tuple[int, socket.socket] | None = fork_run(own_pid_namespace)
    running: dict[int, tuple[int, int, int]] = {}  # pidfd: (pid, status, its mounts)
    while True:
        readable, _, _ = select.select([control.fileno(), *running], [], [])
        if control.fileno() in readable:
            if spare is None:
                spare = fork_run(own_pid_namespace)  # the last run was killed, not reported
            if not hand_over(control, buffer, spare, running):
                return  # the grader is done with this slot; its runs die with it
            spare = None
        elif readable:
            report_end(readable[0], running)
            # The next run is forked only now: what it spends preparing is never counted in
            # the CPU of the run before it (their group is the slot's).
            if spare is None:
                spare = fork_run(own_pid_namespace)


def hand_over(
    control: socket.socket,
    buffer: bytearray,
    spare: tuple[int, socket.socket],
    running: dict[int, tuple[int, int, int]],
) -> bool:
    """Pass the next request on to the prepared run; False once the grader closed the slot."""
    size, fds = receive_into(control, buffer)
    if size == 0:
        return False
    pid, inner = spare
    watched = os.pidfd_open(pid)
    running[watched] = (pid, fds[0], held_mounts(pid))  # its end is reported, whatever happens
    try:  # noqa: SIM105 - contextlib would add its imports to the start-up
        inner.sendmsg(
            [memoryview(buffer)[:size]], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, pack(fds))]
        )
    except OSError:
        pass  # a spare that died preparing: its end is reported all the same
    buffer[:size] = bytes(size)
    inner.close()
    for fd in fds[1:]:
        os.close(fd)
    return True


def held_mounts(pid: int) -> int:
    """The prepared run's mount namespace, held by its slot (-1: it cannot be): the run's exit
    then does not tear down its mounts (its /proc, the masks, its tmpfs and the pages in it)
    before its parent hears of it, about 1 ms; the slot lets go once it reported the end."""
    try:
        return os.open("/proc/%d/ns/mnt" % pid, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return -1


def report_end(watched: int, running: dict[int, tuple[int, int, int]]) -> None:
    """Tell the grader how a run ended (its raw wait status), on the run's status socket."""
    pid, report, mounts = running.pop(watched)
    _, raw = os.waitpid(pid, 0)
    os.write(report, b"E" + struct.pack("i", raw))
    os.close(report)
    os.close(watched)
    if mounts >= 0:
        os.close(mounts)  # its mounts go now, before the slot's next run is forked


def receive_into(control: socket.socket, buffer: bytearray) -> tuple[int, list[int]]:
    """The next request into `buffer`: its size (0 once the grader closed the socket) and
    its descriptors."""
    while True:
        try:
            size, ancillary, _, _ = control.recvmsg_into([buffer], socket.CMSG_SPACE(MAX_FDS * 4))
            break
        except InterruptedError:
            continue
    fds: list[int] = []
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            usable = len(data) - len(data) % 4
            fds += struct.unpack("%di" % (usable // 4), data[:usable])
    return size, fds


def pack(fds: list[int]) -> bytes:
    return struct.pack("%di" % len(fds), *fds)


def serve(control: socket.socket) -> None:
    """Make a slot for each request until the grader closes the socket. A request carries
    the slot's control socket, its status socket and its groups' join files."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # forked parents are reaped by the kernel
    control.send(b"Z")
    while True:
        received = receive(control)
        if received is None:
            return
        _, fds = received
        if len(fds) >= 2 and os.fork() == 0:
            control.close()
            try:
                hold_slot(socket.socket(fileno=fds[0]), fds[1:])
            except BaseException as error:  # noqa: BLE001 - said where the grader reads
                os.write(fds[1], ("Xthe sandbox could not make a slot: %s" % error).encode())
            finally:
                os._exit(0)
        for fd in fds:
            os.close(fd)


def main() -> None:
    control = socket.socket(fileno=int(os.environ.pop("GRADER_ZYGOTE_FD")))
    program = bytes.fromhex(os.environ.pop("GRADER_SECCOMP", ""))
    if program:
        buffer = ctypes.create_string_buffer(program, len(program))
        FILTER[:] = [buffer, SockFprog(len(program) // 8, ctypes.addressof(buffer))]
    MASKED[:] = [path for path in os.environ.pop("GRADER_MASKED", "").split("\n") if path]
    drop_bounding_set(KEPT_CAPABILITIES)
    # The grader's first message: the runners it expects, compiled once for every fork; run
    # once as `__warm__`, a runner imports what its runs will need. It sends them once this
    # interpreter is starting, so that both start at once.
    first = control.recv(PRELOAD_BYTES)
    for source in marshal.loads(first)["preload"] if first else ():
        exec(compiled(source), {"__name__": "__warm__"})
    import encodings.utf_8_sig  # noqa: F401 - the runner reads a submission with it

    # Every object so far is permanent: a fork's collections never walk them, so they stay
    # shared with this process instead of being copied page by page.
    gc.freeze()
    serve(control)


main()
