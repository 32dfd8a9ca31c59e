"""A sale at the till, from the first scan to the printed slip."""
