"""The store's tests: `store_db_url` (SQLite and a real PostgreSQL) is in tests/conftest.py."""
