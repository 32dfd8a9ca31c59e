"""The Settings dialog and the catalog import."""
