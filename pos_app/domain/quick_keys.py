"""Which items get a quick key: the catalog's pinned ones (in its order), then the till's most sold."""

from __future__ import annotations

from collections.abc import Sequence

from .catalog import CatalogItem

MAX_KEYS = 12      # Shift+F1 to Shift+F12


def quick_key_items(pinned: Sequence[CatalogItem], most_sold: Sequence[CatalogItem]) -> list[CatalogItem]:
    """The pinned items first, then the most sold that are not pinned, at most `MAX_KEYS`."""
    chosen: list[CatalogItem] = []
    seen: set[str] = set()
    for item in (*pinned, *most_sold):
        if item.barcode not in seen and len(chosen) < MAX_KEYS:
            chosen.append(item)
            seen.add(item.barcode)
    return chosen
