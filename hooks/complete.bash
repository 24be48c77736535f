# cudnnv's completion for bash: part of 'cudnnv init bash', and installed on
# its own as share/bash-completion/completions/cudnnv by 'make install'
# (with cudnnv found on PATH), for shells that have no cudnnv hook.

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
