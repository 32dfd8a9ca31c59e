"""Who is at the till: people and PINs, the PIN pad, a manager's say."""
