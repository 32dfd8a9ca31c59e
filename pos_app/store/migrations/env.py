"""Alembic runs the store's migrations on the connection `pos_app.store.db.migrate` hands it."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
