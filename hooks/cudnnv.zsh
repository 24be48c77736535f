# cudnnv shell integration for zsh, printed by 'cudnnv init zsh'.
# Install: add to ~/.zshrc:  eval "$(cudnnv init zsh)"

cudnnv() {
  if [[ "${1:-}" == shell && $# -gt 1 && " $* " != *" --help "* && " $* " != *" -h "* ]]; then
    shift
    local code
    code=$(command @CUDNNV@ shell --shell zsh "$@") || return
    eval "$code"
    _cudnnv_hook
  else
    command @CUDNNV@ "$@"
  fi
}

_cudnnv_hook() {
  eval "$(command @CUDNNV@ hook-env zsh)"
}

typeset -ag precmd_functions chpwd_functions
if (( ! ${precmd_functions[(I)_cudnnv_hook]} )); then
  precmd_functions=(_cudnnv_hook $precmd_functions)
fi
if (( ! ${chpwd_functions[(I)_cudnnv_hook]} )); then
  chpwd_functions=(_cudnnv_hook $chpwd_functions)
fi

_cudnnv_complete() {
  local -a candidates
  if (( CURRENT == 2 )); then
    candidates=(${(f)"$(command @CUDNNV@ completions)"})
  else
    candidates=(${(f)"$(command @CUDNNV@ completions ${words[2]})"})
  fi
  compadd -a candidates
}
if (( $+functions[compdef] )); then
  compdef _cudnnv_complete cudnnv
fi

_cudnnv_hook
