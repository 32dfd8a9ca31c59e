"""domain layer (see docs/architecture.md)."""
