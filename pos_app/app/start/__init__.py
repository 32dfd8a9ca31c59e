"""The till's start in two halves, with no widgets: its own books, then the payment side; and what the start found."""
