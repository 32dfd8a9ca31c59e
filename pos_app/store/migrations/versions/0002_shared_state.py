"""What keeps money right across store copies lives in the database, not in one process: the QPay session
(one per merchant account, renewed by one copy at a time) with its 429 backoff, the create lease on each claim
row, and the refresh tokens already used.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "qpay_sessions",
        sa.Column("account", sa.String(300), primary_key=True),      # "username@QPay's address"
        sa.Column("access_token", sa.Text, nullable=False, server_default=""),
        sa.Column("access_expires_at", sa.Float, nullable=False, server_default="0"),    # wall clock, epoch s
        sa.Column("refresh_token", sa.Text, nullable=False, server_default=""),
        sa.Column("refresh_expires_at", sa.Float, nullable=False, server_default="0"),
        sa.Column("version", sa.BigInteger, nullable=False, server_default="0"),      # + 1 on each renewal
        sa.Column("not_before", sa.Float, nullable=False, server_default="0"),        # QPay's 429: wait until
        sa.Column("logins", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("refreshes", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.String(40), nullable=False, server_default=""),
    )
    with op.batch_alter_table("invoices") as batch:
        # The create lease: the copy sending this number to QPay now, and until when (a copy killed mid-create
        # leaves a lease that runs out; the next asks QPay by sender_invoice_no, never sends it again).
        batch.add_column(sa.Column("sending_by", sa.String(64), nullable=True))
        batch.add_column(sa.Column("sending_until", sa.Float, nullable=True))
    op.create_table(
        "used_refresh_tokens",
        sa.Column("jti", sa.String(64), primary_key=True),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("used_refresh_tokens_by_expiry", "used_refresh_tokens", ["expires_at"])


def downgrade() -> None:
    op.drop_index("used_refresh_tokens_by_expiry", "used_refresh_tokens")
    op.drop_table("used_refresh_tokens")
    with op.batch_alter_table("invoices") as batch:
        batch.drop_column("sending_until")
        batch.drop_column("sending_by")
    op.drop_table("qpay_sessions")
