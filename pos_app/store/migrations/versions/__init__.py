"""One file a revision of the store's tables, oldest first (`down_revision` links them)."""
