# cudnnv shell integration for PowerShell, printed by 'cudnnv init pwsh'.
# Install: add to $PROFILE:  Invoke-Expression (& cudnnv init pwsh | Out-String)

function global:_cudnnv_hook {
    if (_cudnnv_unchanged) { return }
    $code = & @CUDNNV@ hook-env pwsh $PID 2>$null | Out-String
    if ($code) { Invoke-Expression $code }
}

# True when nothing that decides the selection changed since hook-env last
# ran: the same folder and variables, no watched file as new as the stamp,
# none appeared or went (the list comes from hook-env: "=STAMP", "+FILE"
# that exists, "-FILE" that does not). Cmdlets only, so a prompt where
# nothing changed starts no process.
function global:_cudnnv_unchanged {
    if (-not $global:__CUDNNV_WATCH_FILES) { return $false }
    if ($PWD.ProviderPath -ne $global:__CUDNNV_WATCH_DIR) { return $false }
    if ("$env:CUDNNV_VERSION" -ne $global:__CUDNNV_WATCH_VERSION) { return $false }
    if ("$env:CUDNNV_ROOT" -ne $global:__CUDNNV_WATCH_ROOT) { return $false }
    $stamp = $null
    foreach ($entry in ($global:__CUDNNV_WATCH_FILES -split "`n")) {
        $file = $entry.Substring(1)
        $item = Get-Item -LiteralPath $file -Force -ErrorAction SilentlyContinue
        switch ($entry[0]) {
            '=' { if (-not $item) { return $false }; $stamp = $item.LastWriteTimeUtc }
            '+' { if (-not $item -or $item.LastWriteTimeUtc -ge $stamp) { return $false } }
            '-' { if ($item) { return $false } }
        }
    }
    return $true
}

# 'cudnnv shell ...' changes this shell: what it prints is code for it
# (cudnnv decides everything else: help, the current choice, errors).
function global:cudnnv {
    if ($args.Count -gt 0 -and $args[0] -eq 'shell') {
        $rest = @($args | Select-Object -Skip 1)
        $code = & @CUDNNV@ shell --shell pwsh @rest | Out-String
        if ($LASTEXITCODE -ne 0) { return }
        if ($code) { Invoke-Expression $code }
        _cudnnv_hook
    } else {
        & @CUDNNV@ @args
    }
}

if (-not (Test-Path variable:global:_cudnnv_previous_prompt)) {
    $global:_cudnnv_previous_prompt = $function:prompt
    function global:prompt {
        _cudnnv_hook
        & $global:_cudnnv_previous_prompt
    }
}
$ExecutionContext.InvokeCommand.LocationChangedAction = { _cudnnv_hook }

# Completion: cudnnv names the candidates for the words typed before the
# one being completed (see 'cudnnv completions --help'); -@files, -@dirs and
# -@programs ask PowerShell for paths or commands.
Register-ArgumentCompleter -Native -CommandName cudnnv -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $typed = @($commandAst.CommandElements | Select-Object -Skip 1 |
        Where-Object { $_.Extent.EndOffset -lt $cursorPosition -or ($_.Extent.EndOffset -eq $cursorPosition -and -not $wordToComplete) } |
        ForEach-Object { $_.ToString() })
    if ($wordToComplete -and $typed.Count -gt 0 -and $typed[-1] -eq $wordToComplete) { $typed = @($typed | Select-Object -SkipLast 1) }
    foreach ($line in (& @CUDNNV@ completions @typed 2>$null)) {
        switch ($line) {
            '-@files' { Get-ChildItem -Path "$wordToComplete*" -ErrorAction SilentlyContinue | ForEach-Object {
                [System.Management.Automation.CompletionResult]::new($_.Name, $_.Name, 'ProviderItem', $_.FullName) } }
            '-@dirs' { Get-ChildItem -Directory -Path "$wordToComplete*" -ErrorAction SilentlyContinue | ForEach-Object {
                [System.Management.Automation.CompletionResult]::new($_.Name, $_.Name, 'ProviderContainer', $_.FullName) } }
            '-@programs' { Get-Command -Name "$wordToComplete*" -CommandType Application -ErrorAction SilentlyContinue | ForEach-Object {
                [System.Management.Automation.CompletionResult]::new($_.Name, $_.Name, 'Command', $_.Name) } }
            default { if ($line -like "$wordToComplete*") {
                [System.Management.Automation.CompletionResult]::new($line, $line, 'ParameterValue', $line) } }
        }
    }
}

_cudnnv_hook
