"""The store's first tables: credentials, secrets, invoices, the tills' journals.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "credentials",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("shop", sa.String(64), nullable=False, server_default=""),
        sa.Column("key_hash", sa.String(128), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "store_secrets",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "invoices",
        sa.Column("ref", sa.String(64), primary_key=True),
        sa.Column("till", sa.String(64), nullable=False, index=True),
        sa.Column("sender_invoice_no", sa.String(64), nullable=False, unique=True),
        sa.Column("invoice_id", sa.String(128), unique=True),
        sa.Column("till_callback_url", sa.Text, nullable=False, server_default=""),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "journal_events",
        sa.Column("terminal", sa.String(64), primary_key=True),
        sa.Column("event_id", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("number", sa.String(64), nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("detail_json", sa.Text, nullable=False),
    )
    op.create_index("journal_events_by_time", "journal_events", ["terminal", "at"])
    op.create_index("journal_events_by_sale", "journal_events", ["terminal", "number"])
    op.create_table(
        "journal_sales",
        sa.Column("terminal", sa.String(64), primary_key=True),
        sa.Column("number", sa.String(64), primary_key=True),
        sa.Column("shop", sa.String(64), nullable=False, server_default=""),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("last_event_id", sa.BigInteger, nullable=False),
        sa.Column("snapshot_json", sa.Text, nullable=False),
        sa.Column("attention", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("journal_sales_needing_attention", "journal_sales", ["terminal", "attention"])
