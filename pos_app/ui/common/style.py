"""The till's look: calm colours, large money, clear states. One stylesheet."""

STYLESHEET = """
QMainWindow, QWidget#central { background: #f4f5f7; }
QFrame#header { background: #1f2933; }
QFrame#header QLabel { color: #f5f7fa; }
QLabel#appTitle { font-size: 16pt; font-weight: 600; }
QLabel#trainingBadge {
    background: #f0b429; color: #1f2933; font-weight: 700; padding: 4px 10px; border-radius: 4px;
}
QLabel#connection { color: #cbd2d9; }
QLabel#connection[down="true"] {
    background: #c62828; color: white; font-weight: 700; padding: 4px 10px; border-radius: 4px;
}
QPushButton#thisTill:checked, QPushButton#wholeShop:checked {
    background: #1f4e79; color: white; border: 1px solid #1f4e79;
}
QLineEdit { padding: 6px; font-size: 13pt; border: 1px solid #cbd2d9; border-radius: 4px; background: white; }
QLineEdit:focus { border: 2px solid #2680c2; }
QLineEdit#entry { font-size: 16pt; padding: 8px; }
QTableView#cart { font-size: 13pt; background: white; alternate-background-color: #f0f4f8;
                  selection-background-color: #d9eaf7; selection-color: #1f2933; }
QHeaderView::section { font-size: 11pt; padding: 4px; background: #e4e7eb; border: none; }
QFrame#totals, QFrame#card { background: white; border: 1px solid #e4e7eb; border-radius: 6px; }
QLabel#total { font-size: 28pt; font-weight: 700; color: #1f2933; }
QLabel#bigAmount { font-size: 30pt; font-weight: 700; color: #1f2933; }
QLabel#hint, QLabel#muted { color: #616e7c; }
QLabel#message, QLabel#banner { font-size: 12pt; border-radius: 4px; padding: 8px; }
QLabel#message[kind="error"], QLabel#banner { background: #fffbea; color: #8d2b0b; border: 1px solid #f7c948; }
QLabel#message[kind="info"] { background: #e3f8ff; color: #0b4f71; border: 1px solid #81defd; }
QLabel#status { font-size: 12pt; color: #323f4b; }
QStatusBar, QLabel#statusMessage { font-size: 12pt; }
QStatusBar::item { border: none; }
QLabel#partPaid { font-size: 14pt; font-weight: 600; border-radius: 4px; padding: 8px;
                  background: #e3f8ff; color: #0b4f71; border: 1px solid #81defd; }
QLabel#paidTitle { font-size: 28pt; font-weight: 700; color: #0e7c4a; }
QLabel#change { font-size: 36pt; font-weight: 800; color: #1f2933; background: #fffbea; border: 2px solid #f7c948;
                border-radius: 6px; padding: 6px 14px; }
QLabel#sectionTitle { font-size: 13pt; font-weight: 600; }
QLabel#lottery { font-size: 40pt; font-weight: 800; letter-spacing: 4px; color: #1f2933; }
QLabel#facts { font-family: "DejaVu Sans Mono", monospace; font-size: 11pt; }
QLabel#fieldHint[state="invalid"], QLabel#fieldError { color: #ba2525; }
QLabel#fieldHint[state="valid"] { color: #0e7c4a; }
QPushButton { font-size: 12pt; padding: 8px 14px; border-radius: 4px; background: #e4e7eb; border: 1px solid #cbd2d9; }
QPushButton:disabled { color: #9aa5b1; }
QPushButton#charge, QPushButton#primary {
    background: #2680c2; color: white; font-size: 16pt; font-weight: 600; padding: 14px; border: none;
}
QPushButton#charge:disabled, QPushButton#primary:disabled { background: #9fb3c8; }
QPushButton#danger { color: #ba2525; }
QPushButton#training { background: #fff3c4; border: 1px dashed #f0b429; }
QListWidget#banks { background: white; border: none; font-size: 11pt; }
QPushButton#tender, QPushButton#charge { min-height: 44px; }
QPushButton#quickKey { font-size: 11pt; padding: 6px; text-align: center; background: #f0f4f8; }
QPushButton#pinKey, QPushButton#pinOk { font-size: 18pt; font-weight: 600; }
QPushButton#pinOk { background: #2680c2; color: white; border: none; }
QDialog#lockScreen { background: #1f2933; }
QDialog#lockScreen QLabel#pinPrompt { color: white; font-size: 16pt; }
QDialog#lockScreen QLabel#pinMessage { color: #ffb3b3; }
QLineEdit#pin { font-size: 22pt; letter-spacing: 6px; padding: 6px; }
QLabel#pinPrompt { font-size: 14pt; }
QLabel#pinMessage, QLabel#discountPreview[kind="error"] { color: #ba2525; }
QLabel#discount { color: #0e7c4a; font-weight: 600; }
QListWidget#searchResults { background: white; font-size: 13pt; border: 1px solid #9aa5b1; }
QListWidget#searchResults::item { padding: 6px; }
QListWidget#searchResults::item:selected { background: #2680c2; color: white; }
"""
