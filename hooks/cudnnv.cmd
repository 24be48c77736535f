@rem cudnnv for cmd.exe, printed by 'cudnnv init cmd'. Save it, and let cmd run it
@rem at every start:
@rem   cudnnv init cmd > "%USERPROFILE%\cudnnv-init.cmd"
@rem   reg add "HKCU\Software\Microsoft\Command Processor" /v AutoRun /d "\"%USERPROFILE%\cudnnv-init.cmd\"" /f
@rem cmd has no prompt hook, and needs none: with the shims' folder first on PATH,
@rem each program's cudnn64_N.dll picks the set pinned where the program starts.
@set "PATH=@SHIMS@;%PATH%"
