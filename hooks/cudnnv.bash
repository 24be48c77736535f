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
  _cudnnv_unchanged || eval "$(command @CUDNNV@ hook-env bash $$)"
  return $status
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

# Completion: cudnnv names the candidates for the words typed so far (see
# 'cudnnv completions --help'); -@files, -@dirs, -@programs ask bash itself.
_cudnnv_complete() {
  local word=${COMP_WORDS[COMP_CWORD]} line
  COMPREPLY=()
  while IFS= read -r line; do
    case $line in
      -@files) compopt -o filenames 2>/dev/null; mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "$word") ;;
      -@dirs) compopt -o filenames 2>/dev/null; mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -d -- "$word") ;;
      -@programs) mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -c -- "$word") ;;
      "$word"*) COMPREPLY+=("$line") ;;
    esac
  done < <(command @CUDNNV@ completions "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)
  return 0
}
complete -F _cudnnv_complete cudnnv

_cudnnv_hook
