"""The store's database migrations (Alembic): `env.py` runs them on the connection `pos_app.store.db.migrate` gives."""
