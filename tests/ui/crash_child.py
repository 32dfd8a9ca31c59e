"""A real till process for the crash tests: it sells one carton of milk as far as `goal`,
then waits to be killed (SIGKILL, by the test).

    python -m tests.ui.crash_child HOME SANDBOX_URL GOAL [POSAPI_URL [START]]

GOAL `wait` charges and waits for the payment; `receipt` also issues an
individual's receipt as soon as the sale is paid; `cancel` cancels the invoice
as soon as it is shown; `rest` asks an invoice for the rest as soon as part of the
amount is paid, `give_back` gives the part back (the test pays the part). With POSAPI_URL every receipt goes
through that PosAPI sandbox, and the goals `cash_receipt` (cash that covers the sale, then its receipt) and
`cash_part` (cash for part of it) sell at the counter; `cart` rings up a cart with a line and a sale discount
and charges nothing; START (ISO, with its zone) is the moment its clock
starts at. The test watches the journal file, not this process's output, so it kills right after a write.
"""

from __future__ import annotations

import os
import sys
from datetime import datetime
from decimal import Decimal
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from pos_app.app.root import PosApp  # noqa: E402
from pos_app.app.paths import AppPaths  # noqa: E402
from pos_app.config import SessionSecretStore  # noqa: E402
from pos_app.domain.sale import Receiver, Sale, Stage  # noqa: E402
from pos_app.domain.discounts import Discount, DiscountKind  # noqa: E402
from tests.ui.conftest import FAST_SCHEDULE, MILK, YOGURT, Ticking, use_posapi_in_training  # noqa: E402


def main(home: Path, sandbox_url: str, goal: str, posapi_url: str = "", start: str = "") -> int:
    qt_app = QApplication([sys.argv[0]])
    use_posapi_in_training(home / "config", bool(posapi_url))
    app = PosApp(AppPaths(home / "config", home / "data", home / "cache"), sandbox_url=sandbox_url,
                 secrets=SessionSecretStore(), schedule=FAST_SCHEDULE, posapi_url=posapi_url or None,
                 instant=Ticking(datetime.fromisoformat(start)) if start else None)
    app.window.set_ask_before_quit(False)

    def on_stage(sale: Sale | None) -> None:
        if goal in ("receipt", "cash_receipt") and sale is not None and sale.stage is Stage.PAID:
            app.flow.issue_receipt(Receiver())
        if goal in ("cash_receipt", "cash_part") and sale is not None and sale.stage is Stage.TENDERING \
                and not sale.tenders and not app.flow.tender_in_flight:
            app.flow.take_cash("5000" if goal == "cash_receipt" else "1000")
        if goal == "cancel" and sale is not None and sale.stage is Stage.AWAITING_PAYMENT:
            app.flow.cancel_sale()

    def on_ready() -> None:
        assert app.backend is not None
        item = app.backend.catalog.find(MILK)
        assert item is not None
        app.model.add_item(item)
        if goal == "cart":           # a cart with discounts, never charged: the test kills the till with it
            app.model.add_item(item)
            app.model.add_item(app.backend.catalog.find(YOGURT))  # type: ignore[arg-type]
            app.model.set_line_discount(0, Discount(DiscountKind.PERCENT, Decimal(10)))
            app.model.set_sale_discount(Discount(DiscountKind.AMOUNT, Decimal(500)))
        elif goal.startswith("cash"):
            app.flow.start_tendering()
        else:
            app.flow.charge()

    def on_part_paid(part: object) -> None:
        if part is not None and goal == "rest":
            app.flow.part_paid.invoice_rest()
        if part is not None and goal == "give_back":
            app.flow.part_paid.give_back()

    app.flow.stage_changed.connect(on_stage)
    app.flow.part_paid.changed.connect(on_part_paid)
    app.ready.connect(on_ready)
    app.start()
    return qt_app.exec()


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]), sys.argv[2], sys.argv[3], *sys.argv[4:6]))
