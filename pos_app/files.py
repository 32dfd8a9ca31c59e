"""A file replaced whole: the one way the till writes a file that must never be half written (a catalog, a
logo, an export, a receipt's PDF). Plain Python: any layer may use it, on a worker (it touches the disk)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def replace_file(path: Path, data: bytes, *, mode: int = 0o644, make_folder: bool = False) -> Path:
    """`data` at `path`: written to a new file beside it, flushed to the disk, then renamed over it, so a crash or
    a full disk leaves the old file whole (and no temporary behind). `mode`: the new file's permissions (it is
    created owner-only and widened to `mode` before it takes the name). OSError when it cannot be written."""
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
