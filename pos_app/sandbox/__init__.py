"""An embedded, faithful sandbox of the payment service (QPay merchant API v2).

It stands in for the remote service, so it imports nothing from the rest of
`pos_app`: sharing code with the client would hide contract bugs.
"""

from .app import create_app
from .service import Sandbox, SandboxOptions
from .server import SandboxServer

__all__ = ["Sandbox", "SandboxOptions", "SandboxServer", "create_app"]
