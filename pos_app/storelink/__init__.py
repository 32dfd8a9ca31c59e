"""The till's side of the store server (`pos_app.store`): payment hints pushed by the store (`hints`), the
journal shipped to it (`shipping`), the catalog fetched from it (`catalog_feed`). Plain threads and requests,
no Qt: the window hears of them through callbacks it turns into signals."""
