"""People and PINs (Till menu): the owner sets up cashiers and managers, each with a PIN typed twice.

The first person set up must be a manager (the owner; the role starts there): from then on the till opens on its
PIN screen and only a manager gives money back, voids, changes prices or opens Settings. The owner who saves that
first manager stays signed in (the app does it), and the dialog says that PINs are asked from now on. A PIN can be
set again; someone who left is taken off the list (their name stays on the sales they made). Every change is
written by the journal on a worker (the PIN is hashed there); `changed` hands the new list to the till.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.people import PeopleError, Person, Role

from pos_app.ui.common.messages import describe_error, refusal_text
from pos_app.ui.common.tasks import TaskRunner

if TYPE_CHECKING:
    from pos_app.journal import Journal

NAME_ROLE = Qt.ItemDataRole.UserRole + 1


class PeopleDialog(QDialog):
    changed = Signal(object)      # the tuple of people now set up

    def __init__(self, runner: TaskRunner, journal: Journal, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("peopleDialog")
        self.setWindowTitle(self.tr("People and PINs"))
        self.runner, self.journal = runner, journal
        self.people: tuple[Person, ...] = ()
        self._closed = False
        self.list = QListWidget()
        self.list.setObjectName("people")
        self.name = QLineEdit()
        self.name.setObjectName("personName")
        self.role = QComboBox()
        self.role.setObjectName("personRole")
        self.role.addItem(self.tr("Cashier"), Role.CASHIER)
        self.role.addItem(self.tr("Manager"), Role.MANAGER)
        self.pin = self._pin_field("personPin")
        self.pin_again = self._pin_field("personPinAgain")
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.save_button = QPushButton(self.tr("Save the person"))
        self.save_button.setObjectName("savePerson")
        self.save_button.clicked.connect(self.on_save_clicked)
        self.retire_button = QPushButton(self.tr("Take off the list"))
        self.retire_button.setObjectName("retirePerson")
        self.retire_button.clicked.connect(self.on_retire_clicked)
        self.list.currentItemChanged.connect(self.on_list_current_changed)

        form = QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Role"), self.role)
        form.addRow(self.tr("PIN (4 to 8 digits)"), self.pin)
        form.addRow(self.tr("The PIN again"), self.pin_again)
        row = QHBoxLayout()
        row.addWidget(self.save_button)
        row.addWidget(self.retire_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))      # Qt has no Mongolian
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addLayout(form)
        layout.addLayout(row)
        layout.addWidget(self.message)
        layout.addWidget(close)
        self.finished.connect(self.on_finished)
        self.resize(480, 460)
        self.name.setFocus(Qt.FocusReason.OtherFocusReason)     # the keyboard starts on the person's name
        self._run(lambda: journal.people.read(), self._show_people)

    def _pin_field(self, name: str) -> QLineEdit:
        field = QLineEdit()
        field.setObjectName(name)
        field.setEchoMode(QLineEdit.EchoMode.Password)
        field.setMaxLength(8)
        return field

    def on_finished(self, _result: int) -> None:
        self._closed = True

    def on_list_current_changed(self, current: QListWidgetItem | None, _previous: object) -> None:
        person = next((p for p in self.people if current is not None and p.name == current.data(NAME_ROLE)), None)
        if person is not None:
            self.name.setText(person.name)
            self.role.setCurrentIndex(self.role.findData(person.role))

    def on_save_clicked(self) -> None:
        name, pin, again = self.name.text(), self.pin.text(), self.pin_again.text()
        role: Role = self.role.currentData()
        if pin != again:
            self._say(self.tr("The two PINs differ: type the same PIN twice."))
            self.pin.clear()
            self.pin_again.clear()
            self.pin.setFocus(Qt.FocusReason.OtherFocusReason)      # typed again from the first
            return
        if not any(p.is_manager for p in self.people) and role is not Role.MANAGER:
            self._say(self.tr("Set up a manager first (the owner): only a manager can change this list later."))
            return
        self.pin.clear()
        self.pin_again.clear()
        journal = self.journal
        shown = " ".join(name.split())
        if role is Role.MANAGER and not any(p.is_manager for p in self.people):
            # PINs start now: said in words, and the owner who just typed theirs twice stays signed in (the app).
            said = self.tr("{name} is saved as the manager. From now on the till asks for a PIN: when it starts, "
                           "after the idle time set in Settings, and on Ctrl+Shift+L. {name} is signed in now: "
                           "set up the cashiers next.").format(name=shown)
        else:
            said = self.tr("{name} is saved.").format(name=shown)
        self._run(lambda: journal.people.add(name, role, pin), lambda _person: self._reload(said))

    def on_retire_clicked(self) -> None:
        current = self.list.currentItem()
        if current is None:
            return
        name = current.data(NAME_ROLE)
        left = [p for p in self.people if p.name != name]
        if self.people and not any(p.is_manager for p in left) and left:
            self._say(self.tr("Keep at least one manager on the list."))
            return
        journal = self.journal
        self._run(lambda: journal.people.retire(name), lambda _none: self._reload(
            self.tr("{name} is off the list.").format(name=name)))

    def _reload(self, said: str) -> None:
        self._say(said)
        self._run(lambda: self.journal.people.read(), self._changed)

    def _changed(self, people: tuple[Person, ...]) -> None:
        self._show_people(people)
        self.changed.emit(people)

    def _show_people(self, people: tuple[Person, ...]) -> None:
        self.people = people
        self.list.clear()
        for person in people:
            role = self.tr("Manager") if person.is_manager else self.tr("Cashier")
            item = QListWidgetItem(f"{person.name}  ·  {role}")
            item.setData(NAME_ROLE, person.name)
            self.list.addItem(item)
        self.retire_button.setEnabled(bool(people))
        # The first person is the owner, a manager (the only role the dialog takes then); a cashier after that.
        first = not any(person.is_manager for person in people)
        self.role.setCurrentIndex(self.role.findData(Role.MANAGER if first else Role.CASHIER))
        if not people:
            self._say(self.tr("Nobody is set up: the till asks no PIN. Set up the owner as a manager first."))

    def _say(self, text: str) -> None:
        self.message.setText(text)

    def _run(self, task: Callable[[], Any], then: Callable[[Any], None]) -> None:
        self.save_button.setEnabled(False)

        def done(future: Future[Any]) -> None:
            if self._closed:
                return
            self.save_button.setEnabled(True)
            try:
                value = future.result()
            except PeopleError as exc:
                self._say(refusal_text(exc))
                return
            except Exception as exc:  # noqa: BLE001 - the list stays as the journal has it
                self._say(describe_error(exc, self.tr("The change was not saved.")))
                return
            then(value)

        self.runner.run_in_background(task, done)
