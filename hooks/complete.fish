# cudnnv's completion for fish: part of 'cudnnv init fish', and installed on
# its own as share/fish/vendor_completions.d/cudnnv.fish by 'make install'
# (with cudnnv found on PATH): fish then never builds one of its own from
# the man page, which would offer other commands' options.

# Completion: cudnnv names the candidates for the words typed so far (see
# 'cudnnv completions --help'); -@files, -@dirs, -@programs ask fish itself,
# so paths complete where a path fits and nowhere else. A word
# '--opt=VALUE' completes VALUE as the option's value.
# __fish_complete_path takes no '~' (fish 3.6): a token that starts with
# '~/' is completed as $HOME/..., and offered with its '~/' again.
function __cudnnv_complete_path
    set -l token $argv[1]
    if string match -q -- '~/*' $token
        set -l length (string length -- $HOME)
        for line in (__fish_complete_path $HOME(string sub -s 2 -- $token))
            echo '~'(string sub -s (math $length + 1) -- $line)
        end
        return
    end
    __fish_complete_path $token
end

function __cudnnv_complete
    set -l typed (commandline -opc)
    set -l token (commandline -ct)
    set -l prefix ''
    if string match -qr -- '^--[^=]+=' $token
        set prefix (string replace -r -- '=.*' '=' $token)
        set -a typed (string replace -r -- '=.*' '' $token)
        set token (string replace -r -- '^[^=]*=' '' $token)
    end
    for line in (command @CUDNNV@ completions $typed[2..-1] 2>/dev/null)
        set -l found $line
        switch $line
            case -@files
                set found (__cudnnv_complete_path $token)
            case -@dirs
                set found (__fish_complete_directories $token)
            case -@programs
                set found (__fish_complete_command)
        end
        set -q found[1]; and printf '%s\n' $prefix$found
    end
end
complete -c cudnnv -f -a '(__cudnnv_complete)'
