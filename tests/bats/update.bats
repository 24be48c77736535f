#!/usr/bin/env bats
# cudnnv update: the catalog repository, cloned and fast-forwarded with
# libgit2 from a local bare repository over file://.

load helpers

commit_release() { # commit_release VERSION: adds a release to the upstream catalog
    printf '[release]\nversion = %s\n\n[build cuda13]\ncuda = 13\nmin_driver_linux = 580\nlinux_archive = cudnn-linux-x86_64-%s_cuda13-archive.tar.xz\n' \
        "$1" "$1" > "$UPSTREAM_WORK/catalog/$1.ini"
    git -C "$UPSTREAM_WORK" add -A
    git -C "$UPSTREAM_WORK" -c user.name=test -c user.email=test@example.org commit -qm "add $1"
    git -C "$UPSTREAM_WORK" push -q origin HEAD 2>/dev/null
}

setup_upstream() {
    UPSTREAM="$BATS_TEST_TMPDIR/catalog.git"
    UPSTREAM_WORK="$BATS_TEST_TMPDIR/catalog-work"
    git init -q --bare "$UPSTREAM"
    git clone -q "$UPSTREAM" "$UPSTREAM_WORK" 2>/dev/null
    mkdir -p "$UPSTREAM_WORK/catalog"
    cp "$BATS_TEST_DIRNAME"/../../versions/catalog/*.ini "$UPSTREAM_WORK/catalog/"
    cp "$BATS_TEST_DIRNAME/../../versions/frameworks.ini" "$UPSTREAM_WORK/"
    commit_release 9.99.0.1
}

@test "update clones the catalog; its releases then override the shipped ones" {
    setup_upstream
    run cudnnv known 9.99
    assert_status 1
    run cudnnv update --remote "file://$UPSTREAM"
    assert_status 0
    assert_output_has "catalog cloned at"
    [ -d "$CUDNNV_ROOT/catalog/.git" ]
    run cudnnv known 9.99
    assert_status 0
    [ "$output" = "  9.99.0.1     CUDA 13" ]
}

@test "update fast-forwards to new upstream commits, and says when up to date" {
    setup_upstream
    cudnnv update --remote "file://$UPSTREAM" 2>/dev/null
    commit_release 9.99.1.1
    printf '[catalog]\nremote = file://%s\n' "$UPSTREAM" > "$CUDNNV_ROOT/config"
    run cudnnv update
    assert_status 0
    assert_output_has "catalog updated at $(git -C "$UPSTREAM_WORK" rev-parse --short=12 HEAD)"
    run cudnnv known 9.99
    [ "${#lines[@]}" -eq 2 ]
    run cudnnv update
    assert_output_has "already up to date"
}

@test "a catalog with local commits is not overwritten" {
    setup_upstream
    cudnnv update --remote "file://$UPSTREAM" 2>/dev/null
    commit_release 9.99.1.1
    echo "; mine" >> "$CUDNNV_ROOT/catalog/frameworks.ini"
    git -C "$CUDNNV_ROOT/catalog" -c user.name=me -c user.email=me@example.org commit -qam mine
    before=$(git -C "$CUDNNV_ROOT/catalog" rev-parse HEAD)
    run cudnnv update --remote "file://$UPSTREAM"
    assert_status 1
    assert_output_has "cannot fast-forward"
    [ "$(git -C "$CUDNNV_ROOT/catalog" rev-parse HEAD)" = "$before" ]
}

@test "NVIDIA's address unreachable, or a git remote that does not exist, is explained" {
    CUDNNV_REDIST_URL="http://127.0.0.1:9/redist" run cudnnv update
    assert_status 1
    assert_output_has "cannot read NVIDIA's redist index http://127.0.0.1:9/redist/"
    [ ! -e "$CUDNNV_ROOT/catalog-redist" ]
    run cudnnv update --remote "file://$BATS_TEST_TMPDIR/nothing.git"
    assert_status 1
    assert_output_has "cannot clone file://$BATS_TEST_TMPDIR/nothing.git"
    [ ! -e "$CUDNNV_ROOT/catalog" ]
    [ -z "$(ls "$CUDNNV_ROOT/staging")" ]
    run cudnnv update --help
    assert_output_has "Usage: cudnnv update"
}

# serve_redist: a local server laid out as NVIDIA's redist folder: an index
# linking the manifests, manifests in NVIDIA's shape, and the archives.
serve_redist() {
    REDIST="$BATS_TEST_TMPDIR/served/redist"
    mkdir -p "$REDIST/cudnn/linux-x86_64" "$REDIST/cudnn/linux-sbsa"
    serve_folder "$BATS_TEST_TMPDIR/served"
    BASE="http://127.0.0.1:$PORT/redist/"
    archive="$ARCHIVES/cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz"
    good=$(sha256sum "$archive" | cut -d' ' -f1)
    goodsize=$(stat -c %s "$archive")
    cp "$archive" "$REDIST/cudnn/linux-x86_64/cudnn-linux-x86_64-9.90.0.70_cuda12-archive.tar.xz"
    cp "$archive" "$REDIST/cudnn/linux-x86_64/cudnn-linux-x86_64-9.90.0.71_cuda12-archive.tar.xz"
    cp "$archive" "$REDIST/cudnn/linux-sbsa/cudnn-linux-sbsa-9.90.0.70_cuda12-archive.tar.xz"
    # a release not built in, for two platforms
    cat > "$REDIST/redistrib_9.90.0.json" <<JSON
{"release_date": "2026-01-01", "release_label": "9.90.0", "release_product": "cudnn",
 "cudnn": {"name": "NVIDIA CUDA Deep Neural Network library", "version": "9.90.0.70",
  "cuda_variant": ["12"],
  "linux-x86_64": {"cuda12": {"relative_path": "cudnn/linux-x86_64/cudnn-linux-x86_64-9.90.0.70_cuda12-archive.tar.xz",
                              "sha256": "$good", "md5": "x", "size": "$goodsize"}},
  "linux-sbsa": {"cuda12": {"relative_path": "cudnn/linux-sbsa/cudnn-linux-sbsa-9.90.0.70_cuda12-archive.tar.xz",
                            "sha256": "$good", "size": "$goodsize"}}},
 "cudnn_samples": {"version": "9.90.0.70"}}
JSON
    # the wrong SHA-256: written, and then refused by install
    cat > "$REDIST/redistrib_9.90.1.json" <<JSON
{"cudnn": {"version": "9.90.0.71",
  "linux-x86_64": {"cuda12": {"relative_path": "cudnn/linux-x86_64/cudnn-linux-x86_64-9.90.0.71_cuda12-archive.tar.xz",
                              "sha256": "$(printf '%064d' 0)", "size": "$goodsize"}}}}
JSON
    # an older manifest: no build level, the CUDA in the archive's name
    cat > "$REDIST/redistrib_8.3.3.json" <<JSON
{"cudnn": {"version": "8.3.3.40",
  "linux-sbsa": {"relative_path": "cudnn/linux-sbsa/cudnn-linux-sbsa-8.3.3.40_cuda11.5-archive.tar.xz",
                 "sha256": "$good", "size": "5"}}}
JSON
    printf '{"cudnn": {"version": "9.2.0.1", "linux-x86_64": ' > "$REDIST/redistrib_9.2.0.json"   # cut short
    cat > "$REDIST/redistrib_9.3.0.json" <<JSON
{"cudnn": {"version": "9.3.0.1", "linux-x86_64": {"cuda12": {"relative_path": "../../home/.bashrc", "sha256": "$good"}}}}
JSON
    cat > "$REDIST/redistrib_9.4.0.json" <<JSON
{"cudnn": {"version": "9.4.0.1;rm -rf", "linux-x86_64": {"cuda12": {"relative_path": "cudnn/x.tar.xz", "sha256": "$good", "size": "9"}}}}
JSON
    cat > "$REDIST/index.html" <<HTML
<html><body><a href="redistrib_8.3.3.json">redistrib_8.3.3.json</a>
<a href="redistrib_9.90.0.json">redistrib_9.90.0.json</a> <a href="redistrib_9.90.1.json">x</a>
<a href="redistrib_9.2.0.json">x</a> <a href="redistrib_9.3.0.json">x</a> <a href="redistrib_9.4.0.json">x</a>
<a href="redistrib_..%2f..%2fx.json">x</a> <a href="redistrib_9.90.0.json">again</a></body></html>
HTML
}

@test "update reads NVIDIA's manifests: new releases, platforms, bad manifests skipped, wrong sums refused" {
    serve_redist
    run cudnnv known 9.90
    assert_status 1
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\nredist = %s\n' "$BASE" > "$CUDNNV_ROOT/config"
    run cudnnv update
    assert_status 0
    assert_output_has "3 new releases from $BASE (6 manifests read, 3 skipped, 0 already known)"
    assert_output_has "skipping ${BASE}redistrib_9.2.0.json: not JSON"
    assert_output_has "skipping ${BASE}redistrib_9.3.0.json: an archive path that is not a plain relative path"
    assert_output_has "skipping ${BASE}redistrib_9.4.0.json: it has a version that is not a dotted number"
    [ "$(ls "$CUDNNV_ROOT/catalog-redist")" = "$(printf '8.3.3.ini\n9.90.0.ini\n9.90.1.ini')" ]
    # known shows the new release, and the Arm archives
    run cudnnv known 9.90
    assert_output_has "9.90.0.70    CUDA 12"
    # NVIDIA's manifests do not say which GPUs: the built-in table does (9.11 on: 7.5 or newer)
    run cudnnv known --gpu 6.1 9.90
    assert_output_has "9.90.0.70    CUDA 12  (has no code for compute capability 6.1: it needs 7.5 or newer)"
    run cudnnv known --platform linux-sbsa 8.3
    assert_output_has "CUDA 11.5  cudnn-linux-sbsa-8.3.3.40_cuda11.5-archive.tar.xz"
    # install downloads the host platform's archive and checks its SHA-256
    run cudnnv install 9.90.0.70
    assert_status 0
    assert_output_has "cudnn-linux-x86_64-9.90.0.70_cuda12-archive.tar.xz"
    [ -d "$CUDNNV_ROOT/versions/9.1.0" ]   # the test archive holds 9.1.0
    run cudnnv install 9.90.0.71
    assert_status 1
    assert_output_has "but the catalog says $(printf '%064d' 0); the file was deleted and nothing was installed"
    # a second update reads only what it has not seen
    run cudnnv update
    assert_output_has "0 new releases from $BASE (3 manifests read, 3 skipped, 3 already known)"
    [ ! -e "$HOME/.bashrc" ]
}

@test "update refuses manifests whose sum, path or size is hostile, and cleans what a killed update left" {
    serve_redist
    rm -f "$REDIST"/redistrib_*.json
    good_path="cudnn/linux-x86_64/cudnn-linux-x86_64-9.90.0.70_cuda12-archive.tar.xz"
    manifest() { # manifest LABEL ENTRY_JSON
        printf '{"cudnn": {"version": "%s.1", "linux-x86_64": {"cuda12": %s}}}\n' "$1" "$2" > "$REDIST/redistrib_$1.json"
        printf '<a href="redistrib_%s.json">x</a>\n' "$1" >> "$REDIST/index.html"
    }
    : > "$REDIST/index.html"
    manifest 9.91.0 "{\"relative_path\": \"$good_path\", \"size\": \"$goodsize\"}"
    manifest 9.91.1 "{\"relative_path\": \"$good_path\", \"sha256\": 7, \"size\": \"$goodsize\"}"
    manifest 9.91.2 "{\"relative_path\": \"$good_path\", \"sha256\": \"abc\", \"size\": \"$goodsize\"}"
    manifest 9.91.3 "{\"relative_path\": \"$good_path\", \"sha256\": \"$(printf 'g%.0s' $(seq 64))\", \"size\": \"$goodsize\"}"
    manifest 9.92.0 "{\"relative_path\": \"cudnn/%2e%2e/%2e%2e/x.tar.xz\", \"sha256\": \"$good\", \"size\": \"$goodsize\"}"
    manifest 9.92.1 "{\"relative_path\": \"http://evil.example/x.tar.xz\", \"sha256\": \"$good\", \"size\": \"$goodsize\"}"
    manifest 9.92.2 "{\"relative_path\": \"/etc/x.tar.xz\", \"sha256\": \"$good\", \"size\": \"$goodsize\"}"
    manifest 9.92.3 "{\"relative_path\": \"cudnn\\\\..\\\\x.tar.xz\", \"sha256\": \"$good\", \"size\": \"$goodsize\"}"
    manifest 9.93.0 "{\"relative_path\": \"$good_path\", \"sha256\": \"$good\"}"
    manifest 9.93.1 "{\"relative_path\": \"$good_path\", \"sha256\": \"$good\", \"size\": \"0\"}"
    manifest 9.93.2 "{\"relative_path\": \"$good_path\", \"sha256\": \"$good\", \"size\": \"-5\"}"
    manifest 9.93.3 "{\"relative_path\": \"$good_path\", \"sha256\": \"$good\", \"size\": \"12kb\"}"
    manifest 9.94.0 "{\"relative_path\": \"$good_path\", \"sha256\": \"$good\", \"size\": $goodsize}"
    # a manifest over 4 MiB is refused as it arrives, whatever it holds
    manifest 9.95.0 "{\"relative_path\": \"$good_path\", \"sha256\": \"$good\", \"size\": \"$goodsize\", \"x\": \"$(printf '%4194304s' '')\"}"
    mkdir -p "$CUDNNV_ROOT/catalog-redist"
    echo "[release]" > "$CUDNNV_ROOT/catalog-redist/9.80.0.ini.tmp.Ab12Cd"
    printf '[catalog]\nredist = %s\n' "$BASE" > "$CUDNNV_ROOT/config"
    run cudnnv update
    assert_status 0
    for label in 9.91.0 9.91.1 9.91.2 9.91.3; do
        assert_output_has "skipping ${BASE}redistrib_$label.json: an archive without a SHA-256 of 64 hexadecimal digits"
    done
    for label in 9.92.0 9.92.1 9.92.2 9.92.3; do
        assert_output_has "skipping ${BASE}redistrib_$label.json: an archive path that is not a plain relative path"
    done
    for label in 9.93.0 9.93.1 9.93.2 9.93.3; do
        assert_output_has "skipping ${BASE}redistrib_$label.json: an archive whose size is not a positive whole number"
    done
    assert_output_has "skipping ${BASE}redistrib_9.95.0.json: larger than 4096 KiB"
    assert_output_has "1 new release from $BASE (14 manifests read, 13 skipped, 0 already known)"
    [ "$(ls "$CUDNNV_ROOT/catalog-redist")" = 9.94.0.ini ]
    grep -qx "linux_sha256 = $good" "$CUDNNV_ROOT/catalog-redist/9.94.0.ini"
}

@test "a copy of NVIDIA's redist folder serves by a file:// address, read as a server's file index" {
    serve_redist
    rm "$REDIST/index.html"
    folder="$BATS_TEST_TMPDIR/copy of redist"
    cp -a "$REDIST" "$folder"
    # names a page could not hold as they are are not listed (one would name a manifest)
    cp "$folder/redistrib_9.90.0.json" "$folder/evil\"><a href=\"redistrib_9.97.0.json"
    cp "$folder/redistrib_9.90.0.json" "$folder/$(printf 'redistrib_9.98.0.json\033]0;x\a')"
    mkdir -p "$CUDNNV_ROOT"
    base="file://${folder// /%20}/"
    printf '[catalog]\nredist = %s\n' "$base" > "$CUDNNV_ROOT/config"
    kill "$SERVER_PID"   # no server: the folder alone
    run cudnnv update
    assert_status 0
    assert_output_has "3 new releases from $base (6 manifests read, 3 skipped, 0 already known)"
    refute_output_has $'\033'
    [ "$(ls "$CUDNNV_ROOT/catalog-redist")" = "$(printf '8.3.3.ini\n9.90.0.ini\n9.90.1.ini')" ]
    # the archive comes from the folder by the manifest's path, its SHA-256 checked
    run cudnnv install 9.90.0.70
    assert_status 0
    assert_output_has "installed 9.1.0"
    run cudnnv install 9.90.0.71
    assert_status 1
    assert_output_has "but the catalog says $(printf '%064d' 0)"
}

@test "a release the catalog names without a SHA-256 takes the sum NVIDIA's manifest gives for the same archive" {
    serve_redist
    name=cudnn-linux-x86_64-9.90.0.70_cuda12-archive.tar.xz
    mkdir -p "$CUDNNV_ROOT/catalog/catalog"
    printf '[release]\nversion = 9.90.0.70\n\n[build cuda12]\ncuda = 12\nlinux_archive = %s\nlinux_url = %s\nlinux_sha256 = \n' \
        "$name" "${BASE}cudnn/linux-x86_64/$name" > "$CUDNNV_ROOT/catalog/catalog/9.90.0.70.ini"
    run cudnnv install --dry-run --cuda 12 9.90.0.70
    assert_output_has "sha256  none published: it would be installed unchecked"
    printf '[catalog]\nredist = %s\n' "$BASE" > "$CUDNNV_ROOT/config"
    run cudnnv update
    assert_status 0
    run cudnnv install --dry-run --cuda 12 9.90.0.70
    assert_output_has "sha256  $good"
    run cudnnv install --cuda 12 9.90.0.70
    assert_status 0
    grep -qx "sha256 = $good" "$CUDNNV_ROOT/versions/9.1.0/cudnnv.ini"
}

@test "an index page over 2 MiB is refused, and nothing is learned from it" {
    serve_redist
    printf '<a href="redistrib_9.90.0.json">x</a>%2097152s\n' '' > "$REDIST/index.html"
    mkdir -p "$CUDNNV_ROOT"
    printf '[catalog]\nredist = %s\n' "$BASE" > "$CUDNNV_ROOT/config"
    run cudnnv update
    assert_status 1
    assert_output_has "cannot read NVIDIA's redist index $BASE: larger than 2048 KiB"
    [ -z "$(ls "$CUDNNV_ROOT/catalog-redist" 2>/dev/null)" ]
}
