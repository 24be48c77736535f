# cudnnv shell integration for bash, printed by 'cudnnv init bash'.
# Install: add to ~/.bashrc:  eval "$(cudnnv init bash)"

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

# Completion: cudnnv names the candidates for the words typed so far (see
# 'cudnnv completions --help'); -@files, -@dirs, -@programs ask bash itself.
# bash splits '--opt=VALUE' at the '=': the words are joined back, and a
# value after '=' is completed as the option's value.
_cudnnv_complete() {
  local word=${COMP_WORDS[COMP_CWORD]} prefix= line i
  local -a typed=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ ${COMP_WORDS[i]} == = && ${#typed[@]} -gt 0 && ${typed[-1]} == --* ]]; then
      (( i + 1 < COMP_CWORD )) && typed[-1]+="=${COMP_WORDS[++i]}"
    else
      typed+=("${COMP_WORDS[i]}")
    fi
  done
  if [[ $word == = && ${#typed[@]} -gt 0 && ${typed[-1]} == --* ]]; then
    word=
  elif [[ $word == --*=* ]]; then   # a COMP_WORDBREAKS without '='
    typed+=("${word%%=*}")
    prefix=${word%%=*}=
    word=${word#*=}
  fi
  COMPREPLY=()
  while IFS= read -r line; do
    case $line in
      -@files) compopt -o filenames 2>/dev/null; mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "$word") ;;
      -@dirs) compopt -o filenames 2>/dev/null; mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -d -- "$word") ;;
      -@programs) mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -c -- "$word") ;;
      "$word"*) COMPREPLY+=("$line") ;;
    esac
  done < <(command @CUDNNV@ completions "${typed[@]}" 2>/dev/null)
  [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
  return 0
}
complete -F _cudnnv_complete cudnnv

_cudnnv_hook
