"""The frozen app's entry point (PyInstaller runs this file as __main__)."""

from pos_app.app import main

raise SystemExit(main())
