"""The Settings dialog's actions: the saved password's look-up, "Test connection" and "Browse…".

A mixin of `SettingsDialog` (see settings_dialog.py). The store and the service are only ever asked on
the task runner's workers. Texts keep the "SettingsDialog" translation context.
"""

from __future__ import annotations

import os
from concurrent.futures import Future

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog

from pos_app.config.secrets import SecretStoreError, direct_account
from pos_app.config.settings import TRAINING_PASSWORD, Environment, Settings

from pos_app.ui.common.messages import describe_error, secrets_problem_text

translate = QCoreApplication.translate     # lupdate reads translate("SettingsDialog", "...") calls

# Fields a connection test depends on: a problem in one of them makes the test pointless.
CONNECTION_FIELDS = frozenset({"environment", "base_url", "username"})
# At a store, shown only when the owner lets the till sell directly: the QPay account it then uses.
DIRECT_ROWS = ("direct_base_url", "direct_username", "direct_password", "direct_invoice_code")


class SettingsActions:
    """What the dialog does in the background or in another window. The host (`SettingsDialog`) provides
    the widgets, `current_settings()`, `_account()`, `_update_test_button()` and the state flags."""

    # -- the saved password -----------------------------------------------------

    def _on_password_edited(self, text: str) -> None:
        self._password_edited = bool(text)

    def _on_account_changed(self) -> None:
        if not self._password_edited:
            self._lookup_timer.start()

    def _look_up_password(self) -> None:
        account = self._account(self.current_settings())
        if account is not None and account == self._lookup_account:
            return
        if not self._password_edited:
            self.password.clear()  # it belonged to another account
        self._lookup_account = account
        if account is None or self._password_edited:
            return
        secrets = self._secrets
        self._runner.run_in_background(lambda: secrets.get_password(account),
                                       lambda future: self._password_found(account, future))

    def _password_found(self, account: str, future: Future[str | None]) -> None:
        if self._closed or self._password_edited or account != self._lookup_account:
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
            self.password.setText(password)

    def _show_password_note(self, text: str) -> None:
        problem = secrets_problem_text(self._secrets.problem) if not self._secrets.persistent and \
            self._secrets.problem else None
        self.password_note.setText("\n".join(part for part in (problem, text) if part))
        self.password_note.show()

    # -- the direct QPay account's password (at a store) -------------------------------

    def _on_direct_allowed_toggled(self) -> None:
        self._apply_environment()
        self._on_changed()
        self._on_direct_account_changed()

    def _on_direct_password_edited(self, text: str) -> None:
        self._direct_password_edited = bool(text)

    def _on_direct_account_changed(self) -> None:
        if not self._direct_password_edited:
            self._lookup_timer.start()

    @staticmethod
    def _direct_account(settings: Settings) -> str | None:
        if not (settings.uses_store and settings.store_direct_allowed and settings.direct_username):
            return None
        return direct_account(settings)

    def _look_up_direct_password(self) -> None:
        account = self._direct_account(self.current_settings())
        if account is not None and account == self._direct_lookup_account:
            return
        if not self._direct_password_edited:
            self.direct_password.clear()  # it belonged to another account
        self._direct_lookup_account = account
        if account is None or self._direct_password_edited:
            return
        secrets = self._secrets
        self._runner.run_in_background(lambda: secrets.get_password(account),
                                       lambda future: self._direct_password_found(account, future))

    def _direct_password_found(self, account: str, future: Future[str | None]) -> None:
        if self._closed or self._direct_password_edited or account != self._direct_lookup_account:
            return
        try:
            password = future.result()
        except Exception as error:  # noqa: BLE001 - a broken store may raise anything; the field stays empty
            self._show_password_note(translate("SettingsDialog", "Could not read the saved password ({}).").format(
                type(error).__name__))
            return
        if password:
            self.direct_password.setText(password)

    # -- test connection ----------------------------------------------------------

    def _start_test(self) -> None:
        settings = self.current_settings()
        if any(problem.field in CONNECTION_FIELDS for problem in settings.problems()):
            return
        if settings.environment is Environment.TRAINING:
            password = TRAINING_PASSWORD
        else:
            password = self.password.text()
            if not password:
                self.connection_result.setText(translate("SettingsDialog", "Enter the till key first.")
                                               if settings.uses_store else
                                               translate("SettingsDialog", "Enter the password first."))
                return
        generation = self._test_generation
        self._testing = True
        self.connection_result.setText(translate("SettingsDialog", "Testing the connection…"))
        self.test_button.setText(translate("SettingsDialog", "Testing…"))
        self.test_button.setEnabled(False)
        test = self._test_connection
        self._runner.run_in_background(
            lambda: test(settings, password),
            lambda future: self._test_done(generation, settings.effective_username, password, future),
            money=False)

    def _test_done(self, generation: int, username: str, password: str, future: Future[object]) -> None:
        if self._closed:
            return
        self._testing = False
        self.test_button.setText(translate("SettingsDialog", "Test connection"))
        self._update_test_button()
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
        self.connection_result.setText(text)

    # -- catalog ------------------------------------------------------------------

    def _browse_catalog(self) -> None:
        current = self.fields["catalog_file"].text()
        path, _ = QFileDialog.getOpenFileName(
            self, translate("SettingsDialog", "Choose the catalog"), os.path.dirname(current),
            translate("SettingsDialog", "CSV files (*.csv);;All files (*)"))
        if path:
            self.fields["catalog_file"].setText(path)
