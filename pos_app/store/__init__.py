"""The store server (`pos-store`): one service beside a shop's tills, or a chain's.

It speaks QPay's `/v2` API to the tills with one QPay session for all of them (`gateway`), pushes payment
callbacks to the till that owns the invoice (`push`), keeps the tills' journals and serves the day close
across tills and shops (`journal_feed`, `reports`), and serves one catalog (`catalog`). Its database is
SQLAlchemy Core on SQLite (one shop, no set-up) or PostgreSQL (chains), migrated by Alembic (`db`).
docs/store.md says how a shop sets it up.
"""
