"""The first page: the entry field, the cart and its totals, the quick keys, and the unpaid cart kept."""
