"""The sales history (F4): the range's sales, one sale's details, and the actions on it."""
