"""The day close's figures: its tables, the headline above them, and what they show.

A part of `DayCloseDialog` (see dialog.py), which lays its labels and tables out. Texts keep the "DayCloseDialog"
translation context.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem

from pos_app.formats import date_text, datetime_text, money_text, signed_money_text
from pos_app.journal.day_summary import DaySummary, Tally

from pos_app.ui.common.figure_table import columns_table, figure_table

translate = QCoreApplication.translate     # lupdate reads translate("DayCloseDialog", "...") calls

KEY_ROLE = Qt.ItemDataRole.UserRole          # the figure's key on its first cell (see `DayCloseFigures.shown()`)
ALERT_ROLE = Qt.ItemDataRole.UserRole + 1     # True on a "needs attention" row that is not zero
ALERT_COLOR = "#ba2525"
_ALERT_BACKGROUND = "#fdecea"
_SECTION_BACKGROUND = "#e4e7eb"
_OWING_SHOWN = 4                              # sale numbers named in the attention line (the CSV has them all)
_TENDERS_SHOWN = 5                            # tenders in sight (cash, terminal, QPay card and transfer, unknown)
_ROW_PADDING = 12


@dataclass(frozen=True)
class _Row:
    key: str = ""            # empty: a section title
    label: str = ""
    count: str = ""
    amount: str = ""
    alert: bool = False
    bold: bool = False


def tender_name(kind: str) -> str:
    """A payment type as the day close names it: the tender the money went through."""
    names = {"CASH": translate("DayCloseDialog", "Cash"),
             "TERMINAL": translate("DayCloseDialog", "Card terminal"),
             "CARD": translate("DayCloseDialog", "QPay card"),
             "P2P": translate("DayCloseDialog", "QPay bank transfer"),
             "": translate("DayCloseDialog", "Unknown")}
    return names.get(kind) or translate("DayCloseDialog", "QPay {kind}").format(kind=kind)


class DayCloseFigures:
    """The figures' view: the net, the headline and the attention line (`net_label`, `headline`, `attention`), and
    the tables under them (`totals_table`, `tenders_table`, `details_table`) with their rows."""

    def __init__(self) -> None:
        self.net_label = QLabel()
        self.net_label.setObjectName("dayNet")
        self.headline = QLabel()
        self.headline.setObjectName("dayHeadline")
        self.headline.setWordWrap(True)
        self.attention = QLabel()
        self.attention.setObjectName("dayAttention")
        self.attention.setWordWrap(True)
        self.attention.hide()
        self.totals_table = self._make_table("totals")
        self.tenders_table = self._make_tender_table()
        self.details_table = self._make_table("details")

    # -- building ---------------------------------------------------------------------

    def _make_table(self, name: str) -> QTableWidget:
        return figure_table(name, translate("DayCloseDialog", "Count"), translate("DayCloseDialog", "Amount"),
                            _ROW_PADDING)   # 18 rows fit at 768 pixels high

    @staticmethod
    def _make_tender_table() -> QTableWidget:
        return columns_table("tenders", (translate("DayCloseDialog", "By tender"), translate("DayCloseDialog", "Paid"),
                                         translate("DayCloseDialog", "Given back"), translate("DayCloseDialog", "Net")),
                             _ROW_PADDING)

    @staticmethod
    def _fill(table: QTableWidget, rows: Iterable[_Row]) -> None:
        rows = list(rows)
        table.clearSpans()
        table.setRowCount(len(rows))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for index, row in enumerate(rows):
            if not row.key:
                title = QTableWidgetItem(row.label)
                font = title.font()
                font.setBold(True)
                title.setFont(font)
                title.setBackground(QBrush(QColor(_SECTION_BACKGROUND)))
                table.setItem(index, 0, title)
                for column in (1, 2):     # spanned over, but keep the cells (no stale text from before)
                    table.setItem(index, column, QTableWidgetItem(""))
                table.setSpan(index, 0, 1, 3)
                continue
            cells = (QTableWidgetItem(row.label), QTableWidgetItem(row.count), QTableWidgetItem(row.amount))
            cells[0].setData(KEY_ROLE, row.key)
            cells[0].setData(ALERT_ROLE, row.alert)
            for column, cell in enumerate(cells):
                if column:
                    cell.setTextAlignment(right)
                if row.bold or row.alert:
                    font = QFont(cell.font())
                    font.setBold(True)
                    cell.setFont(font)
                if row.alert:
                    cell.setForeground(QBrush(QColor(ALERT_COLOR)))
                    cell.setBackground(QBrush(QColor(_ALERT_BACKGROUND)))
                table.setItem(index, column, cell)

    # -- what is shown -------------------------------------------------------------------

    def shown(self) -> dict[str, tuple[str, ...]]:
        """What the tables show: figure key → (count text, amount text), keys as in `_totals_rows`/`_details_rows`;
        and ``tender:<type>`` → (paid, given back, net) texts (`_fill_tenders`)."""
        shown: dict[str, tuple[str, ...]] = {}
        for table in (self.totals_table, self.details_table, self.tenders_table):
            for row in range(table.rowCount()):
                item = table.item(row, 0)
                key = item.data(KEY_ROLE) if item is not None else None
                if key:
                    shown[key] = tuple(table.item(row, column).text() for column in range(1, table.columnCount()))
        return shown

    def alerts(self) -> set[str]:
        """The keys of the rows shown in red (needs attention, not zero)."""
        return {table.item(row, 0).data(KEY_ROLE)
                for table in (self.totals_table, self.details_table) for row in range(table.rowCount())
                if table.item(row, 0) is not None and table.item(row, 0).data(ALERT_ROLE)}

    def _totals_rows(self, summary: DaySummary) -> list[_Row]:
        rows = [
            _Row(label=translate("DayCloseDialog", "Sales")),
            self._tally("paid", translate("DayCloseDialog", "Paid sales"), summary.paid),
        ]
        if summary.overpaid:
            rows.append(_Row("overpaid", translate("DayCloseDialog", "Of which paid beyond the total"), "",
                             money_text(summary.overpaid)))
        if summary.cash_rounding:
            rows.append(_Row("cash_rounding", translate("DayCloseDialog", "Cash rounding (whole tögrög)"), "",
                             signed_money_text(summary.cash_rounding)))
        if summary.discounts.count:
            rows.append(self._tally("discounts", translate("DayCloseDialog", "Of which with a discount (taken off)"),
                                    summary.discounts))
        rows += [
            self._tally("given_back", translate("DayCloseDialog", "Given back"), summary.given_back),
            _Row("net", translate("DayCloseDialog", "Net (paid − given back)"), "", money_text(summary.net), bold=True),
            _Row(label=translate("DayCloseDialog", "Receipts and taxes")),
            _Row("receipts_issued", translate("DayCloseDialog", "Receipts issued"), str(summary.receipts_issued)),
            _Row("receipts_voided", translate("DayCloseDialog", "Receipts voided"), str(summary.receipts_voided)),
            _Row("receipt_vat", translate("DayCloseDialog", "VAT with receipt"), "", money_text(summary.receipt_vat)),
            _Row("receipt_city_tax", translate("DayCloseDialog", "City tax with receipt"), "",
                 money_text(summary.receipt_city_tax)),
            self._tally("without_receipt", translate("DayCloseDialog", "Paid without receipt"),
                        summary.without_receipt),
            _Row("no_receipt_vat", translate("DayCloseDialog", "VAT without receipt"), "",
                 money_text(summary.no_receipt_vat)),
            _Row("no_receipt_city_tax", translate("DayCloseDialog", "City tax without receipt"), "",
                 money_text(summary.no_receipt_city_tax)),
        ]
        return rows

    def _details_rows(self, summary: DaySummary) -> list[_Row]:
        # Needs attention first: it must never scroll out of sight below a long list of banks.
        rows = [
            _Row(label=translate("DayCloseDialog", "Needs attention")),
            self._tally("owes_receipt", translate("DayCloseDialog", "Owed a receipt"), summary.owes_receipt,
                        alert=summary.owes_receipt.count > 0),
            self._tally("unfinished", translate("DayCloseDialog", "Unfinished sales"), summary.unfinished,
                        alert=summary.unfinished.count > 0),
            self._count("reversals_pending", translate("DayCloseDialog", "Given back, no answer yet"),
                        summary.reversals_pending),
            self._count("reversals_failed", translate("DayCloseDialog", "Given back, failed"),
                        summary.reversals_failed),
            self._count("receipt_voids_pending", translate("DayCloseDialog", "Receipt voids, no answer yet"),
                        summary.receipt_voids_pending),
            self._tally("receipts_left_valid", translate("DayCloseDialog", "Receipts still valid after a return"),
                        summary.receipts_left_valid, alert=summary.receipts_left_valid.count > 0),
            _Row(label=translate("DayCloseDialog", "Cancelled / expired / failed")),
            self._tally("cancelled", translate("DayCloseDialog", "Cancelled invoices"), summary.cancelled),
            self._tally("expired", translate("DayCloseDialog", "Expired invoices"), summary.expired),
            self._tally("failed", translate("DayCloseDialog", "Failed (no invoice made)"), summary.failed),
            # Cash and the card terminal go back these ways too (handed back, or a return refunded): no "card" here.
            _Row(label=translate("DayCloseDialog", "Given back (cancel / refund)")),
            self._tally("given_back_cancel", translate("DayCloseDialog", "Cancelled or handed back"),
                        summary.given_back_cancel),
            self._tally("given_back_refund", translate("DayCloseDialog", "Refunded"), summary.given_back_refund),
            _Row(label=translate("DayCloseDialog", "By bank")),
        ]
        rows += [self._tally(f"bank:{bank}", bank or translate("DayCloseDialog", "Unknown"), value)
                 for bank, value in summary.by_bank]
        if not summary.by_bank:
            rows.append(_Row("bank:none", translate("DayCloseDialog", "No payments")))
        return rows

    def _fill_tenders(self, summary: DaySummary) -> None:
        """What each tender brought in, what went back through it, and the net: a row a tender (at most
        `_TENDERS_SHOWN` in sight; the table's height follows them, so the totals above keep the rest)."""
        table = self.tenders_table
        table.setRowCount(max(1, len(summary.by_tender)))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if not summary.by_tender:
            table.setItem(0, 0, QTableWidgetItem(translate("DayCloseDialog", "No payments")))
            for column in (1, 2, 3):
                table.setItem(0, column, QTableWidgetItem(""))
        for index, tender in enumerate(summary.by_tender):
            name = QTableWidgetItem(tender_name(tender.kind))
            name.setData(KEY_ROLE, f"tender:{tender.kind}")
            table.setItem(index, 0, name)
            for column, amount in enumerate((tender.paid.amount, tender.given_back.amount, tender.net), start=1):
                cell = QTableWidgetItem(money_text(amount))
                cell.setTextAlignment(right)
                if column == 3:
                    font = QFont(cell.font())
                    font.setBold(True)
                    cell.setFont(font)
                table.setItem(index, column, cell)
        shown = min(table.rowCount(), _TENDERS_SHOWN)
        table.setFixedHeight(table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
                             + shown * table.verticalHeader().defaultSectionSize())

    @staticmethod
    def _tally(key: str, label: str, value: Tally, alert: bool = False) -> _Row:
        return _Row(key, label, str(value.count), money_text(value.amount), alert=alert)

    @staticmethod
    def _count(key: str, label: str, count: int) -> _Row:
        return _Row(key, label, str(count), alert=count > 0)

    def show(self, summary: DaySummary | None) -> None:
        """The summary's figures (None: none yet)."""
        if summary is None:
            self.net_label.setText(translate("DayCloseDialog", "Net: —"))
            self.headline.setText("")
            self.attention.hide()
            return
        self.net_label.setText(translate("DayCloseDialog", "Net: {}").format(money_text(summary.net)))
        headline = [translate("DayCloseDialog", "{day}: {begun} sales begun, {paid} paid ({paid_amount}), "
                            "{given_back} given back").format(
            day=date_text(summary.day), begun=summary.sales_count, paid=summary.paid.count,
            paid_amount=money_text(summary.paid.amount), given_back=money_text(summary.given_back.amount))]
        if summary.since is not None:
            headline.append(translate(
                "DayCloseDialog", "Counted from {moment}, when the day before was closed.").format(
                moment=datetime_text(summary.since)))
        if summary.closed_at is not None:
            headline.append(translate(
                "DayCloseDialog", "Closed at {moment}: these are the figures stored then.").format(
                moment=datetime_text(summary.closed_at)))
        self.headline.setText("  ".join(headline))
        waiting = summary.needs_attention
        attention = [translate("DayCloseDialog", "{} item(s) need attention: see “Needs attention”.").format(waiting)]
        if summary.owing:
            numbers = ", ".join(number for number, _missing in summary.owing[:_OWING_SHOWN])
            if len(summary.owing) > _OWING_SHOWN:
                numbers += " …"
            attention.append(translate("DayCloseDialog", "Owed a receipt: {numbers}").format(numbers=numbers))
        if summary.left_valid:
            numbers = ", ".join(number for number, _amount in summary.left_valid[:_OWING_SHOWN])
            if len(summary.left_valid) > _OWING_SHOWN:
                numbers += " …"
            attention.append(translate(
                "DayCloseDialog", "Receipt still valid after a return: {numbers}. Correct it in the ebarimt portal, "
                "then a manager marks it settled in the sales history (Shift+F8).").format(numbers=numbers))
        self.attention.setText("  ".join(attention))
        self.attention.setVisible(waiting > 0)
        self._fill(self.totals_table, self._totals_rows(summary))
        self._fill(self.details_table, self._details_rows(summary))
        self._fill_tenders(summary)


__all__ = ["ALERT_COLOR", "ALERT_ROLE", "KEY_ROLE", "DayCloseFigures", "tender_name"]
