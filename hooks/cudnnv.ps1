# cudnnv shell integration for PowerShell, printed by 'cudnnv init pwsh'.
# Install: add to $PROFILE:  Invoke-Expression (& cudnnv init pwsh | Out-String)

function global:_cudnnv_hook {
    $code = & @CUDNNV@ hook-env pwsh | Out-String
    if ($code) { Invoke-Expression $code }
}

function global:cudnnv {
    if ($args.Count -gt 1 -and $args[0] -eq 'shell' -and -not ($args -contains '--help') -and -not ($args -contains '-h')) {
        $rest = $args[1..($args.Count - 1)]
        $code = & @CUDNNV@ shell --shell pwsh @rest | Out-String
        if ($LASTEXITCODE -eq 0 -and $code) { Invoke-Expression $code }
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
