# cudnnv shell integration for fish, printed by 'cudnnv init fish'.
# Install: add to ~/.config/fish/config.fish:  command -q cudnnv; and cudnnv init fish | source

# 'cudnnv shell ...' changes this shell: what it prints is code for it
# (cudnnv decides everything else: help, the current choice, errors).
function cudnnv
    if test "$argv[1]" = shell
        set -l code (command @CUDNNV@ shell --shell fish $argv[2..-1]); or return
        string join \n -- $code | source
        _cudnnv_hook
        return 0
    else
        command @CUDNNV@ $argv
    end
end

function _cudnnv_hook --on-variable PWD --on-event fish_prompt
    _cudnnv_unchanged; or command @CUDNNV@ hook-env fish $fish_pid 2>/dev/null | source
end

# True when nothing that decides the selection changed since hook-env last
# ran: the same folder and variables, no watched file as new as the stamp,
# none appeared or went (the list comes from hook-env). Builtins only, so a
# prompt where nothing changed starts no process.
function _cudnnv_unchanged
    set -q __CUDNNV_WATCH_FILES; or return 1
    test "$PWD" = "$__CUDNNV_WATCH_DIR"; or return 1
    test "$CUDNNV_VERSION" = "$__CUDNNV_WATCH_VERSION"; or return 1
    test "$CUDNNV_ROOT" = "$__CUDNNV_WATCH_ROOT"; or return 1
    # the library path and preload list as the hook left them (another tool, such as mise, may have put back an
    # old value)
    test "$LD_LIBRARY_PATH" = "$__CUDNNV_WATCH_LIBRARY_PATH"; or return 1
    test "$LD_PRELOAD" = "$__CUDNNV_WATCH_PRELOAD"; or return 1
    set -l stamp 0
    for entry in (string split \n -- $__CUDNNV_WATCH_FILES)
        set -l file (string sub -s 2 -- $entry)
        switch $entry
            case '=*'
                set stamp (path mtime -- $file); or return 1
            case '+*'
                set -l time (path mtime -- $file); or return 1
                test $time -lt $stamp; or return 1
            case '-*'
                test -e $file; and return 1
                test -L $file; and return 1
        end
    end
    return 0
end

@COMPLETION@

_cudnnv_hook
