"""Every attack on the service's edges that issue 26 lists, each against a real `grader web`
(uvicorn on 127.0.0.1): a student reading hidden tests through what the program controls,
another site's page driving a signed-in browser (served from a second loopback origin,
127.0.0.2, to Debian's chromium), a forged LTI launch, two platforms' users of one id, and
a deployment's careless edges. The queue's attacks (a forged RQ job, a password-protected
Redis, a worker with another database) are in test_attacks_queue.py."""

from __future__ import annotations

import json
import re
import socket
import threading
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from grader.cli import main
from grader.integrations.lti.people import People, Person
from grader.integrations.lti.store import LtiStore
from grader.judge.calls import HIDDEN_MESSAGES
from grader.service.live import serving
from grader.verdicts import Verdict

from .conftest import ACCEPTED, Running, signed_in, start
from .lti_platform import INSTRUCTOR_ROLE, LEARNER_ROLE, FakePlatform, posting_page
from .processes import until

SAMPLE_INPUTS = {1, 2, 4, 5, 8}  # problems/nqueens: n3, n6, n7 and n9 are hidden
ATTACKER_HOST = "127.0.0.2"  # another site than 127.0.0.1 (an IP address is its own site)

# Programs that try to carry a hidden test's input out, each by another channel.
REMEMBERS = """
seen = []
def solve_n_queens(n):
    seen.append(n)  # one process for all tests: the list outlives each call
    print("inputs so far:", seen)
    return [[0] * n]
"""
EXITS = """
import os
def solve_n_queens(n):
    print("n is", n)
    os._exit(40 + n)  # the exit code spells the input
"""
RAISES = """
def solve_n_queens(n):
    kinds = [KeyError, ValueError, AttributeError, IndexError, TypeError, ZeroDivisionError,
             LookupError, OSError, RuntimeError, NameError]
    raise kinds[n]("the input is %d" % n)  # the exception's name spells the input
"""
GROWS = """
def solve_n_queens(n):
    hoard = [0] * (n * 1_000_000)  # memory and time that grow with the input
    return [[0] * n] + [[len(hoard) % 7]]
"""
LEAKERS = {"remembers": REMEMBERS, "exits": EXITS, "raises": RAISES, "grows": GROWS}


@pytest.fixture
def live(tmp_path) -> Iterator[tuple[Running, str]]:
    running = start(tmp_path)
    try:
        with serving(running.service, header_timeout_s=1.0) as url:
            yield running, url
    finally:
        running.service.close()


@pytest.fixture
def attacker() -> Iterator[FakePlatform]:
    """Another site: pages served from 127.0.0.2, as an attacker's would be."""
    site = FakePlatform(None, host=ATTACKER_HOST)
    yield site
    site.close()


# -- hidden tests stay hidden ---------------------------------------------------------------


def _says_nothing_of_hidden_inputs(tests: list[dict[str, object]]) -> None:
    """What a student sees of a submission's tests: hidden ones under neutral names, with a
    message that is the same for every program and input; no sample's output holding a
    number that is not a sample's input."""
    hidden = [test for test in tests if test["hidden"]]
    assert [test["name"] for test in hidden] == ["hidden 1", "hidden 2", "hidden 3", "hidden 4"]
    for test in hidden:
        assert test["input"] is None and test["output"] == "" and test["board"] == ""
        assert test["time_s"] is None and test["wall_s"] is None and test["memory_kib"] is None
        assert test["message"] == HIDDEN_MESSAGES[Verdict(test["verdict"])]
    samples = [test for test in tests if not test["hidden"]]
    assert [test["input"]["n"] for test in samples] == sorted(SAMPLE_INPUTS)  # run first
    for test in samples:
        printed = {int(number) for number in re.findall(r"\d+", str(test["output"]))}
        assert printed <= SAMPLE_INPUTS | {40 + n for n in SAMPLE_INPUTS}, test


@pytest.mark.parametrize("leaker", sorted(LEAKERS))
def test_no_student_view_carries_a_hidden_input(live, leaker) -> None:
    running, url = live
    submitted = running.submit("ada", source=LEAKERS[leaker]).json()
    assert submitted["status"] == "done"
    _says_nothing_of_hidden_inputs(submitted["result"]["tests"])
    with httpx.Client(base_url=url, headers=running.as_("ada"), timeout=30) as client:
        stream = client.get(f"/v1/submissions/{submitted['id']}/events").text
    events = [json.loads(line[6:]) for line in stream.splitlines() if line.startswith("data: ")]
    _says_nothing_of_hidden_inputs(events[:-1])  # one per test, then the result
    _says_nothing_of_hidden_inputs(events[-1]["tests"])
    # The instructor's view keeps everything.
    whole = running.client.get(f"/v1/submissions/{submitted['id']}", headers=running.as_("teacher"))
    revealed = [test for test in whole.json()["result"]["tests"] if test["hidden"]]
    assert [test["name"] for test in revealed] == ["n3", "n6", "n7", "n9"]
    assert all(test["input"] is not None and test["time_s"] is not None for test in revealed)


def test_a_students_stream_does_not_time_the_hidden_tests(live) -> None:
    """Each test's event as it finishes would time a hidden test by its arrival (a program
    may sleep as long as its input says): a student gets the hidden tests' events at once,
    after every hidden test is decided."""
    running, url = live
    sleeps = (
        "import time\ndef solve_n_queens(n):\n"
        "    time.sleep(0.3 if n in (3, 6, 7, 9) else 0)\n    return []\n"
    )
    identity = running.submit("ada", source=sleeps, wait=0).json()["id"]
    with (
        httpx.Client(headers=running.as_("ada"), timeout=60) as client,
        client.stream("GET", f"{url}/v1/submissions/{identity}/events") as stream,
    ):
        for line in stream.iter_lines():
            if line.startswith("data: ") and json.loads(line[6:]).get("hidden"):
                # the first hidden test's event: by now every test has been decided
                assert running.service.store.get(identity).status == "done"  # type: ignore[union-attr]
                break
        else:
            raise AssertionError("no hidden test's event arrived")


@pytest.mark.parametrize("leaker", sorted(LEAKERS))
def test_no_report_format_carries_a_hidden_input(leaker, tmp_path, capsys) -> None:
    from xml.etree import ElementTree

    solution = tmp_path / "solution.py"
    solution.write_text(LEAKERS[leaker])
    base = ["grade", str(solution), "--sandbox", "process"]

    def rendered(report: str) -> str:
        main([*base, "--format", report])
        return capsys.readouterr().out

    _says_nothing_of_hidden_inputs(json.loads(rendered("json"))["results"][0]["tests"])
    said = set(HIDDEN_MESSAGES.values())
    rows = [line.split() for line in rendered("text").splitlines() if line.startswith("  hidden ")]
    assert [row[1] for row in rows] == ["1", "2", "3", "4"]
    assert all(row[3:6] == ["-", "-", "-"] and " ".join(row[6:]).rstrip(" …") for row in rows)
    assert all(any(m.startswith(" ".join(row[6:]).rstrip(" …")) for m in said) for row in rows)
    cases = ElementTree.fromstring(rendered("junit")).iter("testcase")
    hidden = [case for case in cases if case.get("name", "").startswith("hidden ")]
    assert len(hidden) == 4 and all(case.find("system-out") is None for case in hidden)
    for case in hidden:
        failed = case.find("failure")
        assert failed is None or failed.get("message") in said
    graded = json.loads(rendered("gradescope"))["tests"]
    shown = [test for test in graded if test["name"].startswith("hidden ")]
    assert len(shown) == 4 and all(test["output"] in said for test in shown)
    annotations = [line for line in rendered("github").splitlines() if "hidden " in line]
    assert all(re.findall(r"hidden (\d)", line) and "n=" not in line for line in annotations)
    assert not any(re.search(r"\bn[3679]\b", line) for line in annotations)


@pytest.mark.parametrize("leaker", sorted(LEAKERS))
def test_jobe_answers_carry_no_hidden_input(live, leaker) -> None:
    running, url = live
    spec = {"run_spec": {"language_id": "nqueens-python", "sourcecode": LEAKERS[leaker]}}
    answer = httpx.post(
        f"{url}/jobe/index.php/restapi/runs",
        json=spec,
        headers={"X-API-KEY": running.tokens["teacher"]},
        timeout=60,
    )
    rows = json.loads(answer.json()["stdout"])["testresults"]
    hidden = [row for row in rows[1:] if row[4]]
    assert [row[1] for row in hidden] == ["hidden 1", "hidden 2", "hidden 3", "hidden 4"]
    assert all(row[3] == HIDDEN_MESSAGES[Verdict(row[2])] for row in hidden)
    assert not re.search(r"\bn[3679]\b|exit code|Error\b", json.dumps(hidden))
    samples = [row for row in rows[1:] if not row[4]]
    assert [row[1] for row in samples] == ["n1", "n2", "n4", "n5", "n8"]  # before any hidden


# -- another site cannot drive a signed-in browser ---------------------------------------------


def _who(page, url: str) -> str:
    page.goto(url + "/")
    return page.locator("header .who").inner_text() if page.locator("header .who").count() else ""


def test_another_site_cannot_sign_a_browser_in_or_out(live, attacker, browser) -> None:
    running, url = live
    victim = signed_in(browser, url, running.tokens["ada"])
    attacker.pages["/in"] = posting_page(f"{url}/login", {"token": running.tokens["bob"]})
    attacker.pages["/out"] = posting_page(f"{url}/logout", {})
    with victim.expect_navigation(url=f"{url}/login"):
        victim.goto(attacker.url + "/in")
    assert "another site" in victim.content()
    assert _who(victim, url) == "ada"  # not signed in as bob, whose work would then be theirs
    with victim.expect_navigation(url=f"{url}/logout"):
        victim.goto(attacker.url + "/out")
    assert _who(victim, url) == "ada"
    victim.get_by_role("button", name="Sign out").click()  # the page's own form still works
    victim.wait_for_url(url + "/")
    assert _who(victim, url) == ""


def test_an_open_service_takes_nothing_from_another_site(tmp_path, attacker, browser) -> None:
    running = start(tmp_path, open=True)
    ran: list[object] = []
    real_run = running.service.jobe.run
    running.service.jobe.run = lambda *args: ran.append(args) or real_run(*args)  # type: ignore[method-assign]
    try:
        with serving(running.service) as url:
            attacker.pages["/"] = "<!doctype html><title>cat pictures</title>"
            page = browser.new_page()
            page.goto(attacker.url + "/")
            form = """async (url) => {
                const body = new FormData();
                body.append("problem", "nqueens");
                body.append("file", new Blob(["def solve_n_queens(n): return []"]), "s.py");
                await fetch(url + "/v1/submissions", {method: "POST", mode: "no-cors", body});
                const spec = {run_spec: {language_id: "python3", sourcecode: "print(1)"}};
                await fetch(url + "/jobe/index.php/restapi/runs", {method: "POST",
                    mode: "no-cors", headers: {"Content-Type": "text/plain"},
                    body: JSON.stringify(spec)});
            }"""
            page.evaluate(form, url)  # each fetch is answered before its promise resolves
            assert running.service.store.of_student("you") == [] and ran == []
            # The service's own page, in the same browser, still hands in.
            page.goto(url + "/")
            assert (
                page.evaluate(
                    """async (url) => (await fetch(url + "/v1/submissions", {method: "POST",
                    headers: {"Content-Type": "application/json", "X-Grader": "1"},
                    body: JSON.stringify({problem: "nqueens", language: "python",
                                          source: "def solve_n_queens(n): return []"})})).status""",
                    url,
                )
                == 202
            )
    finally:
        running.service.close()


def test_a_host_name_the_service_was_not_given_is_refused(live) -> None:
    running, url = live
    port = urlsplit(url).port
    for host in ("evil.example", f"evil.example:{port}", f"rebound.attacker.test:{port}"):
        answer = httpx.get(f"{url}/v1/problems", headers={"Host": host, **running.as_("ada")})
        assert answer.status_code == 400 and "--allowed-host" in answer.json()["detail"]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
        assert httpx.get(f"{url}/healthz", headers={"Host": host}).status_code == 200


# -- LTI: a launch is the browser's that began it ------------------------------------------------


@pytest.fixture
def platform(live) -> Iterator[FakePlatform]:
    running, url = live
    jwks = running.client.get("/lti/jwks").json()
    made = FakePlatform(jwks, host=ATTACKER_HOST)
    made.register(running.service.database)
    made.pages["/course"] = posting_page(
        f"{url}/lti/login",
        {
            "iss": made.issuer,
            "login_hint": "42",
            "client_id": made.client_id,
            "target_link_uri": f"{url}/lti/launch",
        },
    )
    yield made
    made.close()


def test_a_launch_signs_in_the_browser_that_began_it(live, platform, browser) -> None:
    running, url = live
    page = browser.new_page()
    page.goto(platform.url + "/course")  # login, the platform's authorization, the launch
    page.wait_for_url(f"{url}/problems/nqueens")
    assert "student-42" in _who(page, url)


def test_a_launch_posted_by_another_site_signs_nobody_in(live, platform, browser) -> None:
    running, url = live
    # Mallory begins a login of her own (no browser needed), and her platform signs it.
    begun = httpx.post(
        f"{url}/lti/login",
        data={"iss": platform.issuer, "login_hint": "m", "client_id": platform.client_id},
    )
    query = {k: v[0] for k, v in parse_qs(urlsplit(begun.headers["location"]).query).items()}
    platform.sub = "mallory"
    forged = {
        "id_token": platform.id_token(platform.claims(query["nonce"])),
        "state": query["state"],
    }
    platform.pages["/forged"] = posting_page(f"{url}/lti/launch", forged)
    victim = browser.new_page()
    with victim.expect_navigation(url=f"{url}/lti/launch"):
        victim.goto(platform.url + "/forged")
    assert "not begun in this browser" in victim.content()
    assert _who(victim, url) == ""  # the instructor's browser is not Mallory's


def test_deep_linking_is_for_instructors_and_returns_only_to_https(live, platform) -> None:
    running, url = live

    def chooser(return_url: str, role: str) -> httpx.Response:
        # Over https (TestClient's), where a client keeps the login's Secure state cookie.
        begun = running.client.post(
            "/lti/login",
            data={"iss": platform.issuer, "login_hint": "t", "client_id": platform.client_id},
            follow_redirects=False,
        )
        query = parse_qs(urlsplit(begun.headers["location"]).query)
        claims = platform.claims(query["nonce"][0]) | {
            "https://purl.imsglobal.org/spec/lti/claim/message_type": "LtiDeepLinkingRequest",
            "https://purl.imsglobal.org/spec/lti/claim/roles": [role],
            "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": {
                "deep_link_return_url": return_url
            },
        }
        return running.client.post(
            "/lti/launch",
            data={"id_token": platform.id_token(claims), "state": query["state"][0]},
        )

    evil = chooser("javascript:fetch('/v1/submissions')", INSTRUCTOR_ROLE)
    assert evil.status_code == 400 and "https://" in evil.text and "javascript" not in evil.text
    learner = chooser(f"{platform.url}/return", LEARNER_ROLE)
    assert learner.status_code == 403 and "only an instructor" in learner.text
    allowed = chooser(f"{platform.url}/return", INSTRUCTOR_ROLE)  # loopback http: a test's
    assert allowed.status_code == 200 and "Choose the exercise" in allowed.text


# -- one identity per person per platform ---------------------------------------------------


def _launched(running: Running, platform: FakePlatform, sub: str, **claims: object) -> str:
    """A launch from `platform` as `sub`; the student token it signs in with."""
    begun = running.client.post(
        "/lti/login",
        data={"iss": platform.issuer, "login_hint": sub, "client_id": platform.client_id},
        follow_redirects=False,
    )
    query = {k: v[0] for k, v in parse_qs(urlsplit(begun.headers["location"]).query).items()}
    platform.sub = sub
    token = platform.id_token(platform.claims(query["nonce"]) | claims)
    page = running.client.post("/lti/launch", data={"id_token": token, "state": query["state"]})
    assert page.status_code == 200, page.text
    return str(running.client.cookies.pop("grader_token"))


def test_the_same_user_id_on_two_platforms_is_two_students(tmp_path) -> None:
    running = start(tmp_path)
    jwks = running.client.get("/lti/jwks").json()
    a, b = FakePlatform(jwks), FakePlatform(jwks)
    try:
        for made in (a, b):
            made.register(running.service.database)
        sis = {"https://purl.imsglobal.org/spec/lti/claim/lis": {"person_sourcedid": "ada"}}
        from_a = _launched(running, a, "42", **sis)
        from_b = _launched(running, b, "42", **sis)
        mine = running.client.post(
            "/v1/submissions?wait=10",
            json={"problem": "nqueens", "language": "python", "source": ACCEPTED},
            headers={"Authorization": f"Bearer {from_a}"},
        ).json()
        assert mine["status"] == "done"
        for other in (from_b, running.tokens["ada"]):  # B's user 42, and the local ada
            seen = running.client.get(
                "/v1/submissions", headers={"Authorization": f"Bearer {other}"}
            )
            assert seen.json()["submissions"] == []
            one = running.client.get(
                f"/v1/submissions/{mine['id']}", headers={"Authorization": f"Bearer {other}"}
            )
            assert one.status_code == 404
        outbox = LtiStore(running.service.database).outbox()
        assert [row[0] for row in outbox] == [mine["id"]]
        sent = running.service.database.rows("SELECT issuer FROM lti_outbox")
        assert sent == [(a.issuer,)]  # A's score goes to A alone
    finally:
        running.service.close()
        a.close()
        b.close()


def test_an_earlier_databases_launched_students_move_to_their_platform(tmp_path) -> None:
    from grader.service.store import Store
    from grader.storage.database import Database

    database = Database(tmp_path / "old.db")
    store = Store(database)
    database.script(
        "CREATE TABLE IF NOT EXISTS lti_links (student TEXT NOT NULL, problem TEXT NOT NULL, "
        "issuer TEXT NOT NULL, client_id TEXT NOT NULL, user_id TEXT NOT NULL, "
        "lineitem TEXT NOT NULL, PRIMARY KEY (student, problem))"
    )
    database.execute(
        "INSERT INTO lti_links VALUES ('alice', 'nqueens', 'https://a.example', "
        "'c1', '42', 'https://a.example/li/1')"
    )
    launched, _ = store.submit("alice", "nqueens", "v1", "python", "s.py", b"x = 1\n")
    local, _ = store.submit("alice", "nqueens-count", "v1", "python", "s.py", b"x = 2\n")
    lti = LtiStore(database)
    people = People(database)  # the migration runs as the service opens its rows
    moved = store.get(launched.id)
    assert moved is not None and moved.student.startswith("lti:a.example/alice#")
    assert store.get(local.id).student == "alice"  # type: ignore[union-attr]
    assert lti.linked(moved.student, "nqueens") is not None
    again = people.identity(Person("https://a.example", "c1", "d7", "42", "alice"))
    assert again == moved.student  # the first launch claims the kept person
    database.close()


# -- the rest -----------------------------------------------------------------------------------


def test_the_database_and_its_key_are_private(tmp_path) -> None:
    where = tmp_path / "new" / "grader.db"
    running = start(tmp_path, database=str(where))
    try:
        LtiStore(running.service.database).signing_key()
        assert where.parent.stat().st_mode & 0o777 == 0o700
        for each in where.parent.iterdir():
            assert each.stat().st_mode & 0o077 == 0, each
    finally:
        running.service.close()


def test_tokens_expire_and_are_listed_and_revoked(tmp_path, capsys) -> None:
    db = str(tmp_path / "tokens.db")
    assert (
        main(
            [
                "web",
                "--db",
                db,
                "token",
                "create",
                "--role",
                "student",
                "--name",
                "ada",
                "--expires",
                "30d",
            ]
        )
        == 0
    )
    token = capsys.readouterr().out.strip()
    assert main(["web", "--db", db, "token", "list"]) == 0
    listed = capsys.readouterr().out
    assert "ada" in listed and "never" not in listed and token not in listed
    token_id = listed.splitlines()[1].split()[0]
    running = start(tmp_path, database=db)
    try:
        bearer = {"Authorization": f"Bearer {token}"}
        assert running.client.get("/v1/submissions", headers=bearer).status_code == 200
        assert main(["web", "--db", db, "token", "revoke", token_id]) == 0
        assert running.client.get("/v1/submissions", headers=bearer).status_code == 401
        from grader.service.auth import digest

        running.service.store.tokens.add(digest("s_gone"), "student", "old", 1.0)  # long expired
        gone = running.client.get("/v1/submissions", headers={"Authorization": "Bearer s_gone"})
        assert gone.status_code == 401
    finally:
        running.service.close()
    assert (
        main(["web", "--db", db, "token", "create", "--role", "student", "--name", "lti:someone"])
        == 2
    )


def test_a_class_export_has_no_formula_cells(live) -> None:
    running, url = live
    files = [("files", ("=HYPERLINK(1).py", ACCEPTED)), ("files", ("+sum.py", ACCEPTED))]
    batch = running.client.post(
        "/v1/batches", data={"problem": "nqueens"}, files=files, headers=running.as_("teacher")
    ).json()

    def exported() -> str:
        return running.client.get(
            f"/v1/batches/{batch['id']}/export.csv", headers=running.as_("teacher")
        ).text

    until(lambda: exported().count("\n") >= 4, 120, "the batch was not graded")
    exported = exported()
    cells = [cell for line in exported.splitlines()[2:] for cell in line.split(",")[:2]]
    assert cells and all(not cell.lstrip('"').startswith(("=", "+", "-", "@")) for cell in cells)
    assert "'=HYPERLINK(1)" in exported


def test_a_burst_of_submissions_never_passes_the_waiting_bound(tmp_path) -> None:
    running = start(tmp_path, workers=0)  # nobody grades: everything waits
    try:
        with serving(running.service) as url:
            sources = [f"def solve_n_queens(n):\n    return [{k}]\n" for k in range(20)]
            barrier = threading.Barrier(len(sources))
            statuses: list[int] = []

            def hand_in(source: str) -> None:
                barrier.wait()
                statuses.append(
                    httpx.post(
                        f"{url}/v1/submissions",
                        headers=running.as_("ada"),
                        timeout=60,
                        json={"problem": "nqueens", "language": "python", "source": source},
                    ).status_code
                )

            threads = [threading.Thread(target=hand_in, args=(s,)) for s in sources]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        assert sorted(set(statuses)) == [202, 429] and statuses.count(202) == 8
        assert len(running.service.store.of_student("ada")) == 8
    finally:
        running.service.close()


def test_slow_clients_are_cut_off(tmp_path) -> None:
    running = start(tmp_path, body_timeout_s=1.0)
    try:
        with serving(running.service, header_timeout_s=1.0) as url:
            address = ("127.0.0.1", urlsplit(url).port)
            with socket.create_connection(address, timeout=30) as slow:
                slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no more
                assert slow.recv(100) == b""  # closed by the server, not by our timeout
            with socket.create_connection(address, timeout=30) as slow:
                token = running.tokens["ada"].encode()
                slow.sendall(
                    b"POST /v1/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Authorization: Bearer " + token + b"\r\n"
                    b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
                )
                assert slow.recv(100).startswith(b"HTTP/1.1 408")
    finally:
        running.service.close()


def test_event_streams_are_bounded_and_their_ids_checked(tmp_path, caplog) -> None:
    running = start(tmp_path, workers=0)  # nothing is graded: every stream stays open
    try:
        identity = running.submit("ada", wait=0).json()["id"]
        with (
            serving(running.service) as url,
            httpx.Client(headers=running.as_("ada"), timeout=30) as client,
        ):
            path = f"{url}/v1/submissions/{identity}/events"
            huge = client.get(path, headers={"Last-Event-ID": "9" * 5000})
            assert huge.status_code == 400 and "Last-Event-ID" in huge.json()["detail"]
            held = [client.stream("GET", path) for _ in range(8)]
            assert all(stream.__enter__().status_code == 200 for stream in held)
            refused = client.get(path)
            assert refused.status_code == 429 and "event streams" in refused.json()["detail"]
            for stream in held:
                stream.__exit__(None, None, None)
        assert "Traceback" not in caplog.text
    finally:
        running.service.close()


def test_every_page_carries_its_protections(live, platform) -> None:
    running, url = live
    signed_in = {"grader_token": running.tokens["teacher"]}  # the page's own cookie
    with httpx.Client(base_url=url, cookies=signed_in, timeout=30) as client:
        for path in ("/", "/problems/nqueens"):
            page = client.get(path)
            assert page.status_code == 200, path
            policy = page.headers["content-security-policy"]
            assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
            assert page.headers["x-content-type-options"] == "nosniff"
            assert page.headers["referrer-policy"] == "same-origin"
            inline = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", page.text)
            assert inline == [], path
    with httpx.Client(base_url=url, headers=running.as_("teacher"), timeout=30) as client:
        assert client.get("/class/nqueens").status_code == 200  # a Bearer token, no cookie
        report = client.get("/class/nqueens/report")
        assert "img-src data:" in report.headers["content-security-policy"]
        jwks = client.get("/lti/jwks")
        assert f"frame-ancestors {platform.url}" in jwks.headers["content-security-policy"]


def test_cookies_are_secure_where_a_trusted_proxy_says_https(live) -> None:
    running, url = live
    form = {"token": running.tokens["ada"]}
    plain = httpx.post(f"{url}/login", data=form)
    assert "secure" not in plain.headers["set-cookie"].lower()  # http on this machine
    proxied = httpx.post(f"{url}/login", data=form, headers={"X-Forwarded-Proto": "https"})
    assert "secure" in proxied.headers["set-cookie"].lower()  # 127.0.0.1: a trusted proxy


def test_cookies_are_secure_behind_https(tmp_path) -> None:
    running = start(tmp_path, behind_https=True)
    try:
        with serving(running.service) as url:
            signed = httpx.post(f"{url}/login", data={"token": running.tokens["ada"]})
        assert "secure" in signed.headers["set-cookie"].lower()
    finally:
        running.service.close()


def test_jobe_refuses_control_characters_in_a_file_name(live) -> None:
    running, url = live
    for name in ("prog.py\n", "prog\x1b.py", "a\tb.py"):
        spec = {
            "run_spec": {"language_id": "python3", "sourcecode": "print(1)", "sourcefilename": name}
        }
        answer = httpx.post(
            f"{url}/jobe/index.php/restapi/runs",
            json=spec,
            headers={"X-API-KEY": running.tokens["teacher"]},
        )
        assert answer.status_code == 400 and "sourcefilename" in answer.json()


def test_verify_warns_of_hidden_names_that_spell_their_input(nqueens) -> None:
    from dataclasses import replace

    from grader.functions.verify import revealing_names

    said = revealing_names(nqueens)
    assert len(said) == 4 and all("names its input" in line for line in said)
    assert "hidden test n9 names its input (n = 9)" in " ".join(said)
    neutral = replace(
        nqueens,
        tests=tuple(
            replace(test, name=f"secret-{chr(97 + k)}") for k, test in enumerate(nqueens.tests)
        ),
    )
    assert revealing_names(neutral) == []
