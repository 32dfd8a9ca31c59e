"""Receipts: the slip's layout from a sale, printed through Qt (a system printer, PDF) or ESC/POS."""
