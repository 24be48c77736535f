# Applies one device of a CDI spec by hand, as a container engine would,
# where none is installed: a new mount namespace (a user namespace too when
# not root), a tmpfs over /opt/cudnnv (the folder made on the host when it
# is missing: a mount needs a place), each mount of the device bound read-only at
# its container path, the device's environment set, then the command.
# Usage: python3 cdi_apply.py SPEC DEVICE COMMAND...
import json
import os
import shlex
import sys

spec_path, device_name, command = sys.argv[1], sys.argv[2], sys.argv[3:]
spec = json.load(open(spec_path))
edits = next(d["containerEdits"] for d in spec["devices"] if d["name"] == device_name)
lines = ["set -e", "mount -t tmpfs cudnnv-opt /opt/cudnnv"]
os.makedirs("/opt/cudnnv", exist_ok=True)
for mount in edits["mounts"]:
    host, inside = mount["hostPath"], mount["containerPath"]
    if not inside.startswith("/opt/cudnnv/"):
        sys.exit("cdi_apply: %s is outside /opt/cudnnv: not applied by hand" % inside)
    make = "mkdir -p %s" % shlex.quote(inside) if os.path.isdir(host) else \
        "mkdir -p %s && touch %s" % (shlex.quote(os.path.dirname(inside)), shlex.quote(inside))
    lines += [make, "mount --bind %s %s" % (shlex.quote(host), shlex.quote(inside)),
              "mount -o remount,bind,ro %s" % shlex.quote(inside)]
environment = " ".join(shlex.quote(variable) for variable in edits["env"])
lines.append("exec env %s %s" % (environment, " ".join(shlex.quote(word) for word in command)))
print("applied by hand: %d mounts, %s" % (len(edits["mounts"]), environment), flush=True)
unshare = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-r", "-m"]
os.execvp(unshare[0], unshare + ["sh", "-c", "\n".join(lines)])
