"""The sale's later pages: tenders, the payment QR with its banks, the receipt, and the customer's screen."""
