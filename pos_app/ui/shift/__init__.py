"""The cashier's shift: opened with the float, its X figures, closed with the Z report."""
