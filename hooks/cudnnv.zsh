# cudnnv shell integration for zsh, printed by 'cudnnv init zsh'.
# Install: add to ~/.zshrc:  command -v cudnnv >/dev/null && eval "$(cudnnv init zsh)"

@COMMON@

# Never fails: under the user's ERR_EXIT a failing hook would end the shell.
# Writes nothing at a prompt: a pin that selects nothing is in $CUDNNV_PROBLEM.
_cudnnv_hook() {
  _cudnnv_unchanged || eval "$(command @CUDNNV@ hook-env zsh $$ 2>/dev/null)" || :
}

typeset -ag precmd_functions chpwd_functions
if (( ! ${precmd_functions[(I)_cudnnv_hook]} )); then
  precmd_functions=(_cudnnv_hook $precmd_functions)
fi
if (( ! ${chpwd_functions[(I)_cudnnv_hook]} )); then
  chpwd_functions=(_cudnnv_hook $chpwd_functions)
fi

# Completion: cudnnv names the candidates for the words typed so far (see
# 'cudnnv completions --help'); -@files, -@dirs, -@programs ask zsh itself.
# With compinit (before or after this line) through compdef; without it,
# through compctl.
# A word '--opt=VALUE' completes VALUE as the option's value.
@COMPLETION@
_cudnnv_compctl() {
  local -a typed before found
  local current line prefix= value
  read -cA typed
  read -cn current
  before=(${typed[2,current-1]})
  value=${typed[current]}
  if [[ $value == --*=* ]]; then
    prefix=${value%%=*}=
    before+=(${value%%=*})
    value=${value#*=}
  fi
  reply=()
  for line in ${(f)"$(command @CUDNNV@ completions $before 2>/dev/null)"}; do
    case $line in
      -@files) found=(${value}*(N)) ;;
      -@dirs) found=(${value}*(N/)) ;;
      -@programs) found=(${(k)commands[(I)$value*]}) ;;
      *) found=("$line") ;;
    esac
    reply+=(${found/#/$prefix})
  done
}
# compinit may run after this line: register with compdef at the first
# prompt where it exists
_cudnnv_compdef() {
  (( $+functions[compdef] )) || return 0
  compdef _cudnnv_complete cudnnv
  precmd_functions=(${precmd_functions:#_cudnnv_compdef})
}
if (( $+functions[compdef] )); then
  compdef _cudnnv_complete cudnnv
else
  zmodload zsh/compctl 2>/dev/null && compctl -K _cudnnv_compctl cudnnv
  precmd_functions+=(_cudnnv_compdef)
fi

_cudnnv_hook
