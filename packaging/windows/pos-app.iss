; pos-app: the Windows installer (Inno Setup 6.3 or later) for the PyInstaller one-folder bundle.
; First build dist\pos-app\ (packaging\windows\README.md), then, from the repository root:
;   iscc /DAppVersion=0.1.0 packaging\windows\pos-app.iss
; Output: dist\pos-app-<version>-setup.exe. This file is UTF-8 with a BOM (it holds Mongolian texts).

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppName "pos-app"
#define AppExe "pos-app.exe"
#define Root AddBackslash(SourcePath) + "..\..\"

; Mongolian is not among Inno Setup's languages: it is added when the unofficial Mongolian.isl
; lies next to this script or in Inno Setup's Languages folder (README.md).
#if FileExists(AddBackslash(SourcePath) + "Mongolian.isl")
  #define MongolianIsl AddBackslash(SourcePath) + "Mongolian.isl"
#elif FileExists(AddBackslash(CompilerPath) + "Languages\Mongolian.isl")
  #define MongolianIsl "compiler:Languages\Mongolian.isl"
#else
  #pragma message "Mongolian.isl not found: the installer speaks English only"
#endif

[Setup]
; Never change AppId: upgrades and the uninstaller find the installed copy by it.
AppId={{A2979A9A-148F-4FBD-A69A-42582319C3E6}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
; For the current user by default (no administrator needed); the first page also offers all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
; Current user: %LOCALAPPDATA%\Programs\pos-app; all users: C:\Program Files\pos-app.
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0.17763
SetupIconFile={#Root}resources\icons\pos-app.ico
UninstallDisplayIcon={app}\{#AppExe}
OutputDir={#Root}dist
OutputBaseFilename={#AppName}-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ShowLanguageDialog=auto
LanguageDetectionMethod=locale
; A running till is asked to close before its files are replaced, and is not restarted behind the user's back.
CloseApplications=yes
RestartApplications=no
#ifdef Sign
; iscc /DSign "/Ssigntool=signtool sign /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 /a $f" ...
SignTool=signtool
#endif

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
#ifdef MongolianIsl
Name: "mongolian"; MessagesFile: "{#MongolianIsl}"
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade first removes the previous bundle's libraries (inside the program folder only), so none is left stale.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#Root}dist\pos-app\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
Source: "{#Root}resources\icons\pos-app.ico"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; IconFilename: "{app}\pos-app.ico"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; IconFilename: "{app}\pos-app.ico"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

; Uninstall: there is deliberately no [UninstallDelete] section. The uninstaller removes the files Setup
; installed, the shortcuts and then the program folder ({app}); nothing else.
; The user's data is KEPT ON PURPOSE: %LOCALAPPDATA%\pos-app (platformdirs, appauthor=False: the settings,
; settings.json, and the sales journal, journal*.sqlite3, share that folder; the cache is its Cache
; subfolder) and the QPay password in Windows Credential Manager. The journal is the shop's record of
; sales: removing or reinstalling the program must never lose it.

[CustomMessages]
english.DataKept=pos-app has been removed.%n%nThe sales journal and the settings were kept on purpose: they are the shop's record of sales. They stay in:%n%n%1%n%nThe saved QPay password stays in Windows Credential Manager. Delete them yourself only when the records are no longer needed.
#ifdef MongolianIsl
mongolian.DataKept=pos-app устгагдлаа.%n%nБорлуулалтын журнал болон тохиргоог зориуд үлдээсэн: эдгээр нь дэлгүүрийн борлуулалтын бүртгэл юм. Тэдгээр нь дараах хавтсанд хадгалагдсан хэвээр байна:%n%n%1%n%nХадгалсан QPay нууц үг Windows Credential Manager-т үлдсэн. Бүртгэл хэрэггүй болсон үед л өөрөө устгана уу.
#endif

[Code]
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  { Tell where the data stays (not in a silent uninstall). }
  if (CurUninstallStep = usPostUninstall) and not UninstallSilent then
    MsgBox(FmtMessage(CustomMessage('DataKept'), [ExpandConstant('{localappdata}\pos-app')]),
      mbInformation, MB_OK);
end;
