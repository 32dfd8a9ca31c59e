"""The till's main window: its header, page stack, menus, status line and questions; it hosts the parts the root
hands it."""
