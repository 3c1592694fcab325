"""A launch's id_token checked as LTI 1.3 (IMS Security Framework 5.1.3) requires: signed
(RS256) by a key of the platform's JWKS, `iss` the platform, `aud` this tool's client id (and
`azp` it, where there are several), not expired, the nonce the login issued and never seen
before, a registered deployment, LTI 1.3.0, a message type this tool handles."""

from __future__ import annotations

import threading
from typing import Final

import jwt

from .store import LtiStore, Platform, State

CLAIM: Final = "https://purl.imsglobal.org/spec/lti/claim/"
AGS_ENDPOINT: Final = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
DEEP_LINKING: Final = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
RESOURCE_LINK, DEEP_LINK = "LtiResourceLinkRequest", "LtiDeepLinkingRequest"
LEEWAY_S: Final = 30  # clocks of platform and tool disagree a little


class LaunchRefused(Exception):
    """Why a launch is not accepted, as the page a person sees says it."""


class KeySets:
    """Each platform's JWKS, fetched on first use and again for a key id not seen yet."""

    def __init__(self) -> None:
        self._clients: dict[str, jwt.PyJWKClient] = {}
        self._lock = threading.Lock()

    def key_for(self, token: str, jwks_url: str) -> jwt.PyJWK:
        with self._lock:
            client = self._clients.get(jwks_url)
            if client is None:
                client = jwt.PyJWKClient(jwks_url, cache_keys=True, lifespan=600, timeout=10)
                self._clients[jwks_url] = client
        try:
            return client.get_signing_key_from_jwt(token)
        except jwt.PyJWKClientError as error:
            raise LaunchRefused(f"the platform's keys could not be read ({error})") from None
        except jwt.DecodeError:
            raise LaunchRefused("the launch's token is not a signed JWT") from None


def validate(token: str, state: State, store: LtiStore, keys: KeySets) -> dict[str, object]:
    """The launch's claims, or LaunchRefused saying what is wrong."""
    platform = store.platform(state.issuer, state.client_id)
    if platform is None:
        raise LaunchRefused("this platform is no longer registered with the grader")
    key = keys.key_for(token, platform.jwks_url)
    try:
        claims: dict[str, object] = jwt.decode(
            token,
            key,
            algorithms=["RS256"],
            audience=platform.client_id,
            issuer=platform.issuer,
            leeway=LEEWAY_S,
            options={"require": ["exp", "iat", "iss", "aud", "sub", "nonce"]},
        )
    except jwt.ExpiredSignatureError:
        raise LaunchRefused("the launch has expired: open the assignment again") from None
    except jwt.InvalidAudienceError:
        raise LaunchRefused("the launch was meant for another tool (its audience)") from None
    except jwt.InvalidIssuerError:
        raise LaunchRefused("the launch comes from another platform than it said") from None
    except jwt.InvalidSignatureError:
        raise LaunchRefused("the launch's signature does not match the platform's key") from None
    except jwt.InvalidTokenError as error:
        raise LaunchRefused(f"the launch's token is not valid ({error})") from None
    _check_claims(claims, platform, state, store)
    return claims


def _check_claims(
    claims: dict[str, object], platform: Platform, state: State, store: LtiStore
) -> None:
    audience = claims["aud"]
    if isinstance(audience, list) and len(audience) > 1 and claims.get("azp") != platform.client_id:
        raise LaunchRefused("the launch names several tools, and not this one as its party")
    nonce = str(claims["nonce"])
    if nonce != state.nonce:
        raise LaunchRefused("the launch does not answer this login (its nonce)")
    if not store.use_nonce(nonce):
        raise LaunchRefused("this launch was used before: a replayed launch is refused")
    deployment = claims.get(CLAIM + "deployment_id")
    if platform.deployments and deployment not in platform.deployments:
        raise LaunchRefused(f"deployment {deployment!r} is not registered with the grader")
    if claims.get(CLAIM + "version") != "1.3.0":
        raise LaunchRefused("only LTI 1.3.0 launches are accepted")
    if claims.get(CLAIM + "message_type") not in (RESOURCE_LINK, DEEP_LINK):
        raise LaunchRefused(f"message type {claims.get(CLAIM + 'message_type')!r} is unknown")
