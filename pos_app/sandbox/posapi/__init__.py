"""An embedded sandbox of PosAPI 3.0, the tax authority's local receipt service (ebarimt).

It stands in for the remote service, so it imports nothing from the rest of `pos_app` (not even the
QPay sandbox beside it): docs/posapi-sandbox.md.
"""

from .app import create_app
from .service import PosApiOptions, PosApiSandbox
from .server import PosApiSandboxServer

__all__ = ["PosApiOptions", "PosApiSandbox", "PosApiSandboxServer", "create_app"]
