"""A keyboard-wedge barcode scanner recognised as a scanner, whatever has focus.

A scanner types a code a character every 1-4 ms and ends it with Enter; a
person types a character every 80 ms or more. The gaps are read from the key
events' own timestamps (the moment the keyboard sent them), so a till busy for
a moment, which handles a scan's keys late and bunched, still sees a scan. `ScanRecognizer` watches every
key press of the application, in one place, and calls a burst a scan when it ends in the scanner's suffix
(Enter by default) and every gap in it, the suffix's included, was shorter than `max_gap`. A shop may
also set the scanner's prefix: then a code between the prefix and the suffix
is a scan whatever the timing, and a burst without the prefix never is.

Where it listens: on the widget that has the keyboard (or the active window when none has), where every
key goes first, moved as focus moves. Not on the whole application: an application-wide filter is called
for every event of every object (each paint, timer and animation step), and each such call from Qt into
Python must take the GIL, which a worker thread running Python hands over only at its switch interval; a
scan waited for that hundreds of times.

What it does with a scan:
- the suffix's Enter never reaches anything: it presses no button, answers no
  question and issues no receipt (its shortcut is blocked too);
- every text field the burst typed into is put back exactly as it was before the burst's first character
  reached it (its text, cursor and selection), so the code lands nowhere but where `scanned` sends it. Put
  back, not taken out: a field with a maximum length kept only a prefix of the code, and the first digit
  replaced a selected text (the cash page's prefilled amount due); neither is "the code before the cursor".
Typing by a person is never held back or changed: only a scan's own Enter is
swallowed, and only the fields a scan typed into are put back.

Gaps are measured between two keys of one kind: both with the keyboard's timestamps, or else both by when
they arrived. A key source without timestamps (a synthesised key, an input method) beside the keyboard's
must not make one scan two: the keyboard's clock and the till's are not comparable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QWidget

DEFAULT_MAX_GAP = 0.035   # seconds: a scanner's 1-4 ms with room for a busy event loop; a person needs 80+
MIN_LENGTH = 3            # shorter bursts are key chords, not codes
MAX_LENGTH = 64           # a code longer than this is not a barcode
SUFFIX_KEYS = {"enter": (Qt.Key.Key_Return, Qt.Key.Key_Enter), "tab": (Qt.Key.Key_Tab,)}


@dataclass(frozen=True)
class FieldState:
    """A text field as the cashier left it: what a scan that typed into it puts back."""
    text: str
    cursor: int
    selection_start: int        # -1: nothing selected
    selection_length: int

    @classmethod
    def of(cls, editor: QLineEdit) -> FieldState:
        return cls(editor.text(), editor.cursorPosition(), editor.selectionStart(), len(editor.selectedText()))

    def put_back(self, editor: QLineEdit) -> None:
        if editor.text() != self.text:
            editor.setText(self.text)
        if self.selection_start >= 0 and self.selection_length:
            # A selection is put back with the cursor where it was: at its end or its start.
            anchor = (self.selection_start if self.cursor != self.selection_start
                      else self.selection_start + self.selection_length)
            editor.setSelection(anchor, self.cursor - anchor)
        else:
            editor.setCursorPosition(self.cursor)


def text_field(widget: QWidget | None) -> QLineEdit | None:
    """The editable line a key typed into `widget` lands in, if any (a spin box's is its own line edit)."""
    editor = widget.findChild(QLineEdit) if isinstance(widget, QAbstractSpinBox) else widget
    if not isinstance(editor, QLineEdit) or editor.isReadOnly():
        return None
    return editor


class ScanRecognizer(QObject):
    scanned = Signal(str)         # a whole code, without prefix or suffix

    def __init__(self, app: QApplication, parent: QObject | None = None, *, prefix: str = "",
                 suffix: str = "enter", max_gap: float = DEFAULT_MAX_GAP,
                 clock: Callable[[], float] = time.monotonic) -> None:
        # Owned by the till (`parent`): when it goes, Qt drops the filter with it.
        super().__init__(parent)
        self._app = app
        self._clock = clock
        self.last_key_at = 0.0
        self.max_gap = max_gap
        self.prefix = ""
        self.suffix_keys: tuple[Qt.Key, ...] = SUFFIX_KEYS["enter"]
        self.configure(prefix, suffix)
        self._burst: list[str] = []            # the characters of the burst so far
        self._before: dict[int, tuple[QLineEdit, FieldState]] = {}   # each field the burst typed into, as it was
        self._last_stamp: float | None = None     # the burst's last key: the keyboard's moment, if it gave one
        self._last_arrival = -1.0                 # ... and when the till saw it
        self._swallow_release: set[int] = set()
        self._swallow_press: set[int] = set()
        self._last_seen: tuple[object, ...] = ()
        self._last_widget: QWidget | None = None
        self._watched: list[QWidget] = []
        self._stopped = False
        self.home: QWidget | None = None    # the till's main window, once it is known (see _in_other_window)
        app.focusChanged.connect(self.on_app_focus_changed)
        app.focusWindowChanged.connect(self.on_app_focus_window_changed)
        self.on_app_focus_changed(None, app.focusWidget())

    def set_home(self, window: QWidget) -> None:
        """The till's main window: keys in another main window of this process are its own scanner's."""
        self.home = window

    def configure(self, prefix: str = "", suffix: str = "enter") -> None:
        """The scanner's prefix (none: timing alone decides) and suffix ("enter" or "tab")."""
        self.prefix = prefix or ""
        self.suffix_keys = SUFFIX_KEYS.get((suffix or "enter").lower(), SUFFIX_KEYS["enter"])

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self._app.focusChanged.disconnect(self.on_app_focus_changed)
        self._app.focusWindowChanged.disconnect(self.on_app_focus_window_changed)
        self._watch([])

    def on_app_focus_window_changed(self, _window: object) -> None:
        self.on_app_focus_changed(None, self._app.focusWidget())

    def on_app_focus_changed(self, old: QWidget | None, now: QWidget | None) -> None:
        # Keys go to the focus widget first, or to the active window when no widget has focus (a window is
        # not watched besides its focus widget: every repaint of the window would call the filter).
        target = now if now is not None else self._app.activeWindow()
        if target is not None and self.home is not None and _in_other_window(target, self.home):
            target = None     # another till's window in this process (tests run several): its own scanner's
        self._watch([target] if target is not None else [])

    def _watch(self, widgets: list[QWidget]) -> None:
        for widget in self._watched:
            if shiboken6.isValid(widget) and widget not in widgets:
                widget.removeEventFilter(self)
        for widget in widgets:
            if widget not in self._watched:
                widget.installEventFilter(self)
        self._watched = widgets

    # -- the filter ---------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind not in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride, QEvent.Type.KeyRelease):
            return False
        if not isinstance(watched, QWidget) or not isinstance(event, QKeyEvent):
            return False    # the same key event also passes its QWindow: count it once, at the widget
        if self._seen_already(watched, event):
            return False    # a press a widget ignored, on its way up to the parents: counted once
        key = event.key()
        self.last_key_at = self._clock()     # someone is at the keyboard (the idle lock reads it)
        if kind is QEvent.Type.KeyRelease:
            if key in self._swallow_release and not event.isAutoRepeat():
                self._swallow_release.discard(key)
                return True
            return False
        if kind is QEvent.Type.ShortcutOverride:
            # Before shortcuts are matched: a scan's suffix must not reach one (Enter issues a receipt).
            if key in self.suffix_keys and self._is_scan_now(self._gap(event)):
                event.accept()
                self._swallow_press.add(key)
                return True
            return False
        if key in self.suffix_keys and (key in self._swallow_press or self._is_scan_now(self._gap(event))):
            self._swallow_press.discard(key)
            self._finish_scan()
            self._swallow_release.add(key)
            return True
        self._note(event, watched)
        return False

    def _seen_already(self, watched: QWidget, event: QKeyEvent) -> bool:
        seen = (event.type(), shiboken6.getCppPointer(event)[0], event.key())
        last = self._last_seen
        self._last_seen = seen
        previous, self._last_widget = self._last_widget, watched
        if last != seen or previous is None:
            return False
        try:
            return watched.isAncestorOf(previous)
        except RuntimeError:        # the previous receiver is gone (its C++ object deleted)
            return False

    # -- bursts ---------------------------------------------------------------------------

    def _gap(self, event: QKeyEvent) -> float:
        """Seconds since the burst's last key: by the keyboard's timestamps when both keys carry one, else by
        when the till saw them (never one clock against the other)."""
        stamp = event.timestamp()
        if stamp and self._last_stamp is not None:
            return stamp / 1000 - self._last_stamp
        return self._clock() - self._last_arrival

    def _remember_moment(self, event: QKeyEvent) -> None:
        stamp = event.timestamp()
        self._last_stamp = stamp / 1000 if stamp else None
        self._last_arrival = self._clock()

    def _note(self, event: QKeyEvent, watched: QObject) -> None:
        gap = self._gap(event)
        text = event.text()
        printable = (len(text) == 1 and text.isprintable()
                     and not event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                                  | Qt.KeyboardModifier.AltModifier
                                                  | Qt.KeyboardModifier.MetaModifier))
        if not printable:
            if event.key() not in (Qt.Key.Key_Shift, Qt.Key.Key_CapsLock):
                self._start_burst()       # a person's key (arrows, F-keys...) ends any burst
            return
        widget = watched if isinstance(watched, QWidget) else None
        if self.prefix:
            # Exact: a burst starts at the prefix and runs to the suffix, however fast or slow.
            if text == self.prefix[0] and (not self._burst or self._code() is not None
                                           or len(self._burst) >= len(self.prefix)):
                self._start_burst()
            elif not self._burst or len(self._burst) >= MAX_LENGTH:
                self._start_burst()
                return
        elif not self._burst or not 0 <= gap <= self.max_gap or len(self._burst) >= MAX_LENGTH:
            self._start_burst()
        editor = text_field(widget)
        if editor is not None and id(editor) not in self._before:
            # Before the key reaches the field (a filter sees it first): the field as the cashier left it.
            self._before[id(editor)] = (editor, FieldState.of(editor))
        self._burst.append(text)
        self._remember_moment(event)

    def _start_burst(self) -> None:
        self._burst = []
        self._before = {}

    def _code(self) -> str | None:
        text = "".join(self._burst)
        if self.prefix:
            if not text.startswith(self.prefix):
                return None
            text = text[len(self.prefix):]
        return text if len(text) >= (1 if self.prefix else MIN_LENGTH) else None

    def _is_scan_now(self, gap: float) -> bool:
        if not self._burst:
            return False
        if not self.prefix and not 0 <= gap <= self.max_gap:
            return False
        return self._code() is not None

    def _finish_scan(self) -> None:
        code = self._code() or ""
        before = self._before
        self._start_burst()
        for editor, state in before.values():
            if shiboken6.isValid(editor):
                state.put_back(editor)
        if code:
            self.scanned.emit(code)


def _in_other_window(widget: QWidget, home: QWidget) -> bool:
    """Whether `widget` lives in a main window other than `home` (several tills in one process, as the store's
    tests run them; a till's own dialogs and the customer's display belong to no other main window)."""
    top: QWidget | None = widget
    while top is not None and top.parentWidget() is not None:
        top = top.parentWidget()
    return top is not home and type(top).__name__ == type(home).__name__
