# cudnnv shell integration for bash, printed by 'cudnnv init bash'.
# Install: add to ~/.bashrc:  eval "$(cudnnv init bash)"

cudnnv() {
  if [ "${1:-}" = shell ] && [ "$#" -gt 1 ] && [[ " $* " != *" --help "* && " $* " != *" -h "* ]]; then
    shift
    local code
    code=$(command @CUDNNV@ shell --shell bash "$@") || return
    eval "$code"
    _cudnnv_hook
  else
    command @CUDNNV@ "$@"
  fi
}

_cudnnv_hook() {
  local status=$?
  eval "$(command @CUDNNV@ hook-env bash)"
  return $status
}

# A command on the same line as a cd ('cd proj && python train.py') must get
# the project's set, but bash runs PROMPT_COMMAND only before the next
# prompt: so cd, pushd and popd run the hook themselves (zsh's chpwd and
# fish's PWD handler do the same there). A cd function of the user's own is
# left alone.
if ! declare -F cd >/dev/null; then
  cd() { builtin cd "$@" && _cudnnv_hook; }
fi
if ! declare -F pushd >/dev/null; then
  pushd() { builtin pushd "$@" && _cudnnv_hook; }
fi
if ! declare -F popd >/dev/null; then
  popd() { builtin popd "$@" && _cudnnv_hook; }
fi

if [[ ";${PROMPT_COMMAND:-};" != *";_cudnnv_hook;"* ]]; then
  PROMPT_COMMAND="_cudnnv_hook${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
fi

_cudnnv_complete() {
  local word=${COMP_WORDS[COMP_CWORD]} words
  if [ "$COMP_CWORD" -eq 1 ]; then
    words=$(command @CUDNNV@ completions)
  else
    words=$(command @CUDNNV@ completions "${COMP_WORDS[1]}")
  fi
  COMPREPLY=($(compgen -W "$words" -- "$word"))
}
complete -F _cudnnv_complete cudnnv

_cudnnv_hook
