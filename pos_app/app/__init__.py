"""The till's composition root: builds the clients, the journal, the window and its dialogs, and connects them."""
