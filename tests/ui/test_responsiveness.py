"""No network call on the GUI thread: a sale against a slow service never blocks the window."""

from __future__ import annotations

from PySide6.QtCore import Qt

from pos_app.domain.sale import Stage
from pos_app.ui.common.stall_meter import StallMeter

from .conftest import MILK, Till

LATENCY_MS = 2000


def test_a_sale_with_two_seconds_of_latency_never_stalls_the_window(till: Till) -> None:
    # Every API call of the sale waits 2 s at the service: token, invoice, checks, receipt.
    till.control.fault("/v2/", delay_ms=LATENCY_MS, count=50)
    meter = StallMeter()
    meter.start()  # after the test's own (blocking) control call
    till.scan(MILK)
    till.key(Qt.Key.Key_F12)
    assert till.window.sale_page.entry.isEnabled() is False     # busy, and says so
    till.wait_stage(Stage.AWAITING_PAYMENT, timeout=30_000)
    till.key(Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    till.wait_stage(Stage.PAID, timeout=30_000)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED, timeout=30_000)
    longest = meter.stop()
    print(f"longest GUI-thread stall with {LATENCY_MS} ms latency: {longest * 1000:.1f} ms "
          f"over {meter.ticks} ticks")
    # Not a speed goal (those live in benchmarks/): a blocking call would stall for the whole
    # latency, so anything well under it proves the calls left the GUI thread.
    assert longest < LATENCY_MS / 1000 / 2
