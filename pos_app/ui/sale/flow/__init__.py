"""The sale's conductor and its steps: the cashier's intents turned into background calls (no widgets)."""
