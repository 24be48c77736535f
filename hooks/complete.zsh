# cudnnv's completion function for zsh's completion system: part of
# 'cudnnv init zsh', and installed on its own as
# share/zsh/vendor-completions/_cudnnv by 'make install' (with cudnnv found
# on PATH), which compinit autoloads for cudnnv.
_cudnnv_complete() {
  local line
  local -a candidates typed
  typed=(${words[2,CURRENT-1]})
  if compset -P '--*='; then
    typed+=(${IPREFIX%=})
  fi
  for line in ${(f)"$(command @CUDNNV@ completions $typed 2>/dev/null)"}; do
    case $line in
      -@files) _files ;;
      -@dirs) _files -/ ;;
      -@programs) _command_names -e ;;
      *) candidates+=("$line") ;;
    esac
  done
  compadd -a candidates
}
