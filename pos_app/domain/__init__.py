"""The till's own terms in plain Python: cart, money, taxes, tenders, sale states, people, validators."""
