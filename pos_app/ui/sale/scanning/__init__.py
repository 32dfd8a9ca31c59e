"""The barcode scanner recognised whatever has focus, and where a scan goes."""
