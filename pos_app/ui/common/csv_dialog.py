"""The "save as CSV" file dialog the day close and the shift share: non-blocking, the folder used last, a name
proposed; the caller writes the file (on a worker) once a path is chosen."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFileDialog, QWidget


def open_csv_dialog(parent: QWidget, title: str, filter_text: str, folder: str, file_name: str,
                    on_chosen: Callable[[str], object], on_finished: Callable[[int], object]) -> QFileDialog:
    """Open the dialog (`open()`, never blocking the till) and return it; `on_chosen(path)` hears the choice."""
    dialog = QFileDialog(parent, title)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setNameFilter(filter_text)
    dialog.setDefaultSuffix("csv")
    if folder:
        dialog.setDirectory(folder)
    dialog.selectFile(file_name)
    dialog.fileSelected.connect(on_chosen)
    dialog.finished.connect(on_finished)
    dialog.open()
    return dialog
