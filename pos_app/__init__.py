"""pos-app: a point-of-sale till for shop counters in Mongolia."""

__version__ = "0.1.0"
