"""A throwaway CUPS server for the tests, started by the tests themselves (like tests/pg_server.py).

    server = CupsServer()
    server.start()       # cupsd in a temporary directory, on 127.0.0.1:<free port>, with the queues below
    server.env           # {"CUPS_SERVER": "127.0.0.1:PORT"}: lp, lpstat and libcups (Qt) talk to it
    server.wait_for_output("roll")   # what the queue `roll` sent to its device (a file), once its job completed
    server.stop()

The queues, each with a file in the temporary directory as its device (cupsd's FileDevice) unless said:
    raw      a raw queue: the job's bytes go as they came to `raw_device` (an ESC/POS printer behind CUPS, e.g.
             a `LoopbackPrinter` on socket://127.0.0.1:PORT)
    pdf      cups-pdf's own driver and backend (a printer that makes PDF files)
    roll     a driver whose default page is an 80 mm roll (`RP80x297`, as thermal printers' drivers name it),
             which also offers A4; its device gets the PDF as the driver set it on its page
    closed   a queue that rejects jobs (cupsreject), as a shop's queue does when someone turned it off

It runs Debian's `cups` and `cups-pdf` packages, which make test installs (make system-test-packages); the
tests that need it skip, saying why, where cupsd is not installed. Everything is allowed to everyone on the
loopback address: no authentication, nothing is reachable from elsewhere.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

from tests.qpay.helpers import wait_until

CUPSD = shutil.which("cupsd") or next((path for path in ("/usr/sbin/cupsd", "/sbin/cupsd") if Path(path).exists()),
                                      None)
START_TIMEOUT = 15.0
CUPS_PDF_PPD = Path("/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd")
ROLL_PAGE = "RP80x297"          # the roll driver's default page: 80 mm wide, 297 mm long (Epson's TM drivers' name)

CUPSD_CONF = """\
Listen 127.0.0.1:{port}
LogLevel {log_level}
MaxLogSize 0
Browsing No
WebInterface No
DefaultAuthType None
PreserveJobHistory Yes
<Location />
  Order allow,deny
  Allow all
</Location>
<Policy default>
  JobPrivateAccess all
  JobPrivateValues none
  SubscriptionPrivateAccess all
  SubscriptionPrivateValues none
  <Limit All>
    Order deny,allow
    Allow all
  </Limit>
</Policy>
"""

CUPS_FILES_CONF = """\
ServerRoot {root}/etc
RequestRoot {root}/spool
TempDir {root}/tmp
CacheDir {root}/cache
StateDir {root}/state
ErrorLog {root}/log/error_log
AccessLog {root}/log/access_log
PageLog {root}/log/page_log
FileDevice Yes
"""

# A thermal printer's driver, as far as the page goes: its default is the roll; the job's PDF is passed on
# (pdftopdf puts it on the page the job asks for, else on the default).
ROLL_PPD = """\
*PPD-Adobe: "4.3"
*FormatVersion: "4.3"
*FileVersion: "1.0"
*LanguageVersion: English
*LanguageEncoding: ISOLatin1
*PCFileName: "POSROLL.PPD"
*Manufacturer: "pos-app tests"
*Product: "(Receipt roll)"
*ModelName: "Receipt roll 80 mm"
*ShortNickName: "Receipt roll 80 mm"
*NickName: "Receipt roll 80 mm"
*PSVersion: "(3010.000) 0"
*LanguageLevel: "3"
*ColorDevice: False
*DefaultColorSpace: Gray
*FileSystem: False
*Throughput: "1"
*LandscapeOrientation: Plus90
*TTRasterizer: Type42
*cupsVersion: 2.4
*cupsFilter2: "application/vnd.cups-pdf application/pdf 0 -"
*OpenUI *PageSize/Media Size: PickOne
*OrderDependency: 10 AnySetup *PageSize
*DefaultPageSize: {page}
*PageSize {page}/Roll 80 x 297 mm: "<</PageSize[226.8 841.9]>>setpagedevice"
*PageSize A4/A4: "<</PageSize[595 842]>>setpagedevice"
*CloseUI: *PageSize
*OpenUI *PageRegion/Media Size: PickOne
*OrderDependency: 10 AnySetup *PageRegion
*DefaultPageRegion: {page}
*PageRegion {page}/Roll 80 x 297 mm: "<</PageSize[226.8 841.9]>>setpagedevice"
*PageRegion A4/A4: "<</PageSize[595 842]>>setpagedevice"
*CloseUI: *PageRegion
*DefaultImageableArea: {page}
*ImageableArea {page}/Roll 80 x 297 mm: "0 0 226.8 841.9"
*ImageableArea A4/A4: "18 36 577 806"
*DefaultPaperDimension: {page}
*PaperDimension {page}/Roll 80 x 297 mm: "226.8 841.9"
*PaperDimension A4/A4: "595 842"
""".format(page=ROLL_PAGE)


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


class LoopbackPrinter:
    """A network printer on 127.0.0.1 that keeps every job it is sent (one connection at a time), as the raw
    queue's device: `jobs` in the order they came."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.jobs: list[bytes] = []
        self.arrived = threading.Condition()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            job = bytearray()
            with connection:
                connection.settimeout(10)
                try:
                    while chunk := connection.recv(65536):
                        job += chunk
                except OSError:
                    pass
            with self.arrived:
                self.jobs.append(bytes(job))
                self.arrived.notify_all()

    def wait_for_jobs(self, count: int, timeout: float = 10.0) -> list[bytes]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.jobs) >= count, timeout), "the job never came"
            return list(self.jobs)

    def close(self) -> None:
        self.listener.close()


class CupsServer:
    def __init__(self, raw_device: str = "socket://127.0.0.1:9") -> None:
        self.raw_device = raw_device
        self.printer: LoopbackPrinter | None = None
        self.root: Path | None = None
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def env(self) -> dict[str, str]:
        return {"CUPS_SERVER": f"127.0.0.1:{self.port}"}

    def device(self, queue: str) -> Path:
        assert self.root is not None
        return self.root / "out" / queue

    def output(self, queue: str) -> bytes:
        path = self.device(queue)
        return path.read_bytes() if path.exists() else b""

    def run(self, *command: str) -> str:
        """A CUPS command (lpadmin, lpstat, cancel ...) against this server; its output."""
        done = subprocess.run(command, env={**os.environ, **self.env}, capture_output=True, text=True, timeout=30,
                              check=False)
        if done.returncode:
            raise RuntimeError(f"{' '.join(command)}: {done.stderr.strip()}")
        return done.stdout

    def start(self) -> None:
        if CUPSD is None:
            raise FileNotFoundError("cupsd is not installed (make system-test-packages installs cups)")
        # cupsd runs filters as the `lp` user: the directory is readable by all (only sockets on 127.0.0.1).
        self.root = Path(tempfile.mkdtemp(prefix="pos-cups-"))
        self.root.chmod(0o755)
        for name in ("etc", "etc/ppd", "spool", "tmp", "cache", "state", "log", "out"):
            (self.root / name).mkdir(exist_ok=True)
        (self.root / "out").chmod(0o777)
        (self.root / "tmp").chmod(0o1777)
        self.port = _free_port()
        log_level = os.environ.get("CUPS_TEST_LOG_LEVEL", "warn")     # debug, to see why a job failed
        (self.root / "etc" / "cupsd.conf").write_text(CUPSD_CONF.format(port=self.port, log_level=log_level))
        (self.root / "etc" / "cups-files.conf").write_text(CUPS_FILES_CONF.format(root=self.root))
        (self.root / "roll.ppd").write_text(ROLL_PPD)
        self.process = subprocess.Popen(     # noqa: S603 - a fixed binary with our own files
            [CUPSD, "-f", "-c", str(self.root / "etc" / "cupsd.conf"), "-s",
             str(self.root / "etc" / "cups-files.conf")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            wait_until(lambda: self._answers() or self.process.poll() is not None, START_TIMEOUT)
        except AssertionError:
            pass
        if not self._answers():
            error = self.process.stderr.read().decode(errors="replace") if self.process.poll() is not None \
                and self.process.stderr else ""
            self.stop()
            raise RuntimeError(f"cupsd did not start: {error.strip()}")
        self._add_queues()

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def _add_queues(self) -> None:
        out = self.root / "out"      # type: ignore[operator]
        self.run("lpadmin", "-p", "raw", "-E", "-v", self.raw_device)
        self.run("lpadmin", "-p", "roll", "-E", "-v", f"file://{out}/roll", "-P", str(self.root / "roll.ppd"))
        self.run("lpadmin", "-p", "closed", "-E", "-v", f"file://{out}/closed")
        self.run("cupsreject", "closed")
        if CUPS_PDF_PPD.exists():
            self.run("lpadmin", "-p", "pdf", "-E", "-v", "cups-pdf:/", "-P", str(CUPS_PDF_PPD))

    def wait_for_output(self, queue: str, timeout: float = 10.0) -> bytes:
        """The queue's device file once its job completed (the queue has no job left to do)."""
        try:
            wait_until(lambda: not self.run("lpstat", "-o", queue).strip() and self.device(queue).exists(), timeout)
        except AssertionError:
            raise TimeoutError(f"the queue {queue} printed nothing within {timeout} s") from None
        return self.output(queue)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process is not None and self.process.stderr:
            self.process.stderr.close()
        self.process = None
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            self.root = None
