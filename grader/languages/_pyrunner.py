# The runner executed inside the sandbox as `python -I -S -B -c <this source> FILE ENTRY PARAMS`.
# It is never imported by the harness: it must run on a bare interpreter, with no site-packages,
# and cost little to start (no json, re, socket, inspect or traceback unless a submission fails).
# It speaks the frame protocol of grader/protocol.py on the descriptor named by GRADER_FD.
# Everything it sends is only "this is what the code returned/raised": the harness decides.
from __future__ import annotations

import os
import sys
from _json import encode_basestring_ascii as quote
from _json import make_scanner
from itertools import chain

TYPE_CHECKING = False  # importing typing would cost the runner's start-up several ms
if TYPE_CHECKING:
    from typing import Any

MAX_DEPTH = 8
# As deep as a solution may recurse (once per node of a long chain, per cell of a grid), where
# CPython stops at 1,000: LeetCode's Python recurses as deep. A call from Python to Python
# takes no C stack (3.11), one through C (functools.cache, a bound method's wrapper) about
# half a KiB of it: the sandbox gives every run a 64 MiB stack (grader/limits.py), which
# holds that many. Deeper is a RecursionError the harness calls endless.
RECURSION_LIMIT = 100_000
# A thread's stack, as the system gives one: the run's stack rlimit is the main thread's.
THREAD_STACK_BYTES = 8 * 2**20
# A traceback at least this deep makes a memory error a recursion's, and says how deep.
DEEP_RECURSION = 1_000
MEMORY_FRAME = '{"kind":"error","type":"MemoryError","message":%s,"trace":"","line":null}'
MAX_ITEMS = 400_000
MAX_FRAME = 4 * 1024 * 1024
MAX_STR = 10_000
BIG_INT = 1 << 63
INT_ONLY = {int}
ROW_TYPES = {list, tuple}
TUPLE_TO_LIST = str.maketrans("()", "[]", " ")
CONTAINERS: dict[type, str] = {list: "list", tuple: "tuple", set: "set", frozenset: "frozenset"}
PLAIN_REPR: dict[type, str] = {bool: "bool", float: "float", complex: "complex", type(None): "None"}
# What LeetCode's Python has in scope without an import: each name and the module it is
# from. The harness fills it in from its own interpreter (grader/languages/python.py).
PRELUDE: dict[str, str] = {}


class TooLarge(Exception):
    pass


class Described(Exception):
    """A returned value that is not one (a cycle of nodes): the tag that says what it is."""


class ListNode:  # LeetCode's, in scope for a problem that takes or returns one
    def __init__(self, val: int = 0, next: ListNode | None = None) -> None:  # noqa: A002
        self.val = val
        self.next = next


class TreeNode:  # LeetCode's, in scope for a problem that takes or returns one
    def __init__(
        self, val: int = 0, left: TreeNode | None = None, right: TreeNode | None = None
    ) -> None:
        self.val = val
        self.left = left
        self.right = right


def tree(values: list[Any]) -> TreeNode | None:
    """A tree from its level order, without recursion (a deep tree is only a long list)."""
    if not values:
        return None
    root = TreeNode(values[0])
    waiting = [root]
    for at, index in enumerate(range(1, len(values), 2)):
        parent = waiting[at]
        for side, value in zip(("left", "right"), values[index : index + 2], strict=False):
            if value is not None:
                child = TreeNode(value)
                setattr(parent, side, child)
                waiting.append(child)
    return root


def untree(root: Any) -> Any:
    """A returned tree in level order, as LeetCode writes it; a node reached twice (a cycle,
    a shared subtree) described instead, never followed for ever."""
    values: list[Any] = []
    seen: set[int] = set()
    level = [root]
    at = 0
    while at < len(level):
        node = level[at]
        at += 1
        if node is None:
            values.append(None)
            continue
        if id(node) in seen:
            raise Described(tag("TreeNode", "a node reached twice: a cycle, or a shared subtree"))
        if len(values) >= MAX_ITEMS:
            raise TooLarge("the returned tree has more than %d nodes" % MAX_ITEMS)
        seen.add(id(node))
        try:
            values.append(node.val)
            level += (node.left, node.right)
        except BaseException:
            raise Described(tag("TreeNode", "a node without val, left and right")) from None
    while values and values[-1] is None:
        values.pop()
    return values


def linked(values: list[int]) -> ListNode | None:
    head = None
    for value in reversed(values):
        head = ListNode(value, head)
    return head


def unlinked(head: Any) -> Any:
    """A returned ListNode as LeetCode writes it ([1, 2, 3]); a cycle or a node that is not
    one described (a value the harness reads as a wrong answer, saying which)."""
    values: list[Any] = []
    seen: set[int] = set()
    while head is not None:
        if id(head) in seen:
            raise Described(
                tag("ListNode", "a cycle: node %d points back to an earlier one" % len(values))
            )
        if len(values) >= MAX_ITEMS:
            raise TooLarge("the returned list has more than %d nodes" % MAX_ITEMS)
        seen.add(id(head))
        try:
            values.append(head.val)
            head = head.next
        except BaseException:
            raise Described(tag("ListNode", "a node without val and next")) from None
    return values


# Per LeetCode node type: from a request's value, and back to one.
NODES = {"ListNode": (linked, unlinked), "TreeNode": (tree, untree)}


class ScannerContext:  # the attributes the C scanner reads, as json.JSONDecoder sets them
    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = None
    memo: dict[str, object] = {}


SCAN = make_scanner(ScannerContext())  # type: ignore[arg-type]


def parse(text: str) -> Any:
    return SCAN(text, 0)[0]


def tag(kind: str, text: str = "") -> str:
    return f'{{"type":{quote(kind)},"repr":{quote(text)}}}'


def type_name(cls: type) -> str:
    # Read through `type` itself: a submission's metaclass may override `__name__`.
    name: str = type.__dict__["__name__"].__get__(cls)
    return name


def describe(obj: object) -> str:
    # Only the exact builtin types get a repr: a submission's own __repr__ is never called.
    cls = type(obj)
    if cls in PLAIN_REPR:
        return tag(PLAIN_REPR[cls], cls.__repr__(obj)[:60])
    for base in (bool, int, str, list, tuple, set, frozenset, dict, float):
        if isinstance(obj, base):
            name = type_name(cls)
            return tag(f"{name} (a subclass of {base.__name__})")
    return tag(type_name(cls))


def wire(obj: Any, depth: int, budget: list[int]) -> str:
    cls = type(obj)
    if cls is int:
        return int.__repr__(obj) if -BIG_INT < obj < BIG_INT else tag("int", "too large")
    if cls is str:
        return quote(obj) if len(obj) <= MAX_STR else tag("str", "too long")
    if cls in CONTAINERS:
        if depth >= MAX_DEPTH:
            return tag(CONTAINERS[cls], "nested too deeply")
        budget[0] -= len(obj)
        if budget[0] < 0:
            raise TooLarge("the returned value has more than %d items" % MAX_ITEMS)
        if (cls is list or cls is tuple) and depth + 1 < MAX_DEPTH:
            rows = rows_of_ints(obj, budget)
            if rows is not None:
                return rows
        # The common leaf, a row of plain ints, without a call per item.
        if obj and set(map(type, obj)) == INT_ONLY and min(obj) > -BIG_INT and max(obj) < BIG_INT:
            body = "[" + ",".join(map(int.__repr__, obj)) + "]"
            return f'{{"set":{body}}}' if cls is set or cls is frozenset else body
        body = "[" + ",".join([wire(item, depth + 1, budget) for item in obj]) + "]"
        return f'{{"set":{body}}}' if cls is set or cls is frozenset else body
    return describe(obj)


def rows_of_ints(obj: list[Any] | tuple[Any, ...], budget: list[int]) -> str | None:
    # The usual answer, rows of plain ints, encoded in C (a call per row cost more than the
    # search itself). The rows are copied to tuples before they are checked: another thread
    # of the submission can change a list, not a tuple of ints, so the repr below is of
    # exactly what was checked and runs no code of the submission.
    outer = list(obj)
    if not outer or not set(map(type, outer)) <= ROW_TYPES:
        return None
    rows = list(map(tuple, outer))
    kinds = set(map(type, chain.from_iterable(rows)))
    if not kinds <= INT_ONLY:
        return None
    if kinds and max(map(int.bit_length, chain.from_iterable(rows))) >= 64:
        return None  # one outside -2**63 < n < 2**63: the general path names it
    budget[0] -= sum(map(len, rows))
    if budget[0] < 0:
        raise TooLarge("the returned value has more than %d items" % MAX_ITEMS)
    # "[(1, 3), (0,)]" -> "[[1,3],[0]]"
    return repr(rows).replace(",)", ")").translate(TUPLE_TO_LIST)


def send(fd: int, text: str) -> None:
    data = text.encode("utf-8", "backslashreplace")
    data = len(data).to_bytes(4, "big") + data
    while data:
        data = data[os.write(fd, data) :]


def receive(fd: int) -> Any:
    header = read_exactly(fd, 4)
    if header is None:
        return None
    body = read_exactly(fd, int.from_bytes(header, "big"))
    return None if body is None else parse(body.decode("utf-8"))


def read_exactly(fd: int, size: int) -> bytes | None:
    chunks: list[bytes] = []
    while size:
        chunk = os.read(fd, size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def flush_output() -> None:
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except BaseException:  # a submission may have broken its own streams
            pass


def safe_str(error: BaseException) -> str:
    try:
        text = str(error)
    except BaseException:
        return ""
    return text[:500] if type(text) is str else ""


def error_frame(error: BaseException, filename: str, source_lines: list[str]) -> str:
    trace = []
    lineno = None
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == filename:
            lineno = tb.tb_lineno
            text = source_lines[lineno - 1].strip() if 0 < lineno <= len(source_lines) else ""
            trace.append("line %d, in %s: %s" % (lineno, code.co_name, text))
        tb = tb.tb_next
    name = type_name(type(error))
    return '{{"kind":"error","type":{},"message":{},"trace":{},"line":{}}}'.format(
        quote(name),
        quote(safe_str(error)),
        quote("\n".join(trace[-8:])),
        "null" if lineno is None else lineno,
    )


def out_of_memory(error: BaseException) -> bool:
    """A MemoryError, or what CPython raises when an allocation fails where it sets no
    exception (a list copied at every level of a deep recursion)."""
    failed_allocation = isinstance(error, SystemError) and str(error) == (
        "error return without exception set"
    )
    return isinstance(error, MemoryError) or failed_allocation


def memory_frame(error: BaseException) -> str:
    """A memory error's frame, saying how deep the recursion was where it was deep."""
    depth = 0
    tb = error.__traceback__
    while tb is not None:
        depth += 1
        tb = tb.tb_next
    error.__traceback__ = None
    message = "%s calls deep" % format(depth, ",") if depth >= DEEP_RECURSION else ""
    return MEMORY_FRAME % quote(message)


def load_error(message: str, line: int | None = None) -> str:
    return '{{"kind":"load_error","message":{},"line":{}}}'.format(
        quote(message),
        "null" if line is None else int(line),
    )


def normalized(name: str) -> str:
    return name.replace("_", "").lower()


def find_entry(
    namespace: dict[str, Any], entries: list[str], params: list[str]
) -> tuple[Any, str | None]:
    """Return (callable, None) or (None, load-error frame). A method of `Solution` is called
    on a new instance for every test, as LeetCode and the compiled drivers do."""
    solution_class = namespace.get("Solution")
    if not isinstance(solution_class, type):
        solution_class = None
    for entry in entries:
        target = namespace.get(entry)
        if target is not None:
            if not callable(target):
                return None, load_error(f"{entry} is a {type_name(type(target))}, not a function")
            return target, arity_error(target, 0, params)
        if solution_class is not None and entry in dir(solution_class):
            method = getattr(solution_class, entry)
            if not callable(method):
                return None, load_error(
                    f"Solution.{entry} is a {type_name(type(method))}, not a method"
                )
            declared = next(
                (k.__dict__[entry] for k in solution_class.__mro__ if entry in k.__dict__), None
            )
            bound = 0 if isinstance(declared, staticmethod) else 1
            return fresh_instance_call(solution_class, entry), arity_error(method, bound, params)
    names = [name for name in namespace if not name.startswith("__")]
    if solution_class is not None:
        names += ["Solution." + n for n in dir(solution_class) if not n.startswith("__")]
    wanted = {normalized(entry) for entry in entries}
    close = [n for n in names if normalized(n.split(".")[-1]) in wanted]
    spelt = " or ".join(entries)
    hint = f" Found {close[0]} instead: rename it to {entries[0]}." if close else ""
    return None, load_error(
        f"no function named {spelt}: define `def {entries[0]}(...)` at the top level of your "
        f"file, or as a method of `class Solution`.{hint}"
    )


def fresh_instance_call(solution_class: type, entry: str) -> Any:
    def call(*args: Any) -> Any:
        return getattr(solution_class(), entry)(*args)

    return call


def arity_error(target: Any, bound: int, params: list[str]) -> str | None:
    """Whether `target` takes the problem's parameters (`bound`: its `self`, if any)."""
    function = getattr(target, "__func__", target)
    if function is not target:
        bound = 1
    code = getattr(function, "__code__", None)
    if code is None:
        return None
    positional = code.co_argcount - bound
    required = positional - len(getattr(function, "__defaults__", None) or ())
    if code.co_flags & 0x04:  # *args accepts any number
        positional = len(params)
    if required <= len(params) <= positional:
        return None
    names = ", ".join(code.co_varnames[bound : code.co_argcount])
    return load_error(
        "%s takes %d parameter%s (%s); it must take exactly %d (%s)"
        % (
            code.co_name,
            code.co_argcount - bound,
            "" if code.co_argcount - bound == 1 else "s",
            names,
            len(params),
            ", ".join(params),
        ),
        code.co_firstlineno,
    )


def provide_prelude(code: Any, namespace: dict[str, Any]) -> None:
    """Bind the prelude's names that the code mentions (a name it defines itself replaces
    ours as it runs, as on LeetCode); only their modules are imported."""
    mentioned: set[str] = set()
    pending = [code]
    while pending:
        current = pending.pop()
        mentioned.update(current.co_names)
        pending.extend(const for const in current.co_consts if type(const) is type(code))
    for name in mentioned.intersection(PRELUDE):
        try:
            module = __import__(PRELUDE[name])
        except ImportError:
            continue
        # A module is provided under its own name, even where it has a member of that name
        # (`bisect`, `copy`): `bisect.bisect_left` is how LeetCode's solutions use them.
        value = module if name == PRELUDE[name] else getattr(module, name, None)
        if value is not None:
            namespace[name] = value


def load(
    fd: int, filename: str, entries: list[str], params: list[str], nodes: set[str] | None = None
) -> tuple[Any, list[str]]:
    with open(filename, encoding="utf-8-sig") as handle:
        source = handle.read()
    lines = source.splitlines()
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as error:
        detail = error.msg
        if error.text:
            pointer = " " * max((error.offset or 1) - 1, 0) + "^"
            detail += "\n    " + error.text.rstrip("\n") + "\n    " + pointer
        send(fd, load_error(detail, error.lineno))
        return None, lines
    except (ValueError, MemoryError, RecursionError) as error:
        send(fd, load_error(f"{type(error).__name__}: {safe_str(error)}"))
        return None, lines
    module = type(sys)("solution")
    module.__file__ = filename
    sys.modules["solution"] = module
    for name in nodes or ():  # LeetCode's own definitions, as its code comments give them
        module.__dict__[name] = {"ListNode": ListNode, "TreeNode": TreeNode}[name]
    try:
        provide_prelude(code, module.__dict__)
        exec(code, module.__dict__)
        target, problem = find_entry(module.__dict__, entries, params)
    except BaseException as error:
        flush_output()
        send(fd, error_frame(error, filename, lines))
        return None, lines
    flush_output()
    if problem:
        send(fd, problem)
        return None, lines
    send(fd, '{"kind":"ready"}')
    return target, lines


def serve(
    fd: int, target: Any, filename: str, lines: list[str], kinds: list[str], returns: str
) -> None:
    # A request is one call (`args`) or several (`batch`: a random test's inputs, answered in
    # one frame of values; the first that does not return a value is answered as a call is,
    # and the judge then asks again one by one).
    while True:
        request = receive(fd)
        if request is None:
            return
        # Every reply echoes the request's id: "{" becomes '{"id":N,'.
        echo = '{"id":%d,' % request["id"]
        if "batch" not in request:
            returned, said = answer(request["args"], target, filename, lines, kinds, returns)
            frame = '{"kind":"value","value":%s}' % said if returned else said
        else:
            values = []
            size = 0
            for args in request["batch"]:
                returned, said = answer(args, target, filename, lines, kinds, returns)
                if not returned:
                    break
                values.append(said)
                size += len(said) + 1
                if size > MAX_FRAME:
                    said = '{"kind":"too_large","message":"the values are too large together"}'
                    break
            else:
                said = '{"kind":"values","values":[%s]}' % ",".join(values)
            del values
            frame = said
        if len(frame) > MAX_FRAME:
            frame = (
                '{"kind":"too_large","message":"the returned value is larger than %d bytes"}'
                % (MAX_FRAME)
            )
        send(fd, echo + frame[1:])


def answer(
    given: list[Any],
    target: Any,
    filename: str,
    lines: list[str],
    kinds: list[str],
    returns: str,
) -> tuple[bool, str]:
    """(True, the returned value's WIRE), or (False, the frame that says what came instead).
    `returns` void: the problem's function returns nothing (LeetCode's in-place kind) and
    changes its first argument, which is then the answer. `kinds`: each parameter's type."""
    pairs = zip(given, kinds, strict=False)
    args = [NODES[kind][0](arg) if kind in NODES else arg for arg, kind in pairs]
    try:
        value = target(*args)
        if returns == "void":
            value = args[0]

    except BaseException as error:
        try:
            if out_of_memory(error):
                said = memory_frame(error)  # its traceback let go: the memory is free again
            else:
                said = error_frame(error, filename, lines)
        except MemoryError:  # too full even to say how deep
            error.__traceback__ = None
            said = MEMORY_FRAME % '""'
        del error
        flush_output()
        return False, said
    flush_output()
    try:
        if returns in NODES:
            value = NODES[returns][1](value)
        return True, wire(value, 0, [MAX_ITEMS])
    except Described as described:
        return True, described.args[0]
    except (TooLarge, RecursionError, MemoryError) as error:
        return False, f'{{"kind":"too_large","message":{quote(safe_str(error))}}}'
    except BaseException as error:
        return False, error_frame(error, filename, lines)
    finally:
        del value


def channel() -> int:
    # A container cannot inherit descriptors: there the judge listens on a Unix socket, and
    # takes the channel, then stdout, then stderr as three connections, in that order.
    path = os.environ.pop("GRADER_SOCKET", None)
    if path is None:
        return int(os.environ.pop("GRADER_FD"))
    import _socket

    def connected() -> int:
        connection = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
        connection.connect(path)
        return connection.detach()

    fd = connected()
    for target in (1, 2):
        stream = connected()
        os.dup2(stream, target)
        os.close(stream)
    return fd


def main() -> None:
    import threading

    sys.setrecursionlimit(RECURSION_LIMIT)
    threading.stack_size(THREAD_STACK_BYTES)
    fd = channel()
    filename, entries = sys.argv[1], sys.argv[2].split(",")
    params = sys.argv[3].split(",") if sys.argv[3] else []
    kinds = sys.argv[4].split(";") if len(sys.argv) > 4 and sys.argv[4] else [""] * len(params)
    returns = sys.argv[5] if len(sys.argv) > 5 else ""
    sys.argv = [filename]
    target, lines = load(fd, filename, entries, params, set(NODES) & {returns, *kinds})
    if target is not None:
        serve(fd, target, filename, lines, kinds, returns)


def warm() -> None:
    """In a warm runner, before any submission is known: what every run may need, imported
    once for all of them to inherit."""
    for module_name in set(PRELUDE.values()):
        try:  # noqa: SIM105 - contextlib would add its imports to a cold start
            __import__(module_name)
        except ImportError:
            pass


if __name__ == "__warm__":
    warm()
else:
    main()
