"""The sale's keys on the window: tender keys, counter keys and receipt keys."""
