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
  _cudnnv_unchanged || eval "$(command @CUDNNV@ hook-env zsh $$)"
}

# True when nothing that decides the selection changed since hook-env last
# ran: the same folder and variables, no watched file newer than the stamp,
# none appeared or went (the list comes from hook-env). Builtins only, so a
# prompt where nothing changed starts no process.
_cudnnv_unchanged() {
  [[ -n ${__CUDNNV_WATCH_FILES-} && $PWD == "${__CUDNNV_WATCH_DIR-}" &&
     ${CUDNNV_VERSION-} == "${__CUDNNV_WATCH_VERSION-}" &&
     ${CUDNNV_ROOT-} == "${__CUDNNV_WATCH_ROOT-}" ]] || return 1
  local entry stamp=
  while IFS= read -r entry; do
    case $entry in
      =*) stamp=${entry#=} ;;
      +*) [[ -e ${entry#+} && ${entry#+} -ot $stamp ]] || return 1 ;;
      -*) [[ ! -e ${entry#-} && ! -L ${entry#-} ]] || return 1 ;;
    esac
  done <<< "$__CUDNNV_WATCH_FILES"
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
