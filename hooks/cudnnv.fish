# cudnnv shell integration for fish, printed by 'cudnnv init fish'.
# Install: add to ~/.config/fish/config.fish:  cudnnv init fish | source

function cudnnv
    if test (count $argv) -gt 1; and test "$argv[1]" = shell; and not contains -- --help $argv; and not contains -- -h $argv
        set -l code (command @CUDNNV@ shell --shell fish $argv[2..-1]); or return
        string join \n -- $code | source
        _cudnnv_hook
    else
        command @CUDNNV@ $argv
    end
end

function _cudnnv_hook --on-variable PWD --on-event fish_prompt
    command @CUDNNV@ hook-env fish | source
end

complete -c cudnnv -f
complete -c cudnnv -n '__fish_use_subcommand' -a '(command @CUDNNV@ completions)'
complete -c cudnnv -n 'not __fish_use_subcommand' -a '(command @CUDNNV@ completions (commandline -opc)[2])'

_cudnnv_hook
