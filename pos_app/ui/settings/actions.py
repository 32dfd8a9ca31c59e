"""The Settings dialog's actions: the saved password's look-up, "Test connection" (at a store serving its own
certificate, first the owner's comparison of its fingerprint, which pins it) and "Browse…".

A part of `SettingsDialog` (see dialog.py), acting on the dialog's view (`SettingsSections`). The store and the
service are only ever asked on the task runner's workers. Texts keep the "SettingsDialog" translation context.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from pos_app.config.secrets import SecretStore, SecretStoreError, direct_account, secret_account
from pos_app.config.settings import TRAINING_PASSWORD, Environment, Settings, SettingsProblem

from pos_app.storelink.certificate import certificate_to_pin
from pos_app.ui.common.messages import describe_error, secrets_problem_text
from pos_app.ui.common.questions import ask
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.settings.sections import SettingsSections

translate = QCoreApplication.translate     # lupdate reads translate("SettingsDialog", "...") calls

# Fields a connection test depends on: a problem in one of them makes the test pointless.
CONNECTION_FIELDS = frozenset({"environment", "base_url", "username", "store_certificate_sha256"})
# At a store, shown only when the owner lets the till sell directly: the QPay account it then uses.
DIRECT_ROWS = ("direct_base_url", "direct_username", "direct_password", "direct_invoice_code")

ConnectionTest = Callable[[Settings, str], None]

_PASSWORD_LOOKUP_DELAY_MS = 300  # wait for the typing to pause before asking the keyring


class SettingsActions:
    """What the dialog does in the background or in another window, on the widgets of its *sections*; *parent* owns
    the look-up's timer.

    *current_settings* reads the dialog's fields; *is_closed* says whether the dialog was closed (a late answer is
    then dropped). `password_edited` and `direct_password_edited` say whether the cashier typed a password (it is
    then theirs, never replaced by the saved one).
    """

    def __init__(self, parent: QWidget, sections: SettingsSections, secrets: SecretStore, runner: TaskRunner,
                 test_connection: ConnectionTest, current_settings: Callable[[], Settings],
                 is_closed: Callable[[], bool]) -> None:
        self._parent = parent
        self._sections = sections
        self._secrets = secrets
        self._runner = runner
        self._test_connection = test_connection
        self._current_settings = current_settings
        self._is_closed = is_closed
        self.password_edited = False   # True once the cashier typed into the password field
        self._lookup_account: str | None = None
        self.direct_password_edited = False   # the same for the direct QPay account's password
        self._direct_lookup_account: str | None = None
        self._testing = False
        self._test_generation = 0       # bumped on every change a running test would not reflect
        self.certificate_question: QMessageBox | None = None   # open while the owner compares a fingerprint

        sections.password.textEdited.connect(self._on_password_edited)
        sections.password.textChanged.connect(self.forget_connection_result)
        sections.test_button.clicked.connect(self._start_test)
        sections.direct_password.textEdited.connect(self._on_direct_password_edited)
        sections.browse_button.clicked.connect(self._browse_catalog)

        self._lookup_timer = QTimer(parent)
        self._lookup_timer.setSingleShot(True)
        self._lookup_timer.setInterval(_PASSWORD_LOOKUP_DELAY_MS)
        self._lookup_timer.timeout.connect(self.look_up_password)
        self._lookup_timer.timeout.connect(self.look_up_direct_password)

    def stop(self) -> None:
        """The dialog closes: no look-up starts any more; an open question goes."""
        self._lookup_timer.stop()
        if self.certificate_question is not None:
            self.certificate_question.reject()

    # -- the saved password -----------------------------------------------------

    def _on_password_edited(self, text: str) -> None:
        self.password_edited = bool(text)

    def on_account_changed(self) -> None:
        if not self.password_edited:
            self._lookup_timer.start()

    @staticmethod
    def _account(settings: Settings) -> str | None:
        if settings.environment is Environment.TRAINING:
            return None
        return secret_account(settings.environment, settings.base_url, settings.effective_username)

    def look_up_password(self) -> None:
        account = self._account(self._current_settings())
        if account is not None and account == self._lookup_account:
            return
        if not self.password_edited:
            self._sections.password.clear()  # it belonged to another account
        self._lookup_account = account
        if account is None or self.password_edited:
            return
        secrets = self._secrets
        self._runner.run_in_background(lambda: secrets.get_password(account),
                                       lambda future: self._password_found(account, future))

    def _password_found(self, account: str, future: Future[str | None]) -> None:
        if self._is_closed() or self.password_edited or account != self._lookup_account:
            return
        try:
            password = future.result()
        except SecretStoreError as error:
            self._show_password_note(translate("SettingsDialog", "Could not read the saved password: {}").format(error))
            return
        except Exception as error:  # noqa: BLE001 - a broken store may raise anything
            self._show_password_note(translate("SettingsDialog", "Could not read the saved password ({}).").format(
                type(error).__name__))
            return
        if password:
            self._sections.password.setText(password)

    def _show_password_note(self, text: str) -> None:
        problem = secrets_problem_text(self._secrets.problem) if not self._secrets.persistent and \
            self._secrets.problem else None
        self._sections.password_note.setText("\n".join(part for part in (problem, text) if part))
        self._sections.password_note.show()

    # -- the direct QPay account's password (at a store) -------------------------------

    def _on_direct_password_edited(self, text: str) -> None:
        self.direct_password_edited = bool(text)

    def on_direct_account_changed(self) -> None:
        if not self.direct_password_edited:
            self._lookup_timer.start()

    @staticmethod
    def _direct_account(settings: Settings) -> str | None:
        if not (settings.uses_store and settings.store_direct_allowed and settings.direct_username):
            return None
        return direct_account(settings)

    def look_up_direct_password(self) -> None:
        account = self._direct_account(self._current_settings())
        if account is not None and account == self._direct_lookup_account:
            return
        if not self.direct_password_edited:
            self._sections.direct_password.clear()  # it belonged to another account
        self._direct_lookup_account = account
        if account is None or self.direct_password_edited:
            return
        secrets = self._secrets
        self._runner.run_in_background(lambda: secrets.get_password(account),
                                       lambda future: self._direct_password_found(account, future))

    def _direct_password_found(self, account: str, future: Future[str | None]) -> None:
        if self._is_closed() or self.direct_password_edited or account != self._direct_lookup_account:
            return
        try:
            password = future.result()
        except Exception as error:  # noqa: BLE001 - a broken store may raise anything; the field stays empty
            self._show_password_note(translate("SettingsDialog", "Could not read the saved password ({}).").format(
                type(error).__name__))
            return
        if password:
            self._sections.direct_password.setText(password)

    # -- test connection ----------------------------------------------------------

    def update_test_button(self, found: list[SettingsProblem] | None = None) -> None:
        if found is None:
            found = self._current_settings().problems()
        blocked = any(problem.field in CONNECTION_FIELDS for problem in found)
        self._sections.test_button.setEnabled(not self._testing and not blocked)

    def forget_connection_result(self) -> None:
        # A result (or a running test) no longer describes what is on screen.
        self._test_generation += 1
        self._sections.connection_result.clear()

    def _start_test(self) -> None:
        settings = self._current_settings()
        if any(problem.field in CONNECTION_FIELDS for problem in settings.problems()):
            return
        if settings.environment is Environment.TRAINING:
            password = TRAINING_PASSWORD
        else:
            password = self._sections.password.text()
            if not password:
                self._sections.connection_result.setText(translate("SettingsDialog", "Enter the till key first.")
                                                         if settings.uses_store else
                                                         translate("SettingsDialog", "Enter the password first."))
                return
        self._testing = True
        self._sections.connection_result.setText(translate("SettingsDialog", "Testing the connection…"))
        self._sections.test_button.setText(translate("SettingsDialog", "Testing…"))
        self._sections.test_button.setEnabled(False)
        if settings.uses_store and not settings.store_certificate_sha256.strip():
            generation = self._test_generation
            self._runner.run_in_background(lambda: certificate_to_pin(settings.base_url),
                                           lambda future: self._certificate_seen(generation, future), money=False)
        else:
            self._run_test(settings, password)

    def _certificate_seen(self, generation: int, future: Future[str | None]) -> None:
        """The store's certificate was looked at: vouched for (the test goes on), or its own (the owner compares its
        fingerprint; confirmed, it is pinned and the test goes on)."""
        if self._is_closed():
            return
        if generation != self._test_generation:
            self._test_over()
            return
        try:
            fingerprint = future.result()
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            self._test_over()
            self._sections.connection_result.setText(describe_error(error, translate("SettingsDialog",
                                                                                     "Could not connect.")))
            return
        if fingerprint is None:
            self._run_test(self._current_settings(), self._sections.password.text())
            return
        question = translate("SettingsDialog",
            "The store server has a certificate of its own. Its SHA-256 fingerprint:\n\n{fingerprint}\n\n"
            "Is it the same as what 'pos-store certificate' prints on the store's computer? Compare every pair. "
            "Pinned, this till trusts this certificate alone, and refuses the store if it ever changes.").format(
            fingerprint=fingerprint)
        box, yes_button = ask(self._parent, question, translate("SettingsDialog", "The same: pin it"),
                              translate("SettingsDialog", "Not the same"))
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        def on_finished() -> None:
            self.certificate_question = None
            box.deleteLater()
            if self._is_closed():
                return
            if box.clickedButton() is not yes_button or generation != self._test_generation:
                self._test_over()
                self._sections.connection_result.setText(translate("SettingsDialog",
                    "Not connected: the store's certificate was not pinned."))
                return
            self._sections.fields["store_certificate_sha256"].setText(fingerprint)   # saved with the settings
            self._run_test(self._current_settings(), self._sections.password.text())

        box.finished.connect(on_finished)
        self.certificate_question = box
        box.open()

    def _test_over(self) -> None:
        self._testing = False
        self._sections.test_button.setText(translate("SettingsDialog", "Test connection"))
        self.update_test_button()

    def _run_test(self, settings: Settings, password: str) -> None:
        self._testing = True
        self._sections.connection_result.setText(translate("SettingsDialog", "Testing the connection…"))
        self._sections.test_button.setEnabled(False)
        generation = self._test_generation
        test = self._test_connection
        self._runner.run_in_background(
            lambda: test(settings, password),
            lambda future: self._test_done(generation, settings.effective_username, password, future),
            money=False)

    def _test_done(self, generation: int, username: str, password: str, future: Future[object]) -> None:
        if self._is_closed():
            return
        self._test_over()
        if generation != self._test_generation:
            return  # the fields changed while it ran: the answer is about other settings
        try:
            posapi = future.result()
        except Exception as error:  # noqa: BLE001 - every failure is shown in words
            text = describe_error(error, translate("SettingsDialog", "Could not connect."))
        else:
            text = translate("SettingsDialog", "Connected: logged in as {}.").format(username)
            left = getattr(posapi, "leftLotteries", None)
            if posapi is not None:
                text += " " + (translate("SettingsDialog", "PosAPI answers: {left} lottery numbers left.").format(
                    left=left) if left is not None else translate("SettingsDialog", "PosAPI answers."))
        if password:
            text = text.replace(password, "***")
        self._sections.connection_result.setText(text)

    # -- catalog ------------------------------------------------------------------

    def _browse_catalog(self) -> None:
        current = self._sections.fields["catalog_file"].text()
        path, _ = QFileDialog.getOpenFileName(
            self._sections.browse_button.window(), translate("SettingsDialog", "Choose the catalog"),
            os.path.dirname(current), translate("SettingsDialog", "CSV files (*.csv);;All files (*)"))
        if path:
            self._sections.fields["catalog_file"].setText(path)
