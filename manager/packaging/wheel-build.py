"""make wheel: the relocatable tree of make dist as a wheel for pip.

pip installs a wheel's NAME.data/scripts into the environment's bin and
NAME.data/data under its prefix, so bin/cudnnv lands beside lib/cudnnv and
share/cudnnv exactly as in the tarball: cudnnv finds its helpers and shims
from its own path, and no Python runs at a prompt. The glibc floor of the
tag (manylinux_X_Y) is the newest GLIBC_ symbol version any ELF file of
the tree asks for. RECORD lists every file with its SHA-256 and size.

Usage: python3 wheel-build.py TREE VERSION OUT_DIR  (prints the wheel's path)
"""
import base64
import hashlib
import os
import platform
import re
import subprocess
import sys
import zipfile

SUMMARY = "A cuDNN version manager: a per-user store, per-project pins, and shims that load the pinned set"


def glibc_floor(tree):
    """The newest GLIBC_X.Y version any ELF file below tree needs, as (X, Y)."""
    newest = (2, 0)
    for folder, _, files in os.walk(tree):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, "rb") as file:
                if file.read(4) != b"\x7fELF":
                    continue
            symbols = subprocess.run(["objdump", "-T", path], capture_output=True, text=True).stdout
            for major, minor in re.findall(r"GLIBC_(\d+)\.(\d+)", symbols):
                newest = max(newest, (int(major), int(minor)))
    return newest


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def add(wheel, records, name, data, mode=0o644):
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = (0o100000 | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    wheel.writestr(info, data)
    records.append(record_line(name, data))


def tree_files(tree):
    """(path below tree, full path) of every file, bin/cudnnv first, in a stable order."""
    found = []
    for folder, folders, files in os.walk(tree):
        folders.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            found.append((os.path.relpath(path, tree), path))
    return found


def main():
    tree, version, out_dir = sys.argv[1:4]
    machine = platform.machine()
    floor = glibc_floor(tree)
    tag = "py3-none-manylinux_%d_%d_%s" % (floor[0], floor[1], machine)
    data_dir, info_dir = "cudnnv-%s.data" % version, "cudnnv-%s.dist-info" % version
    out = os.path.join(out_dir, "cudnnv-%s-%s.whl" % (version, tag))
    records = []
    with zipfile.ZipFile(out + ".part", "w") as wheel:
        for relative, path in tree_files(tree):
            with open(path, "rb") as file:
                data = file.read()
            mode = 0o755 if os.access(path, os.X_OK) else 0o644
            if relative == "bin/cudnnv":
                name = "%s/scripts/cudnnv" % data_dir
            elif relative.startswith("bin/"):
                sys.exit("wheel-build: %s: only bin/cudnnv is a program of the tree" % relative)
            else:
                name = "%s/data/%s" % (data_dir, relative)
            add(wheel, records, name, data, mode)
        metadata = "Metadata-Version: 2.1\nName: cudnnv\nVersion: %s\nSummary: %s\n" % (version, SUMMARY)
        add(wheel, records, info_dir + "/METADATA", metadata.encode())
        wheel_file = "Wheel-Version: 1.0\nGenerator: cudnnv make wheel\nRoot-Is-Purelib: false\nTag: %s\n" % tag
        add(wheel, records, info_dir + "/WHEEL", wheel_file.encode())
        records.append(info_dir + "/RECORD,,")
        add_record = zipfile.ZipInfo(info_dir + "/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        add_record.external_attr = (0o100644) << 16
        wheel.writestr(add_record, "\n".join(records) + "\n")
    os.replace(out + ".part", out)
    print(out)


main()
