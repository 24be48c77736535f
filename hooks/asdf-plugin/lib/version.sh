# Sourced by the plugin's scripts. asdf and mise hand the plugin
# ASDF_INSTALL_VERSION as the user typed it; the plugin passes a version on
# to cudnnv and nothing else: digits in dotted parts, an optional -cudaN
# ("8.1", "9.1.0.70-cuda12"), always after '--'. Anything else (--help, an
# option, a path, a new line) is refused with one line.
plugin_version() {
    pv_version=$1
    pv_cuda=0
    case $pv_version in
    *-cuda*) pv_cuda=${pv_version##*-cuda}; pv_version=${pv_version%-cuda*} ;;
    esac
    case $pv_cuda in ''|*[!0-9]*) pv_version=x ;; esac
    case $pv_version in
    ''|.*|*.|*..*|*[!0-9.]*)
        printf 'cudnnv plugin: %s is not a cuDNN version (digits and dots, and an optional -cudaN, such as 8.1 or 9.1.0.70-cuda12)\n' \
            "$(printf '%s' "$1" | tr -c '[:print:]' '?')" >&2
        return 1 ;;
    esac
    return 0
}
