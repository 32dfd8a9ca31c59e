"""The day close (F6): one day of this till or the whole shop, its CSV and its Z report."""
