"""qpay layer (see docs/architecture.md)."""
