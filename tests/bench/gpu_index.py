"""A PEP 503 index made of a Python environment's installed NVIDIA packages, as a company index would mirror
them (gpu_frameworks.sh): each installed nvidia-* and cuda-toolkit distribution becomes a wheel again, under its
real name and version, its files and RECORD as installed (RECORD lists every file with its sha256), and beside
each unsuffixed CUDA 13 project, its '-cu13' name holds a 0.0.1 source stub, as PyPI's do.
Usage: gpu_index.py SITE_PACKAGES OUT_DIR"""
import base64, hashlib, os, re, sys, tarfile, io, zipfile

site, out = sys.argv[1], sys.argv[2]
os.makedirs(os.path.join(out, "files"), exist_ok=True)


def page(project, name, path, extra=""):
    digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
    folder = os.path.join(out, "simple", project)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "index.html"), "a") as index:
        index.write('<a href="/files/%s#sha256=%s"%s>%s</a><br/>\n' % (name, digest, extra, name))


def rebuild(info):
    stem, version = info[: -len(".dist-info")].rsplit("-", 1)
    project = re.sub(r"[-_.]+", "-", stem).lower()
    record = open(os.path.join(site, info, "RECORD")).read().splitlines()
    pure = not any(".so" in line.split(",")[0] for line in record)
    tag = "py3-none-any" if pure else "py3-none-manylinux_2_27_x86_64"
    name = "%s-%s-%s.whl" % (stem, version, tag)
    path = os.path.join(out, "files", name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as wheel:
        for line in record:
            file = line.split(",")[0]
            if not file or file.startswith("..") or "__pycache__" in file or not os.path.isfile(os.path.join(site, file)):
                continue
            wheel.write(os.path.join(site, file), file)
    page(project, name, path)
    if project.startswith("nvidia-") and not re.search(r"-cu1[0-9]$", project):
        stub = "%s_cu13-0.0.1" % stem
        data = io.BytesIO()
        with tarfile.open(fileobj=data, mode="w:gz") as tar:
            body = ("raise RuntimeError(\"THIS PROJECT '%s-cu13' IS DEPRECATED\")\n" % project).encode()
            member = tarfile.TarInfo("%s/setup.py" % stub)
            member.size = len(body)
            tar.addfile(member, io.BytesIO(body))
        open(os.path.join(out, "files", stub + ".tar.gz"), "wb").write(data.getvalue())
        page(project + "-cu13", stub + ".tar.gz", os.path.join(out, "files", stub + ".tar.gz"))
    return project, version


for info in sorted(os.listdir(site)):
    if info.endswith(".dist-info") and (info.startswith("nvidia_") or info.startswith("cuda_toolkit")):
        print("%s %s" % rebuild(info))
