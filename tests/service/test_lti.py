"""LTI 1.3 against a fake platform on 127.0.0.1: the OIDC login, a launch validated and
refused as the security framework says, the student signed in on the problem, a deep link
back to the platform, and the score passed back with Assignment and Grade Services, through
a platform that fails and a restart of the service."""

from __future__ import annotations

import datetime
import time
from urllib.parse import parse_qs, urlsplit

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from grader.integrations.lti.store import LtiStore, Platform
from grader.service.access import COOKIE
from grader.service.lti_routes import STATE_COOKIE

from .conftest import ACCEPTED, WRONG, start
from .lti_platform import CLAIM, INSTRUCTOR_ROLE, FakePlatform
from .processes import until

SCORE_KEYS = {
    "userId",
    "scoreGiven",
    "scoreMaximum",
    "activityProgress",
    "gradingProgress",
    "timestamp",
    "comment",
}


def _started(tmp_path, failures: int = 0, retry_s: float = 0.2):
    running = start(tmp_path, sweep_s=0.05, lti_retry_s=retry_s)
    platform = FakePlatform(running.client.get("/lti/jwks").json(), failures)
    platform.register(running.service.database)
    return running, platform


@pytest.fixture
def lti(tmp_path):
    running, platform = _started(tmp_path)
    yield running, platform
    running.service.close()
    platform.close()


def _login(running, platform) -> dict[str, str]:
    """The platform starts the launch; the tool sends the browser to its authorization URL."""
    answer = running.client.post(
        "/lti/login",
        data={
            "iss": platform.issuer,
            "login_hint": "42",
            "client_id": platform.client_id,
            "target_link_uri": "https://testserver/lti/launch",
            "lti_message_hint": "m1",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 302, answer.text
    location = urlsplit(answer.headers["location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == f"{platform.url}/auth"
    query = {key: values[0] for key, values in parse_qs(location.query).items()}
    assert query["redirect_uri"] == "https://testserver/lti/launch"
    assert (query["response_mode"], query["prompt"], query["scope"]) == (
        "form_post",
        "none",
        "openid",
    )
    assert query["lti_message_hint"] == "m1" and query["client_id"] == platform.client_id
    return query


def _launch(running, token: str, state: str):
    return running.client.post("/lti/launch", data={"id_token": token, "state": state})


def _launched_and_graded(running, platform, source: str):
    """A student launched from the platform hands in `source` and waits for the result."""
    query = _login(running, platform)
    page = _launch(running, platform.id_token(platform.claims(query["nonce"])), query["state"])
    assert page.status_code == 200 and "/problems/nqueens" in page.text
    return running.client.post(
        "/v1/submissions?wait=10",
        json={"problem": "nqueens", "language": "python", "source": source},
        headers={"Authorization": f"Bearer {page.cookies[COOKIE]}"},
    )


def test_a_valid_launch_signs_the_student_in_and_their_score_arrives(lti) -> None:
    running, platform = lti
    graded = _launched_and_graded(running, platform, ACCEPTED)
    assert graded.status_code == 200
    assert graded.json()["student"].startswith("lti:127.0.0.1/student-42#")
    until(lambda: platform.scores, 30, "no score reached the platform")
    kind, body = platform.scores[0]
    assert kind == "application/vnd.ims.lis.v1.score+json"
    assert set(body) == SCORE_KEYS
    assert (body["userId"], body["scoreGiven"], body["scoreMaximum"]) == ("student-42", 10, 10)
    assert (body["activityProgress"], body["gradingProgress"]) == ("Completed", "FullyGraded")
    stamp = datetime.datetime.fromisoformat(str(body["timestamp"]))
    assert stamp.tzinfo is not None
    assert "AC accepted, score 10/10" in str(body["comment"])


def test_a_replayed_launch_is_refused_with_a_clear_page(lti) -> None:
    running, platform = lti
    query = _login(running, platform)
    token = platform.id_token(platform.claims(query["nonce"]))
    assert _launch(running, token, query["state"]).status_code == 200
    again = _launch(running, token, query["state"])  # the launch took its state's cookie
    assert again.status_code == 403 and "not begun in this browser" in again.text
    # and with the cookie put back, the state itself is good once
    running.client.cookies.set(STATE_COOKIE + query["state"], "1", path="/lti/")
    again = _launch(running, token, query["state"])
    assert again.status_code == 400 and "already used" in again.text
    fresh = _login(running, platform)  # a new login cannot take the old token either
    replayed = _launch(running, token, fresh["state"])
    assert replayed.status_code == 401 and "does not answer this login" in replayed.text


def test_the_same_nonce_is_never_accepted_twice(lti) -> None:
    running, _ = lti
    store = LtiStore(running.service.database)
    assert store.use_nonce("n-1") and not store.use_nonce("n-1")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"aud": "another-tool"}, "meant for another tool"),
        ({"exp": int(time.time()) - 3600, "iat": int(time.time()) - 7200}, "expired"),
        ({"iss": "https://elsewhere.example"}, "another platform"),
        ({CLAIM + "deployment_id": "unknown"}, "is not registered"),
        ({CLAIM + "version": "1.1"}, "1.3.0"),
    ],
)
def test_a_launch_that_fails_a_check_is_refused(lti, change, said) -> None:
    running, platform = lti
    query = _login(running, platform)
    refused = _launch(
        running, platform.id_token(platform.claims(query["nonce"]) | change), query["state"]
    )
    assert refused.status_code == 401 and said in refused.text
    assert "This launch was refused" in refused.text and "Traceback" not in refused.text
    assert COOKIE not in refused.cookies


def test_a_bad_signature_is_refused(lti) -> None:
    running, platform = lti
    query = _login(running, platform)
    forger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    forged = platform.id_token(platform.claims(query["nonce"]), key=forger)
    refused = _launch(running, forged, query["state"])
    assert refused.status_code == 401 and "signature does not match" in refused.text


def test_a_token_that_is_not_a_jwt_is_refused(lti) -> None:
    running, platform = lti
    query = _login(running, platform)
    refused = _launch(running, "not-a-token", query["state"])
    assert refused.status_code == 401 and "not a signed JWT" in refused.text


def test_an_unknown_platform_is_refused(lti) -> None:
    running, _ = lti
    answer = running.client.post(
        "/lti/login", data={"iss": "https://lms.example", "login_hint": "1"}
    )
    assert answer.status_code == 403 and "not registered" in answer.text


def test_a_deep_link_sends_the_chosen_problem_back_signed(lti) -> None:
    running, platform = lti
    query = _login(running, platform)
    settings = {
        "deep_link_return_url": f"{platform.url}/deep-link-return",
        "data": "opaque-7",
        "accept_types": ["ltiResourceLink"],
    }
    claims = platform.claims(query["nonce"]) | {
        CLAIM + "message_type": "LtiDeepLinkingRequest",
        "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": settings,
        CLAIM + "roles": [INSTRUCTOR_ROLE],
    }
    chooser = _launch(running, platform.id_token(claims), query["state"])
    assert chooser.status_code == 200 and "nqueens-count" in chooser.text
    request_id = chooser.text.split('name="request" value="')[1].split('"')[0]
    back = running.client.post("/lti/deep-link", data={"request": request_id, "problem": "nqueens"})
    assert f'action="{platform.url}/deep-link-return"' in back.text
    signed = back.text.split('name="JWT" value="')[1].split('"')[0]
    keys = jwt.PyJWKSet.from_dict(running.client.get("/lti/jwks").json())
    kid = jwt.get_unverified_header(signed)["kid"]
    message = jwt.decode(signed, keys[kid].key, algorithms=["RS256"], audience=platform.issuer)
    assert message["iss"] == platform.client_id
    assert message[CLAIM + "message_type"] == "LtiDeepLinkingResponse"
    [item] = message["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"]
    assert item["custom"] == {"problem": "nqueens"} and item["lineItem"]["scoreMaximum"] == 10
    assert message["https://purl.imsglobal.org/spec/lti-dl/claim/data"] == "opaque-7"
    reused = running.client.post(
        "/lti/deep-link", data={"request": request_id, "problem": "nqueens"}
    )
    assert reused.status_code == 400


def test_a_platform_that_fails_twice_still_gets_the_score_across_a_restart(tmp_path) -> None:
    # The first service retries only after a second: it is closed long before that.
    running, platform = _started(tmp_path, failures=2, retry_s=1.0)
    try:
        assert _launched_and_graded(running, platform, WRONG).status_code == 200
        store = LtiStore(running.service.database)
        until(lambda: store.outbox() and store.outbox()[0][1] >= 1, 30, "no first attempt")
    finally:
        running.service.close()  # the score is still owed: it is in the database
    assert not platform.scores
    restarted = start(tmp_path, sweep_s=0.05, lti_retry_s=0.2)
    try:
        until(lambda: platform.scores, 30, "the score never arrived after the restart")
        outbox = LtiStore(restarted.service.database)
        # The platform answers before the sender marks the row sent: wait for the mark.
        until(lambda: outbox.outbox()[0][2], 30, "the sent score was never marked sent")
        [(_, attempts, sent, _)] = outbox.outbox()
        assert sent and attempts == 2 and platform.refused == [500, 500]
        assert platform.scores[0][1]["scoreGiven"] == 1
        assert len(platform.scores) == 1  # sent once, never again
    finally:
        restarted.service.close()
        platform.close()


def test_a_login_nobody_completed_expires_and_is_pruned(tmp_path) -> None:
    from grader.integrations.lti import store as lti_store
    from grader.storage.database import Database

    database = Database(tmp_path / "lti.db")
    try:
        store = LtiStore(database)
        platform = Platform("https://lms.example", "tool", "a", "t", "j", ())
        old, _ = store.new_state(platform)
        database.execute(
            "UPDATE lti_states SET created_at = ? WHERE state = ?",
            (time.time() - lti_store.STATE_TTL_S - 1, old),
        )
        fresh, _ = store.new_state(platform)  # prunes on the way
        assert database.row("SELECT 1 FROM lti_states WHERE state = ?", (old,)) is None
        assert store.take_state(old) is None and store.take_state(fresh) is not None
    finally:
        database.close()


def test_signing_out_revokes_the_launch_token_on_the_server(lti) -> None:
    """A copy of the launch's cookie (a shared computer, a proxy's log) signs nobody in once
    the student signed out (issue 42, point 7)."""
    running, platform = lti
    query = _login(running, platform)
    page = _launch(running, platform.id_token(platform.claims(query["nonce"])), query["state"])
    token = page.cookies[COOKIE]
    copied = {"Authorization": f"Bearer {token}"}
    assert running.client.get("/v1/submissions", headers=copied).status_code == 200
    running.client.cookies.set(COOKIE, token)
    signed_out = running.client.post("/logout", follow_redirects=False)
    assert signed_out.status_code == 303
    assert running.client.get("/v1/submissions", headers=copied).status_code == 401
    running.client.cookies.set(COOKIE, token)  # the copied cookie, put back
    assert 'name="token"' in running.client.get("/").text  # the page asks for a token again


def test_signing_out_keeps_a_pasted_token(running) -> None:
    """A token the user pasted on the sign-in page is theirs elsewhere too: signing out of
    the page drops the cookie, not the token."""
    token = running.tokens["ada"]
    running.client.cookies.set(COOKIE, token)
    assert running.client.post("/logout", follow_redirects=False).status_code == 303
    headers = running.as_("ada")
    assert running.client.get("/v1/submissions", headers=headers).status_code == 200
