"""The sale's small dialogs: discounts, a free line, parked sales, an item's name and price."""
