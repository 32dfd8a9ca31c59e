"""Who is at the till, and a manager's say on what only a manager may do.

Once the shop has set up a manager (People…, from the Till menu), the till opens locked: a PIN signs the
cashier in, and every step the journal records from then on names them. It locks again after the idle time the
shop sets (the sale on screen is kept, and goes on after the PIN), or at once with Ctrl+Shift+L. A refund, a
void, a price edit, Settings, the drawer without a sale and a discount above the shop's limit ask a manager's
PIN unless a manager is signed in. Until a manager is set up, nobody is asked (a shop of one keeps working as
before), and the window says so.

PINs are checked on a worker (scrypt takes some tens of milliseconds a person); the GUI thread only waits.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QWidget

from pos_app.domain.people import Permission, Person, who_matches
from pos_app.journal.acting import act_as

from pos_app.ui.common.tasks import TaskRunner

if TYPE_CHECKING:
    from pos_app.ui.people.pin_dialog import PinDialog
    from pos_app.journal import Journal

translate = QCoreApplication.translate
IDLE_CHECK_MS = 5000

def permission_text(permission: Permission) -> str:
    words = {
        Permission.REFUND: translate("TillPeople", "give money back"),
        Permission.VOID: translate("TillPeople", "void a tax receipt"),
        Permission.PRICE: translate("TillPeople", "change a price"),
        Permission.SETTINGS: translate("TillPeople", "open Settings"),
        Permission.DRAWER: translate("TillPeople", "open the drawer without a sale"),
        Permission.BIG_DISCOUNT: translate("TillPeople", "give a discount this large"),
        Permission.USERS: translate("TillPeople", "set up people and PINs"),
    }
    return words[permission]


class TillPeople(QObject):
    signed_in = Signal(object)       # the Person now at the till
    locked = Signal()

    def __init__(self, runner: TaskRunner, parent: QObject | None = None,
                 idle: Callable[[], float] = time.monotonic) -> None:
        super().__init__(parent)
        self.runner = runner
        self.people: tuple[Person, ...] = ()
        self.operator: Person | None = None
        self.journal: Journal | None = None
        self.idle_minutes = 0
        self.lock_dialog: PinDialog | None = None
        self.window: QWidget | None = None          # where the idle lock shows (the app's window of the moment)
        self._clock = idle
        self._last_seen = (idle(), None)           # (when, the cursor then)
        self._last_key: Callable[[], float] = lambda: 0.0
        self._idle_timer = QTimer(self)
        self._idle_timer.setInterval(IDLE_CHECK_MS)
        self._idle_timer.timeout.connect(self.on_idle_timer_timeout)

    def set_window(self, window: QWidget) -> None:
        """The idle lock shows over this window from now on (a language change rebuilds the till's window)."""
        self.window = window

    @property
    def guarded(self) -> bool:
        """A manager is set up: PINs are asked."""
        return any(person.is_manager for person in self.people)

    def use(self, people: tuple[Person, ...], journal: Journal, idle_minutes: int,
            last_key: Callable[[], float] | None = None) -> None:
        """The backend's people and journal (at start, and after new settings)."""
        self.people, self.journal, self.idle_minutes = people, journal, idle_minutes
        if last_key is not None:
            self._last_key = last_key
        if self.operator is not None and self.operator.name not in {p.name for p in people}:
            self.operator = None
        act_as(self.operator.name if self.operator is not None else "")
        if self.guarded and idle_minutes > 0:
            self._idle_timer.start()
        else:
            self._idle_timer.stop()

    def may(self, permission: Permission) -> bool:
        return not self.guarded or (self.operator is not None and self.operator.may(permission))

    # -- a manager's approval ------------------------------------------------------------------

    def approve(self, permission: Permission, then: Callable[[], None], parent: QWidget) -> None:
        """`then()` at once when whoever is signed in may; else after a manager's PIN (nothing if cancelled)."""
        self.approve_as(permission, lambda _name: then(), parent)

    def approve_as(self, permission: Permission, then: Callable[[str], None], parent: QWidget) -> None:
        """As `approve`, telling `then` who approved (the one signed in when they may; "" with no people set
        up), for a step the journal records with the manager's name."""
        if self.may(permission):
            then(self.operator.name if self.operator is not None else "")
            return
        prompt = translate("TillPeople", "A manager's PIN is needed to {what}.").format(
            what=permission_text(permission))
        from pos_app.ui.people.pin_dialog import PinDialog   # with the first PIN asked, not at the start
        dialog = PinDialog(prompt, parent)

        def checked(done: Future[Person | None]) -> None:
            person = _found(done)
            if person is None:
                dialog.refuse(translate("TillPeople", "That PIN is nobody's here. Try again."))
            elif not person.may(permission):
                dialog.refuse(translate("TillPeople", "{name} is not a manager: a manager's PIN is needed.")
                              .format(name=person.name))
            else:
                dialog.accept()
                self.note("approved", {"what": permission.value, "manager": person.name})
                then(person.name)

        people = self.people
        dialog.entered.connect(lambda pin: self.runner.run_in_background(lambda: who_matches(people, pin), checked))
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        dialog.open()

    # -- signing in, locking ---------------------------------------------------------------------

    def lock(self, parent: QWidget) -> None:
        """The PIN screen over the till (the sale on screen stays as it is)."""
        if not self.guarded or self.lock_dialog is not None:
            return
        if self.operator is not None:
            self.note("locked", {})
        self.operator = None
        act_as("")
        from pos_app.ui.people.pin_dialog import PinDialog
        dialog = PinDialog(translate("TillPeople", "Enter your PIN to sign in."), parent, locking=True)
        dialog.resize(parent.size())
        self.lock_dialog = dialog
        people = self.people

        def checked(done: Future[Person | None]) -> None:
            person = _found(done)
            if person is None:
                dialog.refuse(translate("TillPeople", "That PIN is nobody's here. Try again."))
                return
            self.lock_dialog = None
            dialog.accept()
            dialog.deleteLater()
            self.sign_in(person)
            self.signed_in.emit(person)

        dialog.entered.connect(lambda pin: self.runner.run_in_background(lambda: who_matches(people, pin), checked))
        dialog.open()
        self.locked.emit()

    def sign_in(self, person: Person) -> None:
        """`person` is at the till from now on (their PIN checked, or typed twice just now as the first manager)."""
        self.operator = person
        act_as(person.name)
        self.note("signed_in", {})
        self._seen_now()

    def stop(self) -> None:
        """The till is closing: no more idle checks (a lock now would journal through a stopped runner)."""
        self._idle_timer.stop()

    def on_idle_timer_timeout(self) -> None:
        if self.lock_dialog is not None or self.operator is None:
            return
        cursor = QCursor.pos()
        last_key = self._last_key()
        when, seen_cursor = self._last_seen
        if seen_cursor != cursor or last_key > when:
            self._last_seen = (max(self._clock(), last_key), cursor)
            return
        if self._clock() - when >= self.idle_minutes * 60 and self.window is not None:
            self.lock(self.window)

    def _seen_now(self) -> None:
        self._last_seen = (self._clock(), QCursor.pos())

    def note(self, kind: str, detail: dict[str, object]) -> None:
        journal = self.journal
        if journal is not None:
            self.runner.run_in_background(lambda: journal.till_log.note(kind, detail))


def _found(done: Future[Person | None]) -> Person | None:
    try:
        return done.result()
    except Exception:  # noqa: BLE001 - a PIN that cannot be checked is no one's
        return None
