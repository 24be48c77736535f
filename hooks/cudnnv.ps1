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

Register-ArgumentCompleter -Native -CommandName cudnnv -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $words = $commandAst.CommandElements
    if ($words.Count -le 2 -and $wordToComplete) { $candidates = & @CUDNNV@ completions }
    elseif ($words.Count -le 1) { $candidates = & @CUDNNV@ completions }
    else { $candidates = & @CUDNNV@ completions $words[1].ToString() }
    $candidates | Where-Object { $_ -like "$wordToComplete*" } |
        ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }
}

_cudnnv_hook
