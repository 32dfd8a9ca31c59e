"""receipts layer (see docs/architecture.md)."""
