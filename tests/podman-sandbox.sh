#!/bin/sh
# Runs a command (podman, or runuser ... podman) so that nothing of the
# host's podman state changes: in a private mount namespace, /run, /dev/shm
# and /var/lib are empty tmpfs, where podman and runc keep their runtime
# files (/run/libpod, /run/runc, /run/containers, the /dev/shm locks, the
# blob cache in /var/lib/containers), all gone when the command ends. SPEC,
# when not empty, is copied to the namespace's /run/cdi/cudnnv.json, the
# folder podman 4.3 reads. Root only. Used by containers.bats and make bench.
# Usage: podman-sandbox.sh SPEC COMMAND...
set -eu
spec=$1
shift
exec unshare -m --propagation private sh -c '
    spec=$1
    shift
    mount -t tmpfs -o mode=755 cudnnv-run /run &&
        mount -t tmpfs -o mode=1777 cudnnv-shm /dev/shm &&
        mount -t tmpfs -o mode=755 cudnnv-var-lib /var/lib &&
        mkdir -p /run/cdi /run/lock || exit 125
    if [ -n "$spec" ]; then cp "$spec" /run/cdi/cudnnv.json || exit 125; fi
    exec "$@"' sh "$spec" "$@"
