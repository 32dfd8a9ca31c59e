"""The window: PySide6 widgets and dialogs, the one task runner, and the sale flow that drives them."""
