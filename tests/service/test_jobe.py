"""The Jobe endpoint, called as CodeRunner calls it, on a real service and the real process
sandbox: every outcome code, files, keys, the errors Jobe answers, and a problem graded with
CodeRunner's combinator-grader JSON."""

from __future__ import annotations

import hashlib
import json
import shutil
import threading

import pytest

from grader.errors import SandboxError
from grader.integrations.jobe.runs import JobeRuns

from ..conftest import SUBMISSIONS, require, require_language
from .coderunner import API, CodeRunnerJobe, result_of
from .conftest import ACCEPTED, WRONG, start
from .processes import token_made_by_the_cli, until

SUM = "import sys\nprint(sum(int(word) for word in sys.stdin.read().split()))\n"
C_SUM = '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);}\n'
CPP_SUM = "#include <iostream>\nint main(){int a,b;std::cin>>a>>b;std::cout<<a+b<<std::endl;}\n"
NODE_SUM = (
    "const words = require('fs').readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);\n"
    "console.log(words.map(Number).reduce((a, b) => a + b, 0));\n"
)
PHP_SUM = (
    "<?php\n$words = preg_split('/\\s+/', trim(file_get_contents('php://stdin')));\n"
    'echo array_sum($words), "\\n";\n'
)
# Jobe's languages that no graded language stands for: (the command, its Debian package).
INTERPRETERS = {
    "nodejs": ("node", "nodejs"),
    "php": ("php", "php-cli"),
    "octave": ("octave", "octave"),
    "pascal": ("fpc", "fp-compiler"),
}
OCTAVE_SUM = (
    "words = strsplit(strtrim(input('', 's')));\nprintf('%d\\n', sum(str2double(words)));\n"
)
PASCAL_SUM = "var a, b: integer;\nbegin\n  readln(a, b);\n  writeln(a + b);\nend.\n"


def _require_interpreter(language: str) -> None:
    command, package = INTERPRETERS[language]
    require(shutil.which(command) is not None, language, f"apt-get install {package}")


JAVA_SUM = (
    "import java.util.Scanner;\npublic class Adder {\n  public static void main(String[] a) {\n"
    "    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt() + in.nextInt());"
    "\n  }\n}\n"
)

# A program that forbids itself getppid() (a seccomp filter that kills), then calls it: the
# kernel kills it with SIGSYS, as a filter that kills on a forbidden call does.
KILLED_BY_SECCOMP = r"""
#define _GNU_SOURCE
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(void) {
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog filter = {4, code};
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) != 0) return 2;
    syscall(__NR_getppid);
    return 0;
}
"""


def test_languages_are_listed_as_jobe_lists_them(jobe) -> None:
    client, _ = jobe
    listed = client.languages().json()
    assert all(isinstance(pair, list) and len(pair) == 2 for pair in listed)
    names = [name for name, _ in listed]
    assert {"python3", "c", "cpp", "java", "nodejs", "php", "octave", "pascal"} <= set(names)
    assert "nqueens-python" in names and "nqueens-count-python" in names


@pytest.mark.parametrize(
    ("language", "source"),
    [
        ("python3", SUM),
        ("c", C_SUM),
        ("cpp", CPP_SUM),
        ("java", JAVA_SUM),
        ("nodejs", NODE_SUM),
        ("php", PHP_SUM),
        ("octave", OCTAVE_SUM),
        ("pascal", PASCAL_SUM),
    ],
)
def test_a_stdin_program_runs_in_each_plain_language(jobe, language, source) -> None:
    if language in INTERPRETERS:
        _require_interpreter(language)
    elif language != "python3":
        require_language({"c": "cpp"}.get(language, language))
    client, _ = jobe
    document = result_of(client.execute(source, language, "3 4"))
    assert (document["outcome"], document["stdout"], document["stderr"]) == (15, "7\n", "")


@pytest.mark.parametrize(
    ("language", "source", "parameters", "outcome"),
    [
        ("c", "int main(void) { return x; }\n", None, 11),
        ("python3", "raise ValueError('no')\n", None, 12),
        ("python3", "import sys\nsys.exit(3)\n", None, 12),
        ("python3", "while True:\n    pass\n", {"cputime": 1}, 13),
        ("python3", "x = bytearray(2**30)\n", {"memorylimit": 64}, 17),
        ("c", KILLED_BY_SECCOMP, None, 19),
    ],
)
def test_each_outcome_code(jobe, language, source, parameters, outcome) -> None:
    client, _ = jobe
    document = result_of(client.execute(source, language, parameters=parameters))
    assert document["outcome"] == outcome, document
    if outcome == 11:
        assert "undeclared" in str(document["cmpinfo"])
    if outcome == 12:
        assert document["stderr"] or "exit" in source


def test_a_python_syntax_error_is_one_compile_error(jobe) -> None:
    """Compiled first, as Jobe's py_compile does: CodeRunner then shows one compile error,
    not a runtime error per test."""
    client, _ = jobe
    document = result_of(client.execute("print('unclosed'\n", "python3"))
    assert document["outcome"] == 11, document
    said = str(document["cmpinfo"])
    assert "SyntaxError: '(' was never closed" in said and ", line 1" in said
    assert document["stdout"] == "" and document["stderr"] == ""


def test_output_is_kept_whole_up_to_the_stream_size(jobe) -> None:
    """A combinator template prints every test's output in one run: all of it comes back,
    not a report's 4 KiB head."""
    client, _ = jobe
    source = (
        "import sys\nfor i in range(20000):\n    print(i, i * i)\n    print(i, file=sys.stderr)\n"
    )
    document = result_of(client.execute(source, "python3"))
    expected = "".join(f"{i} {i * i}\n" for i in range(20000))
    assert len(expected) > 200_000
    assert document["outcome"] == 15 and document["stdout"] == expected
    assert document["stderr"] == "".join(f"{i}\n" for i in range(20000))


def test_output_past_the_stream_size_is_stopped_with_what_came_before(jobe) -> None:
    client, _ = jobe
    source = "while True:\n    print('x' * 1023)\n"
    document = result_of(client.execute(source, "python3", parameters={"streamsize": 1}))
    assert document["outcome"] == 13, str(document)[:300]
    printed = str(document["stdout"])
    assert printed.startswith("x" * 1023 + "\n") and 512 * 1024 < len(printed) <= 1024 * 1024


def test_a_trailing_slash_is_answered_not_redirected(jobe) -> None:
    client, running = jobe
    spec = {"language_id": "python3", "sourcecode": "print(6 * 7)\n", "sourcefilename": "a.py"}
    answer = running.client.post(
        f"{API}/runs/", json={"run_spec": spec}, headers=client.headers(), follow_redirects=False
    )
    assert result_of(answer)["stdout"] == "42\n"
    listed = running.client.get(f"{API}/languages/", headers=client.headers())
    assert listed.status_code == 200 and ["python3", listed.json()[0][1]] in listed.json()


def test_stdin_and_files_as_large_as_moodle_sends_are_taken(jobe) -> None:
    """The app's 1 MiB cap is for the student API; a Jobe run's body may hold megabytes."""
    client, _ = jobe
    stdin = "7\n" * (3 * 2**20 // 2)  # 3 MiB
    source = "import sys\nprint(len(sys.stdin.read()))\n"
    document = result_of(client.execute(source, "python3", stdin=stdin))
    assert document["outcome"] == 15 and document["stdout"] == f"{len(stdin)}\n", document


def test_a_body_past_the_cap_is_413_in_jobes_own_form(jobe) -> None:
    client, running = jobe
    spec = {"language_id": "python3", "sourcecode": "x" * (33 * 2**20), "sourcefilename": "a.py"}
    answer = running.client.post(f"{API}/runs", json={"run_spec": spec}, headers=client.headers())
    assert answer.status_code == 413 and answer.headers["content-type"] == "application/json"
    assert isinstance(answer.json(), str) and "larger than" in answer.json()


def test_cputime_up_to_jobes_maximum_is_taken(jobe) -> None:
    client, _ = jobe
    taken = result_of(client.execute("print('ok')\n", "python3", parameters={"cputime": 120}))
    assert taken["outcome"] == 15 and taken["stdout"] == "ok\n"
    refused = client.execute("print('ok')\n", "python3", parameters={"cputime": 121})
    assert refused.status_code == 400 and "120" in refused.json()


WARNS = "int main(void) {\n    int unused;\n    return 0;\n}\n"
RECURSES = (
    "int down(int n) { return n < 0 ? 0 : down(n + 1) + 1; }\nint main(void) { return down(0); }\n"
)


@pytest.mark.parametrize(
    ("source", "parameters", "outcome"),
    [
        (WARNS, None, 11),  # Jobe's -Wall -Werror: a warning is a compile error
        (WARNS, {"compileargs": ["-std=gnu11"]}, 15),  # given compileargs replace them
        (RECURSES, {"cputime": 3}, 12),  # no -O2 to turn the recursion into a loop
    ],
)
def test_c_is_compiled_as_jobe_compiles_it(jobe, source, parameters, outcome) -> None:
    client, _ = jobe
    document = result_of(client.execute(source, "c", parameters=parameters))
    assert document["outcome"] == outcome, document
    if outcome == 11:
        assert "unused" in str(document["cmpinfo"])


def test_interpreter_and_program_arguments_are_given(jobe) -> None:
    client, _ = jobe
    source = "import sys\nassert False, 'asserts are on'\nprint(sys.argv[1:])\n"
    parameters = {"interpreterargs": ["-O"], "runargs": ["alpha", "two words"]}
    document = result_of(client.execute(source, "python3", parameters=parameters))
    assert document["outcome"] == 15 and document["stdout"] == "['alpha', 'two', 'words']\n"


def test_javac_may_ask_for_a_large_heap_as_coderunner_s_prototype_does(jobe) -> None:
    require_language("java")
    client, _ = jobe
    parameters = {"memorylimit": 16000, "compileargs": ["-J-Xmx4g"]}
    document = result_of(client.execute(JAVA_SUM, "java", stdin="2 3", parameters=parameters))
    assert document["outcome"] == 15 and document["stdout"] == "5\n", document


@pytest.mark.parametrize(
    "parameters",
    [{"compileargs": "-O2"}, {"runargs": [1, 2]}, {"compileargs": ["-DX='unclosed"]}],
)
def test_argument_parameters_that_are_not_word_lists_are_400(jobe, parameters) -> None:
    client, _ = jobe
    answer = client.execute("int main(void) { return 0; }\n", "c", parameters=parameters)
    assert answer.status_code == 400 and isinstance(answer.json(), str), answer.text


def test_output_that_is_not_utf8_comes_back_escaped_as_jobe_escapes_it(jobe) -> None:
    client, _ = jobe
    source = "import sys\nsys.stdout.buffer.write(b'Hello\\n\\x01\\x06\\xc0\\xc9\\t\\n')\n"
    document = result_of(client.execute(source, "python3"))
    assert document["stdout"] == "Hello\n\\x01\\x06\\xc0\\xc9\t\n", document
    valid = result_of(client.execute("print('caf\\u00e9\\x01')\n", "python3"))
    assert valid["stdout"] == "caf\u00e9\x01\n"  # UTF-8 comes back as it is


def test_java_is_named_after_its_public_class_when_no_file_name_is_given(jobe) -> None:
    require_language("java")
    client, running = jobe
    source = JAVA_SUM.replace("Adder", "Greeter")
    spec = {"language_id": "java", "sourcecode": source, "input": "40 2\n"}
    answer = running.client.post(f"{API}/runs", json={"run_spec": spec}, headers=client.headers())
    document = result_of(answer)
    assert document["outcome"] == 15 and document["stdout"] == "42\n", document


@pytest.mark.parametrize(
    ("language", "source", "outcome", "said"),
    [
        ("php", "<?php\necho 'unclosed;\n", 11, "syntax error"),  # linted first, as on Jobe
        ("php", "<?php\nthrow new Exception('no');\n", 12, "Exception"),
        ("nodejs", "throw new Error('no');\n", 12, "Error: no"),
        # Octave has no compile step: a syntax error is a runtime error, as on Jobe.
        ("octave", "s = \"unclosed';\n", 12, "error"),
        ("octave", "error('no way');\n", 12, "error: no way"),
        ("pascal", "begin\n  writeln('unclosed);\nend.\n", 11, "String exceeds line"),
    ],
)
def test_errors_in_node_php_octave_pascal_get_jobes_outcomes(
    jobe, language, source, outcome, said
) -> None:
    _require_interpreter(language)
    client, _ = jobe
    document = result_of(client.execute(source, language))
    assert document["outcome"] == outcome, document
    assert said in str(document["cmpinfo"]) + str(document["stderr"]) + str(document["stdout"])


def test_files_are_put_after_a_404_and_read_by_the_program(jobe) -> None:
    client, running = jobe
    content = b"first line of the data\n"
    source = "print(open('data.txt').read().upper(), end='')\n"
    document = result_of(client.execute(source, "python3", files={"data.txt": content}))
    assert document["stdout"] == "FIRST LINE OF THE DATA\n"
    file_id = hashlib.md5(content).hexdigest()
    head = running.client.head(f"{API}/files/{file_id}", headers=client.headers())
    assert head.status_code == 204
    missing = running.client.head(f"{API}/files/{'0' * 32}", headers=client.headers())
    assert missing.status_code == 404


def test_an_nqueens_answer_is_graded_with_the_combinator_json(jobe) -> None:
    client, _ = jobe
    accepted = json.loads(result_of(client.execute(ACCEPTED, "nqueens-python"))["stdout"])
    assert accepted["fraction"] == 1.0
    header, *rows = accepted["testresults"]
    assert header == ["iscorrect", "Test", "Verdict", "Message", "ishidden"]
    assert len(rows) == 9 and all(row[0] for row in rows)
    wrong = json.loads(result_of(client.execute(WRONG, "nqueens-python"))["stdout"])
    assert 0 < wrong["fraction"] < 1 and "WA" in wrong["prologuehtml"]
    failed = [row for row in wrong["testresults"][1:] if not row[0]]
    assert "share a diagonal" in failed[0][3]
    hidden = [row for row in wrong["testresults"][1:] if row[4]]
    assert hidden and all("[" not in row[3] for row in hidden)  # no placement of a hidden test


def test_a_lesson_rust_answer_is_graded_too(jobe) -> None:
    require_language("rust")
    client, _ = jobe
    source = (SUBMISSIONS / "nqueens" / "accepted" / "lesson.rs").read_text()
    graded = json.loads(result_of(client.execute(source, "nqueens-rust"))["stdout"])
    assert graded["fraction"] == 1.0


def test_requests_jobe_would_refuse_get_its_status_codes(jobe) -> None:
    client, running = jobe
    post = running.client.post
    headers = client.headers()
    assert post(f"{API}/runs", content=b"{nope", headers=headers).status_code == 400
    assert post(f"{API}/runs", json={"spec": {}}, headers=headers).status_code == 400
    no_source = {"run_spec": {"language_id": "python3", "sourcefilename": "a.py"}}
    assert post(f"{API}/runs", json=no_source, headers=headers).status_code == 400
    assert client.execute("print(1)", "cobol").status_code == 400
    dangerous = {
        "run_spec": {"language_id": "python3", "sourcecode": "", "sourcefilename": "../etc/passwd"}
    }
    assert post(f"{API}/runs", json=dangerous, headers=headers).status_code == 400
    too_long = client.execute("print(1)", "python3", parameters={"cputime": 500})
    assert too_long.status_code == 400 and "cputime" in too_long.json()
    bad_file = {
        "run_spec": {
            "language_id": "python3",
            "sourcecode": "",
            "sourcefilename": "a.py",
            "file_list": [["short", "x.txt"]],
        }
    }
    assert post(f"{API}/runs", json=bad_file, headers=headers).status_code == 400
    put = running.client.put(
        f"{API}/files/{'a' * 32}", json={"file_contents": "%%%"}, headers=headers
    )
    assert put.status_code == 400


def test_a_missing_or_wrong_key_is_403(jobe) -> None:
    client, running = jobe
    assert CodeRunnerJobe(running.client).execute("print(1)", "python3").status_code == 403
    assert CodeRunnerJobe(running.client, "wrong").languages().status_code == 403
    student = CodeRunnerJobe(running.client, running.tokens["ada"])
    assert student.execute("print(1)", "python3").status_code == 403


class _Broken:
    """A sandbox whose engine went away: a fault of the grader's machine, not the program's."""

    name = "broken"

    def compile(self, *args: object) -> object:
        raise SandboxError("the sandbox's engine went away")


def test_a_fault_of_the_grader_is_outcome_20(tmp_path) -> None:
    running = start(tmp_path)
    try:
        running.service.jobe = JobeRuns(running.service.catalog, _Broken(), "process", 1)  # type: ignore[arg-type]
        client = CodeRunnerJobe(running.client, running.tokens["teacher"])
        document = result_of(client.execute("print(1)", "python3"))
        assert document["outcome"] == 20 and "engine went away" in document["stderr"]
    finally:
        running.service.close()


def test_no_free_slot_is_server_overload(tmp_path) -> None:
    running = start(tmp_path)
    runs = JobeRuns(running.service.catalog, running.service.sandbox, "process", 1, 0.1)
    running.service.jobe = runs
    client = CodeRunnerJobe(running.client, running.tokens["teacher"])
    slow = "import time\ntime.sleep(30)\n"
    first: list[object] = []
    holder = threading.Thread(
        target=lambda: first.append(client.execute(slow, "python3", parameters={"cputime": 1}))
    )
    try:
        holder.start()
        until(lambda: runs.busy() == 1, 30, "the first run never started")
        assert result_of(client.execute("print(1)", "python3"))["outcome"] == 21
    finally:
        holder.join()
        running.service.close()
    assert first and result_of(first[0])["outcome"] == 13  # its wall limit: 3 x cputime + 1


def test_coderunner_pointed_at_grader_web_with_its_key(tmp_path) -> None:
    """As an instructor sets it up: a token made for Moodle, `grader web` started, the URL and
    key in CodeRunner's settings; a stdin program and an N-Queens answer run through it."""
    import signal
    import subprocess
    import sys

    import httpx

    key = token_made_by_the_cli(tmp_path, "instructor", "moodle")
    command = [sys.executable, "-m", "grader", "web", "--port", "0", "--sandbox", "process"]
    with subprocess.Popen(command, cwd=tmp_path, text=True, stderr=subprocess.PIPE) as web:
        try:
            assert web.stderr is not None
            url = web.stderr.readline().split()[2]
            assert url.startswith("http://127.0.0.1:")
            said = web.stderr.readline()  # what a Moodle admin must set, said at start-up
            assert "Jobe server" in said and "API-key must be an instructor's token" in said
            with httpx.Client(base_url=url, timeout=60) as http:
                client = CodeRunnerJobe(http, key)
                assert result_of(client.execute(SUM, "python3", "20 22"))["stdout"] == "42\n"
                graded = result_of(client.execute(ACCEPTED, "nqueens-python"))
                assert json.loads(str(graded["stdout"]))["fraction"] == 1.0
                assert CodeRunnerJobe(http).languages().status_code == 403
        finally:
            web.send_signal(signal.SIGTERM)
            assert web.wait(timeout=60) == 0
