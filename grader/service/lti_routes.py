"""The LTI 1.3 tool's routes: `/lti/login` (OIDC login initiation), `/lti/launch` (the
id_token validated, the student signed in, the problem opened, the line item remembered for
score passback), `/lti/deep-link` (an instructor picks the problem a link opens), and
`/lti/jwks` (the tool's public key, for the platform). A refused launch is a page that says
why, never a trace."""

from __future__ import annotations

import secrets
import time
from typing import Annotated, Final
from urllib.parse import urlencode, urlsplit

import jwt
from fastapi import APIRouter, Form, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from ..integrations.lti.claims import (
    problem_of,
    return_url_allowed,
    score_link,
    shown_of,
    teaches,
)
from ..integrations.lti.launch import CLAIM, DEEP_LINK, DEEP_LINKING, LaunchRefused, validate
from ..integrations.lti.people import Person
from ..integrations.lti.store import STATE_TTL_S, origin_of
from ..problem import Problem
from .access import COOKIE, secure_cookies, service_of
from .auth import launched_token
from .guard import CSP
from .page import templates

router = APIRouter(prefix="/lti", include_in_schema=False)
STATE_COOKIE: Final = "grader_lti_state_"
LAUNCH_TOKEN_S: Final = 12 * 3600  # a launch's sign-in: a working day's session at most


def _refused(request: Request, why: str, status: int = 400) -> Response:
    return templates.TemplateResponse(
        request,
        "lti.html",
        {"who": None, "heading": "This launch was refused", "refused": why},
        status_code=status,
    )


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


@router.api_route("/login", methods=["GET", "POST"])
async def login(request: Request) -> Response:
    """Step one of the launch: the platform names itself and the user; the tool answers with
    a redirect to the platform's authorization endpoint carrying a fresh state and nonce."""
    fields = dict(request.query_params)
    if request.method == "POST":
        fields |= {k: str(v) for k, v in (await request.form()).items()}
    service = service_of(request)
    issuer, hint = fields.get("iss", ""), fields.get("login_hint", "")
    if not issuer or not hint:
        return _refused(request, "the platform's login is missing iss or login_hint")
    candidates = service.lti.platforms(issuer)
    wanted = fields.get("client_id")
    matching = [p for p in candidates if wanted in (None, p.client_id)]
    if not matching:
        return _refused(request, f"the platform {issuer} is not registered with the grader", 403)
    platform = matching[0]
    state, login_state = service.lti.new_state(platform)
    query = {
        "scope": "openid",
        "response_type": "id_token",
        "response_mode": "form_post",
        "prompt": "none",
        "client_id": platform.client_id,
        "redirect_uri": f"{_base(request)}/lti/launch",
        "login_hint": hint,
        "state": state,
        "nonce": login_state.nonce,
    }
    if "lti_message_hint" in fields:
        query["lti_message_hint"] = fields["lti_message_hint"]
    separator = "&" if urlsplit(platform.auth_url).query else "?"
    response = RedirectResponse(platform.auth_url + separator + urlencode(query), status_code=302)
    # The state is bound to this browser (IMS Security Framework 5.1.1.2): a launch is taken
    # only from the browser that began its login, so another site cannot post someone else's
    # (id_token, state) into a victim's browser and sign it in as them. The platform's page
    # posts the launch cross-site, so the cookie must be SameSite=None, hence Secure.
    response.set_cookie(
        STATE_COOKIE + state,
        "1",
        max_age=int(STATE_TTL_S),
        path="/lti/",
        httponly=True,
        secure=True,
        samesite="none",
    )
    return response


@router.post("/launch")
def launch(
    request: Request,
    id_token: Annotated[str, Form()] = "",
    state: Annotated[str, Form()] = "",
) -> Response:
    service = service_of(request)
    if not id_token or not state:
        return _refused(request, "the platform sent no id_token or state")
    if request.cookies.get(STATE_COOKIE + state) != "1":
        return _refused(
            request,
            "this launch was not begun in this browser (its login's cookie is missing): "
            "open the assignment again from the course",
            403,
        )
    login_state = service.lti.take_state(state)
    if login_state is None:
        return _refused(request, "this launch's login is unknown, expired or already used")
    try:
        claims = validate(id_token, login_state, service.lti, service.lti_keys)
    except LaunchRefused as refused:
        return _refused(request, str(refused), 401)
    if claims.get(CLAIM + "message_type") == DEEP_LINK:
        return _choose(request, claims, login_state.issuer, login_state.client_id)
    problem_id = problem_of(claims)
    offered = service.catalog.get(problem_id)
    if offered is None:
        return _refused(request, f"this link opens problem {problem_id!r}, which is not offered")
    person = Person(
        login_state.issuer,
        login_state.client_id,
        str(claims.get(CLAIM + "deployment_id") or ""),
        str(claims["sub"]),
        shown_of(claims),
    )
    student = service.lti_people.identity(person)
    link = score_link(claims, login_state.issuer, login_state.client_id)
    if link is not None:
        service.lti.link(student, problem_id, link)
    # A launch's sign-in lasts a working session; the course opens the tool again for the next.
    token = launched_token(service.store, student, LAUNCH_TOKEN_S)
    return _opening(request, offered.problem, person.shown, token, state)


def _opening(request: Request, problem: Problem, shown: str, token: str, state: str) -> Response:
    """The page that signs the student in (the launch's token as its cookie) and opens
    `problem`."""
    response = templates.TemplateResponse(
        request,
        "lti.html",
        {
            "who": None,
            "heading": problem.title,
            "opening": f"/problems/{problem.id}",
            "student": shown,
            "title": problem.title,
        },
    )
    # Set on this page, which then opens the problem itself: a navigation a cross-site POST
    # started would not carry a SameSite=Strict cookie.
    response.set_cookie(
        COOKIE,
        token,
        max_age=LAUNCH_TOKEN_S,
        httponly=True,
        samesite="strict",
        secure=secure_cookies(request),
    )
    response.delete_cookie(STATE_COOKIE + state, path="/lti/", secure=True, samesite="none")
    return response


def _choose(request: Request, claims: dict[str, object], issuer: str, client_id: str) -> Response:
    service = service_of(request)
    if not teaches(claims):
        return _refused(
            request, "only an instructor of the course may choose what a link opens", 403
        )
    settings = claims.get(DEEP_LINKING)
    if not isinstance(settings, dict) or not settings.get("deep_link_return_url"):
        return _refused(request, "the deep linking request has no return URL")
    if not return_url_allowed(str(settings["deep_link_return_url"])):
        return _refused(request, "the deep linking return URL must be an https:// address")
    platform = service.lti.platform(issuer, client_id)
    assert platform is not None  # validate() found it a moment ago
    request_id, _ = service.lti.new_state(
        platform,
        {
            "return_url": settings["deep_link_return_url"],
            "data": settings.get("data"),
            "deployment_id": claims.get(CLAIM + "deployment_id"),
        },
    )
    problems = [
        {"id": o.problem.id, "title": o.problem.title, "max_score": o.problem.max_score}
        for o in service.catalog.all()
    ]
    return templates.TemplateResponse(
        request,
        "lti.html",
        {
            "who": None,
            "heading": "Link an exercise",
            "problems": problems,
            "request_id": request_id,
        },
    )


@router.post("/deep-link")
def deep_link(
    request: Request,
    request_id: Annotated[str, Form(alias="request")],
    problem: Annotated[str, Form()],
) -> Response:
    """The instructor's choice, signed by the tool and posted back to the platform."""
    service = service_of(request)
    chosen = service.lti.take_state(request_id)
    offered = service.catalog.get(problem)
    if chosen is None or offered is None:
        return _refused(request, "this choice is unknown, expired or already sent")
    now = int(time.time())
    kid, private_pem = service.lti.signing_key()
    item = {
        "type": "ltiResourceLink",
        "title": offered.problem.title,
        "url": f"{_base(request)}/lti/launch",
        "custom": {"problem": offered.problem.id},
        "lineItem": {"scoreMaximum": offered.problem.max_score, "label": offered.problem.title},
    }
    message: dict[str, object] = {
        "iss": chosen.client_id,
        "aud": chosen.issuer,
        "iat": now,
        "exp": now + 300,
        "nonce": secrets.token_urlsafe(16),
        CLAIM + "message_type": "LtiDeepLinkingResponse",
        CLAIM + "version": "1.3.0",
        CLAIM + "deployment_id": chosen.data.get("deployment_id"),
        "https://purl.imsglobal.org/spec/lti-dl/claim/content_items": [item],
    }
    if chosen.data.get("data") is not None:
        message["https://purl.imsglobal.org/spec/lti-dl/claim/data"] = chosen.data["data"]
    signed = jwt.encode(message, private_pem, algorithm="RS256", headers={"kid": kid})
    return_url = str(chosen.data["return_url"])
    answer = templates.TemplateResponse(
        request,
        "lti.html",
        {
            "who": None,
            "heading": f"Linked: {offered.problem.title}",
            "return_url": return_url,
            "jwt": signed,
        },
    )
    # Its one form goes to the platform: the only place but this service it may post to.
    answer.headers["Content-Security-Policy"] = CSP.format(ancestors="'none'").replace(
        "form-action 'self'", f"form-action 'self' {origin_of(return_url)}"
    )
    return answer


@router.get("/jwks")
def jwks(request: Request) -> Response:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey

    kid, private_pem = service_of(request).lti.signing_key()
    private = serialization.load_pem_private_key(private_pem.encode(), None)
    assert isinstance(private, RSAPrivateKey)  # the store only makes RSA keys
    key = jwt.algorithms.RSAAlgorithm.to_jwk(private.public_key(), as_dict=True)
    return JSONResponse({"keys": [key | {"kid": kid, "alg": "RS256", "use": "sig"}]})
