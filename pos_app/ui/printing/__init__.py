"""Printing from the till, on the printing worker, and the slips' preview."""
