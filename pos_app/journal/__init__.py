"""journal layer (see docs/architecture.md)."""
