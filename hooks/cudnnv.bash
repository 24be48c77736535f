# cudnnv shell integration for bash, printed by 'cudnnv init bash'.
# Install: add to ~/.bashrc:  command -v cudnnv >/dev/null && eval "$(cudnnv init bash)"

@COMMON@

# The hook gives back the status of the user's last command (for a prompt
# that shows it), and never fails itself: under the user's 'set -e' a
# failure would end their shell. It writes nothing at a prompt: a pin that
# selects nothing is in $CUDNNV_PROBLEM, and programs say it when they run.
_cudnnv_hook() {
  local status=$?
  _cudnnv_unchanged || eval "$(command @CUDNNV@ hook-env bash $$ 2>/dev/null)" || :
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

# '&& :' keeps the returned status out of errexit's reach (a command before
# '&&' never ends the shell) while the next command still sees it in $?.
if [[ ";${PROMPT_COMMAND:-};" != *";_cudnnv_hook && :;"* && ";${PROMPT_COMMAND:-};" != *";_cudnnv_hook;"* ]]; then
  PROMPT_COMMAND="_cudnnv_hook && :${PROMPT_COMMAND:+;$PROMPT_COMMAND}"
fi

@COMPLETION@

_cudnnv_hook
