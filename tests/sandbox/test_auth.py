"""Token endpoint, refresh rotation and bearer checks, over real HTTP."""

from __future__ import annotations

import base64

import jwt
import pytest

from .conftest import Api, assert_error


def test_token_pair_has_the_contract_fields(api: Api) -> None:
    pair = api.login()
    assert pair["token_type"] == "Bearer"
    assert pair["expires_in"] == 600 and pair["refresh_expires_in"] == 3600
    assert {"scope", "not-before-policy", "session_state"} <= pair.keys()


def test_access_token_is_rs256_and_refresh_token_hs256(api: Api) -> None:
    pair = api.login()
    assert jwt.get_unverified_header(pair["access_token"])["alg"] == "RS256"
    assert jwt.get_unverified_header(pair["refresh_token"])["alg"] == "HS256"
    access = jwt.decode(pair["access_token"], options={"verify_signature": False})
    refresh = jwt.decode(pair["refresh_token"], options={"verify_signature": False})
    assert access["exp"] - access["iat"] == 600
    assert refresh["exp"] - refresh["iat"] == 3600
    assert access["sub"] == "TEST_MERCHANT"


@pytest.mark.parametrize("header", [
    None, "", "Basic", "Basic ", "Bearer abc", "Basic !!!notbase64!!!",
    "Basic " + base64.b64encode(b"no-colon-here").decode(),
    "Basic " + base64.b64encode(b"\xff\xfe:\xff").decode(),
])
def test_missing_or_malformed_credentials_are_no_credendials(api: Api, header: str | None) -> None:
    headers = {} if header is None else {"Authorization": header}
    answer = api.http.post(f"{api.url}/v2/auth/token", headers=headers, timeout=10)
    assert_error(answer, 401, "NO_CREDENDIALS")


@pytest.mark.parametrize("username,password", [("TEST_MERCHANT", "wrong"), ("NOBODY", "123456"),
                                               ("TEST_MERCHANT", "")])
def test_wrong_credentials_are_authentication_failed(api: Api, username: str, password: str) -> None:
    answer = api.http.post(f"{api.url}/v2/auth/token", auth=(username, password), timeout=10)
    assert_error(answer, 401, "AUTHENTICATION_FAILED")


def test_refresh_rotates_and_the_old_refresh_token_fails(api: Api) -> None:
    first = api.login()
    answer = api.call("POST", "/v2/auth/refresh", token=first["refresh_token"])
    assert answer.status_code == 200, answer.text
    second = answer.json()
    # The refresh answer carries the first five fields only.
    assert set(second) == {"token_type", "access_token", "expires_in", "refresh_token", "refresh_expires_in"}
    assert second["refresh_token"] != first["refresh_token"]
    assert_error(api.call("POST", "/v2/auth/refresh", token=first["refresh_token"]), 401,
                 "AUTHENTICATION_FAILED")
    assert api.call("POST", "/v2/auth/refresh", token=second["refresh_token"]).status_code == 200
    # The new access token works.
    assert api.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": "x"},
                    token=second["access_token"]).status_code == 200


def test_refresh_token_is_refused_where_an_access_token_is_expected(api: Api) -> None:
    pair = api.login()
    answer = api.call("POST", "/v2/payment/check", {"object_type": "INVOICE", "object_id": "x"},
                      token=pair["refresh_token"])
    assert_error(answer, 401, "AUTHENTICATION_FAILED")


def test_access_token_is_refused_by_the_refresh_endpoint(api: Api) -> None:
    pair = api.login()
    assert_error(api.call("POST", "/v2/auth/refresh", token=pair["access_token"]), 401,
                 "AUTHENTICATION_FAILED")


@pytest.mark.parametrize("header", [None, "Bearer", "Bearer ", "Bearer not.a.jwt", "Basic abc"])
def test_every_authenticated_endpoint_checks_the_bearer_token(api: Api, header: str | None) -> None:
    headers = {} if header is None else {"Authorization": header}
    for method, path in [("POST", "/v2/invoice"), ("GET", "/v2/invoice/x"), ("DELETE", "/v2/invoice/x"),
                         ("POST", "/v2/invoice/list"), ("POST", "/v2/invoice/check"),
                         ("GET", "/v2/payment/x"), ("POST", "/v2/payment/check"),
                         ("POST", "/v2/payment/list"), ("POST", "/v2/payment/cancel/x"),
                         ("POST", "/v2/payment/refund/x"), ("POST", "/v2/ebarimt_v3/create"),
                         ("DELETE", "/v2/ebarimt_v3/x"), ("POST", "/v2/auth/refresh")]:
        answer = api.http.request(method, f"{api.url}{path}", headers=headers, json={}, timeout=10)
        assert_error(answer, 401, "AUTHENTICATION_FAILED")


def test_a_token_signed_by_someone_else_is_refused(api: Api) -> None:
    pair = api.login()
    claims = jwt.decode(pair["access_token"], options={"verify_signature": False})
    forged = jwt.encode(claims, "not-the-sandbox-key-but-32-bytes-long", algorithm="HS256")
    assert_error(api.call("GET", "/v2/invoice/x", token=forged), 401, "AUTHENTICATION_FAILED")


def test_access_token_expires_on_the_sandbox_clock_and_refresh_still_works(api: Api) -> None:
    pair = api.login()
    assert api.control("POST", "/clock", {"advance_seconds": 601}).status_code == 200
    assert_error(api.call("GET", "/v2/invoice/x"), 401, "AUTHENTICATION_FAILED")
    refreshed = api.call("POST", "/v2/auth/refresh", token=pair["refresh_token"])
    assert refreshed.status_code == 200
    api.token = refreshed.json()["access_token"]
    assert_error(api.call("GET", "/v2/invoice/x"), 404, "INVOICE_NOTFOUND")


def test_refresh_token_expires_after_an_hour(api: Api) -> None:
    pair = api.login()
    api.control("POST", "/clock", {"advance_seconds": 3601})
    assert_error(api.call("POST", "/v2/auth/refresh", token=pair["refresh_token"]), 401,
                 "AUTHENTICATION_FAILED")


def test_single_session_option_ends_the_first_terminals_tokens() -> None:
    from pos_app.sandbox import SandboxOptions, SandboxServer

    with SandboxServer(options=SandboxOptions(single_session=True)) as server:
        first, second = Api(server.url), Api(server.url)
        first_pair = first.login()
        second.login()
        assert_error(first.call("GET", "/v2/invoice/x"), 401, "AUTHENTICATION_FAILED")
        assert_error(first.call("POST", "/v2/auth/refresh", token=first_pair["refresh_token"]), 401,
                     "AUTHENTICATION_FAILED")
        assert_error(second.call("GET", "/v2/invoice/x"), 404, "INVOICE_NOTFOUND")


def test_by_default_two_terminals_keep_their_own_sessions(api: Api, sandbox_server) -> None:
    other = Api(sandbox_server.url)
    api.login()
    other.login()
    assert_error(api.call("GET", "/v2/invoice/x"), 404, "INVOICE_NOTFOUND")
