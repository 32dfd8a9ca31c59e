"""The catalog import's preview table: every row of the file as it reads, each bad one marked with its reasons.

A model over the `CatalogCheck` a worker read: nothing is copied per row, so a catalog of 100,000 products
shows at once; Qt asks only for the rows on screen. Problems of the whole file or of the header (and the
lines after the last row: a broken CSV, one product too many) are rows of their own, with only a line and
a reason. The domain says each problem in English; `problem_text` says it in the till's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from pos_app.domain.catalog import WHOLE_FILE, CatalogCheck, CatalogRow, RowProblem

BAD_ROLE = Qt.ItemDataRole.UserRole          # True on every cell of a row that needs fixing
LINE_ROLE = Qt.ItemDataRole.UserRole + 1     # the row's line in the file (0: the whole file)
ALERT_COLOR = "#ba2525"
_BAD_BACKGROUND = "#fdecea"

AnyIndex = QModelIndex | QPersistentModelIndex


class CatalogPreviewModel(QAbstractTableModel):
    """The rows of one `CatalogCheck`; `show_only_problems(True)` keeps the rows that need fixing."""

    LINE, PROBLEM, BARCODE, NAME, PRICE, UNIT, TAX_CODES, CITY_TAX, PINNED = range(9)   # the reasons first: seen
    COLUMN_COUNT = 9

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: Sequence[CatalogRow] = ()
        self._before: list[int] = []      # lines of problems with no row, shown above the rows (file, header)
        self._after: list[int] = []       # ... and below them (a broken CSV, one product too many)
        self._problems: dict[int, list[RowProblem]] = {}
        self._shown: list[int] | None = None      # positions shown when only problems are; None: all
        self._only_problems = False

    # -- what it shows ----------------------------------------------------------------------------------

    def set_check(self, check: CatalogCheck | None) -> None:
        self.beginResetModel()
        self._rows = check.rows if check is not None else ()
        self._problems = {}
        for problem in check.problems if check is not None else ():
            self._problems.setdefault(problem.line, []).append(problem)
        in_rows = {row.line for row in self._rows}
        first = self._rows[0].line if self._rows else 2
        orphans = sorted(line for line in self._problems if line not in in_rows)
        self._before = [line for line in orphans if line < first]
        self._after = [line for line in orphans if line >= first]
        self._shown = self._problem_positions() if self._only_problems else None
        self.endResetModel()

    def show_only_problems(self, only: bool) -> None:
        self.beginResetModel()
        self._only_problems = only
        self._shown = self._problem_positions() if only else None
        self.endResetModel()

    def problem_lines(self) -> list[int]:
        """The lines shown as needing fixing, top to bottom (for tests and the summary)."""
        return [self._line(position) for position in self._problem_positions()]

    def _total(self) -> int:
        return len(self._before) + len(self._rows) + len(self._after)

    def _problem_positions(self) -> list[int]:
        return [position for position in range(self._total()) if self._line(position) in self._problems]

    def _line(self, position: int) -> int:
        if position < len(self._before):
            return self._before[position]
        position -= len(self._before)
        if position < len(self._rows):
            return self._rows[position].line
        return self._after[position - len(self._rows)]

    def _row(self, position: int) -> CatalogRow | None:
        position -= len(self._before)
        return self._rows[position] if 0 <= position < len(self._rows) else None

    # -- QAbstractTableModel --------------------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's signature
        if parent.isValid():
            return 0
        return len(self._shown) if self._shown is not None else self._total()

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's signature
        return 0 if parent.isValid() else self.COLUMN_COUNT

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt's name
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (self.tr("Line"), self.tr("To fix"), self.tr("Barcode"), self.tr("Name"), self.tr("Price"),
                self.tr("Unit"), self.tr("Tax codes"), self.tr("City tax"), self.tr("Pinned"))[section]

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        position = self._shown[index.row()] if self._shown is not None else index.row()
        line = self._line(position)
        problems = self._problems.get(line)
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == self.PROBLEM:
                return " ".join(self.problem_text(problem) for problem in problems) if problems else ""
            if column == self.LINE:
                return self.tr("file") if line == WHOLE_FILE else str(line)
            row = self._row(position)
            return _field(row, column) if row is not None else ""
        if role == BAD_ROLE:
            return problems is not None
        if role == LINE_ROLE:
            return line
        if role == Qt.ItemDataRole.BackgroundRole and problems:
            return QBrush(QColor(_BAD_BACKGROUND))
        if role == Qt.ItemDataRole.ForegroundRole and problems and column == self.PROBLEM:
            return QBrush(QColor(ALERT_COLOR))
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.LINE, self.PRICE):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    # -- the reasons in words -------------------------------------------------------------------------------

    def problem_text(self, problem: RowProblem) -> str:
        """`problem` in the till's language (its English words when its kind is unknown here)."""
        value = problem.values[0] if problem.values else ""
        other = problem.values[1] if len(problem.values) > 1 else ""
        words = {
            "columns": self.tr("The header lacks the column(s): {value}."),
            "too_many_rows": self.tr("More than {value} products: a catalog holds no more."),
            "more_fields": self.tr("More fields than the header has."),
            "fewer_fields": self.tr("Fewer fields than the header has: is the row cut off?"),
            "barcode": self.tr("The barcode must be 1 to 64 characters without spaces."),
            "name": self.tr("The name must be 1 to 255 characters."),
            "price": self.tr("The price {value} is not a number."),
            "price_range": self.tr("The price {value} must be at least 0 and below 10^12, with at most 2 "
                                   "decimals."),
            "city_tax": self.tr("City tax must be yes or no, not {value}."),
            "pinned": self.tr("Pinned must be yes or no, not {value}."),
            "unit": self.tr("The unit {value} must be at most 16 characters, all printable."),
            "duplicate": self.tr("Barcode {value} is already on line {other}."),
            "csv": self.tr("The file is not valid CSV here ({value})."),
            "not_utf8": self.tr("The file is not UTF-8 text from this line: save it as \"CSV UTF-8\"."),
            "xls": self.tr("This is an old Excel .xls workbook: save it as .xlsx or as \"CSV UTF-8\"."),
            "too_big": self.tr("The file is larger than {value} MB."),
            "unreadable": self.tr("The file cannot be read: {value}."),
            "not_xlsx": self.tr("The file is not an Excel workbook that can be read ({value})."),
            "no_sheet": self.tr("The workbook has no sheet."),
            "sheet_broken": self.tr("The sheet cannot be read from here on ({value})."),
        }
        text = words.get(problem.kind)
        if text is None:
            return problem.message
        return text.format(value=value, other=other)


def _field(row: CatalogRow, column: int) -> str:
    barcode, name, price, tax, classification, city_tax, pinned, unit = row.fields
    if column == CatalogPreviewModel.TAX_CODES:
        return " / ".join(code for code in (tax, classification) if code)
    return {CatalogPreviewModel.BARCODE: barcode, CatalogPreviewModel.NAME: name, CatalogPreviewModel.PRICE: price,
            CatalogPreviewModel.UNIT: unit, CatalogPreviewModel.CITY_TAX: city_tax,
            CatalogPreviewModel.PINNED: pinned}.get(column, "")


__all__ = ["ALERT_COLOR", "BAD_ROLE", "LINE_ROLE", "CatalogPreviewModel"]
