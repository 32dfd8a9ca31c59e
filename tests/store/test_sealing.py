"""The secrets the store keeps in its database (the QPay session's tokens, the tills' token key) are sealed with
the QPay password: the database file alone holds none of them in the clear; values an older store kept in the
clear still work and are sealed; a copy with another password renews instead of failing."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import insert, select, update

from pos_app.qpay import QPayClient
from pos_app.qpay.errors import AuthenticationError
from pos_app.store.db import open_database, qpay_sessions, store_secrets
from pos_app.store.sealing import SEALED_PREFIX, Sealer
from pos_app.store.session import SharedSession, account_key
from pos_app.store.server import StoreServer
from pos_app.store.tokens import KeySealedElsewhere, signing_key

from .helpers import PASSWORD, USERNAME, running_shop, simple_invoice

KEY_ROW = "till_token_key"


@pytest.fixture(scope="module")
def sealer() -> Sealer:
    return Sealer(PASSWORD, USERNAME)


def test_a_sealed_value_opens_with_the_same_password_only(sealer: Sealer) -> None:
    sealed = sealer.seal("eyJ.a-token.value")
    assert sealed.startswith(SEALED_PREFIX) and "a-token" not in sealed
    assert sealer.seal("eyJ.a-token.value") != sealed            # never the same text twice
    assert sealer.open(sealed) == "eyJ.a-token.value"
    assert Sealer(PASSWORD, USERNAME).open(sealed) == "eyJ.a-token.value"     # another copy, the same password
    assert Sealer("another password", USERNAME).open(sealed) is None
    assert Sealer(PASSWORD, "ANOTHER_MERCHANT").open(sealed) is None
    assert sealer.open(SEALED_PREFIX + "damaged") is None
    assert sealer.open("kept-in-the-clear") == "kept-in-the-clear"  # by an older store
    assert sealer.seal("") == "" and sealer.open("") == ""
    assert PASSWORD not in repr(sealer)


def test_the_database_file_holds_no_token_and_no_key_in_the_clear(tmp_path: Path, sealer: Sealer) -> None:
    db_url = f"sqlite:///{tmp_path}/store.sqlite3"
    with running_shop(db_url, ("T1",)) as shop:
        till = shop.client("T1")
        created = till.create_invoice(simple_invoice("T1-20261128-000001"))
        shop.pay(created.invoice_id)
        assert till.check_payment(created.invoice_id).paid_amount == 1000
        session = shop.store.context.upstream.session.row()
        secrets = [session.access_token.reveal(), session.refresh_token.reveal(),
                   signing_key(shop.store.engine, sealer), till.authenticate().access_token]
        with shop.store.engine.connect() as db:
            kept = db.execute(select(qpay_sessions.c.access_token, qpay_sessions.c.refresh_token)).one()
            key_kept = db.execute(select(store_secrets.c.value).where(store_secrets.c.name == KEY_ROW)).scalar_one()
    assert all(secrets) and all(value.startswith(SEALED_PREFIX) for value in (*kept, key_kept))
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("store.sqlite3*"))
    for secret in secrets:
        assert secret.encode() not in stored
    till.close()


def test_secrets_an_older_store_kept_in_the_clear_still_work_and_are_sealed(tmp_path: Path, sealer: Sealer) -> None:
    db_url = f"sqlite:///{tmp_path}/store.sqlite3"
    engine = open_database(db_url)
    with engine.begin() as db:
        db.execute(insert(store_secrets).values(name=KEY_ROW, value="an-older-stores-key-in-the-clear"))
    assert signing_key(engine, sealer) == "an-older-stores-key-in-the-clear"
    with engine.connect() as db:
        kept = db.execute(select(store_secrets.c.value).where(store_secrets.c.name == KEY_ROW)).scalar_one()
    assert kept.startswith(SEALED_PREFIX) and sealer.open(kept) == "an-older-stores-key-in-the-clear"
    assert signing_key(engine, sealer) == "an-older-stores-key-in-the-clear"
    engine.dispose()
    with running_shop(db_url, ("T1",)) as shop:
        # The session's tokens as an older store wrote them: taken as they are, no login of the store's own.
        with QPayClient(shop.sandbox.url, USERNAME, PASSWORD) as merchant:
            pair = merchant.authenticate()
        account = account_key(USERNAME, shop.sandbox.url)
        with shop.store.engine.begin() as db:
            db.execute(update(qpay_sessions).where(qpay_sessions.c.account == account).values(
                access_token=pair.access_token, access_expires_at=4102444800.0, refresh_token="",
                refresh_expires_at=0.0, version=qpay_sessions.c.version + 1, updated_at="2026-11-28T00:00:00+00:00"))
        upstream = shop.store.context.upstream
        logins = upstream.logins
        with shop.client("T1") as till:
            created = till.create_invoice(simple_invoice("T1-20261128-000001"))
            assert till.get_invoice(created.invoice_id).invoice_id == created.invoice_id
        assert upstream.logins == logins
        assert upstream.session.row().access_token.reveal() == pair.access_token


def test_a_store_with_another_password_renews_what_it_cannot_open(tmp_path: Path, sealer: Sealer) -> None:
    db_url = f"sqlite:///{tmp_path}/store.sqlite3"
    with running_shop(db_url, ("T1",)) as shop:
        with shop.client("T1") as till:
            till.create_invoice(simple_invoice("T1-20261128-000001"))
        account = account_key(USERNAME, shop.sandbox.url)
        old_key = signing_key(shop.store.engine, sealer)
        assert shop.store.context.upstream.session.row().access_token.reveal()
        # The QPay password changed: a copy that has the new one finds neither the session nor the key usable.
        other = Sealer("the new password", USERNAME)
        session = SharedSession(shop.store.engine, account, sealer=other)
        assert session.row().access_token.reveal() == "" and session.problem() is None
        # A copy given a wrong password never replaces the key the others use: it does not start.
        with pytest.raises(KeySealedElsewhere) as refused:
            signing_key(shop.store.engine, other)
        assert "another QPay password" in str(refused.value)
        with pytest.raises(KeySealedElsewhere):
            signing_key(shop.store.engine, other, prove=_refused_by_qpay)
        assert signing_key(shop.store.engine, sealer) == old_key
        # One whose password QPay took (the new one) replaces it.
        proven: list[bool] = []
        new_key = signing_key(shop.store.engine, other, prove=lambda: proven.append(True))
        assert proven == [True] and new_key != old_key
        assert signing_key(shop.store.engine, other) == new_key


def test_a_store_started_with_a_wrong_password_says_so_and_changes_nothing(tmp_path: Path, sealer: Sealer) -> None:
    db_url = f"sqlite:///{tmp_path}/store.sqlite3"
    with running_shop(db_url, ("T1",)) as shop:
        key = signing_key(shop.store.engine, sealer)
        with pytest.raises(KeySealedElsewhere) as refused:
            StoreServer(db_url, shop.sandbox.url, USERNAME, "not the password")
        assert "not the password" not in str(refused.value)
        assert signing_key(shop.store.engine, sealer) == key


def _refused_by_qpay() -> None:
    raise AuthenticationError(401, "AUTHENTICATION_FAILED", "wrong password")
