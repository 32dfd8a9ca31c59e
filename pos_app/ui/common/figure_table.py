"""The read-only tables of figures the day close and the shift show: a label, a count and an amount a row, or a
label and a figure a column."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget


def figure_table(name: str, count_title: str, amount_title: str, row_padding: int) -> QTableWidget:
    """A label, a count and an amount a row (see `columns_table`)."""
    return columns_table(name, ("", count_title, amount_title), row_padding)


def columns_table(name: str, titles: tuple[str, ...], row_padding: int) -> QTableWidget:
    """A label, then a figure a column (right-aligned titles). No editing, no selection, no focus (the keyboard
    stays on the dialog's actions); rows of a fixed height, the font's plus `row_padding`, so the dialog knows
    how many fit a 768-pixel screen."""
    table = QTableWidget(0, len(titles))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(titles))
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    table.setShowGrid(False)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, len(titles)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    first = table.horizontalHeaderItem(0)
    if first is not None:           # the labels' own title sits over them, on the left
        first.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setHighlightSections(False)
    rows = table.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(table.fontMetrics().height() + row_padding)
    return table
