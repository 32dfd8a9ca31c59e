"""The frozen app's entry point (PyInstaller runs this file as __main__).

One bundle, two programs: `pos-app store ...` is the store server's command line (the .deb's `pos-store` runs
`/opt/pos-app/pos-app store "$@"`); anything else starts the till.
"""

import sys


def run() -> int:
    if sys.argv[1:2] == ["store"]:
        from pos_app.store.cli import main as store

        return store(sys.argv[2:])
    from pos_app.launch import main as till

    return till()


raise SystemExit(run())
