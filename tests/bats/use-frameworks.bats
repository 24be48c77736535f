#!/usr/bin/env bats
# Several frameworks in one project: use --for plans one cuDNN per major and
# one CUDA runtime that every framework named accepts, by each framework's
# own load-time rule, or refuses and writes nothing; a later --for keeps what
# the project serves; use and doctor say what each pin serves.

load helpers

# pins: the version file's lines.
pins() { cat .cudnn-version; }

# fake_site: a python3 whose site-packages hold the dist-infos made with fake_dist (none yet).
fake_site() {
    SITE="$BATS_TEST_TMPDIR/site-packages"
    mkdir -p "$SITE" "$BATS_TEST_TMPDIR/bin"
    printf '#!/bin/sh\necho %s\n' "$SITE" > "$BATS_TEST_TMPDIR/bin/python3"
    chmod +x "$BATS_TEST_TMPDIR/bin/python3"
    export PATH="$BATS_TEST_TMPDIR/bin:$PATH"
}

# fake_dist DIST VERSION REQUIRES...: DIST-VERSION.dist-info in $SITE with a METADATA requiring each.
fake_dist() {
    local info="$SITE/$1-$2.dist-info" requirement
    mkdir -p "$info"
    printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "$1" "$2" > "$info/METADATA"
    shift 2
    for requirement in "$@"; do printf 'Requires-Dist: %s\n' "$requirement" >> "$info/METADATA"; done
}

@test "TF 2.5, then torch 2.4, then TF 2.5 again: one project serves both, the runtime replaced once and said, never put back silently" {
    run cudnnv use --for tensorflow==2.5
    assert_status 0
    [ "$(pins)" = "$(printf '8.1\ncuda 11.2')" ]
    run cudnnv use --for torch==2.4
    assert_status 0
    assert_output_has "this project serves tensorflow==2.5 already: planning for it too"
    assert_output_has "replacing the CUDA 11.2 runtime pinned here with 11.8, which every framework here loads with"
    assert_output_has "tensorflow 2.5.0 loads >=11.2,<12, pytorch 2.4 loads ==11.8.*"
    grep -qx 8.1 .cudnn-version
    grep -qx 9.1 .cudnn-version
    grep -qx 'cuda 11.8' .cudnn-version
    run cudnnv use --for tensorflow==2.5
    assert_status 0
    refute_output_has "replacing"
    grep -qx 8.1 .cudnn-version
    grep -qx 9.1 .cudnn-version
    grep -qx 'cuda 11.8' .cudnn-version
    [ "$(grep -c 'cuda 11.2' .cudnn-version)" = 0 ]
    # use alone says what each pin serves
    run cudnnv use
    assert_status 0
    assert_output_has "# for tensorflow==2.5: cuDNN 8 (8.1), CUDA 11.8"
    assert_output_has "# for pytorch==2.4: cuDNN 9 (9.1), CUDA 11.8"
    # 'use VERSION' keeps the runtime pinned for them, and says so
    install_fixture cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz
    run cudnnv use 8.1 9.1 --force
    assert_status 0
    assert_output_has "the CUDA 11.8 runtime pinned here for "
    assert_output_has "tensorflow==2.5"
    assert_output_has " stays ('cudnnv use --cuda-runtime none' removes it"
    grep -qx 'cuda 11.8' .cudnn-version
}

@test "with the sets installed, the same walk pins installed sets for both majors, each for the CUDA the plan pins" {
    install_fixture cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz cudnn-linux-x86_64-9.1.0.70_cuda11-archive-test.tar.xz \
        cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    cudnnv use --for tensorflow==2.5 2>/dev/null
    run cudnnv use --for torch==2.4
    assert_status 0
    assert_output_has "pytorch 2.4 was built with cuDNN 9.1.0.70 (CUDA 11.8); pinning 9.1.0.70 (9.1.0.70 is installed)"
    grep -qx 'cuda 11.8' .cudnn-version
    grep -qx 8.1 .cudnn-version
    grep -qx 9.1.0.70 .cudnn-version
    run cudnnv version --all
    assert_status 0
    assert_output_has "8.1.1.33 (set by $PWD/.cudnn-version)"
    assert_output_has "9.1.0.70 (set by $PWD/.cudnn-version)"
}

@test "torch 2.6 with JAX 0.6.0: a cuDNN of at least 9.8 and one CUDA 12 runtime both load with" {
    run cudnnv use --for torch==2.6 --for jax==0.6.0
    assert_status 0
    assert_output_has "cuDNN 9 for pytorch 2.6 and jax 0.6.0: at least 9.8 (jax 0.6.0's floor), below 10"
    grep -qx 9.8 .cudnn-version
    local cuda
    cuda=$(sed -n 's/^cuda //p' .cudnn-version)
    case $cuda in 12.4|12.6) ;; *) echo "runtime $cuda is not one torch 2.6 builds for" >&2; return 1 ;; esac
    # JAX loads CUDA 12.1 and newer of its major; torch its build's
    assert_output_has "jax 0.6.0 loads >=12.1,<13"
}

@test "frameworks of disjoint needs are refused with the conflict named and nothing written" {
    run cudnnv use --for tensorflow==2.4 --for tensorflow==2.5
    assert_status 1
    assert_output_has "no CUDA 11 runtime is loaded by all of them: tensorflow 2.4.0 loads CUDA ==11.0.*; tensorflow 2.5.0 loads CUDA >=11.2,<12"
    [ ! -e .cudnn-version ]
    # a project that serves one: the other given beside it is refused, the file as it was
    cudnnv use --for tensorflow==2.5 2>/dev/null
    cp .cudnn-version before
    run cudnnv use --for jax==0.6.0
    assert_status 1
    assert_output_has "a project pins one CUDA runtime"
    cmp .cudnn-version before
}

@test "jax 0.7.2 alone: the cuDNN and CUDA of one of its plugins, said; onnxruntime 1.20: a CUDA 12 runtime" {
    run cudnnv use --for jax==0.7.2
    assert_status 0
    assert_output_has "jax 0.7.2 has 2 builds; serving its CUDA 13.0 build (cuDNN 9.12 or newer)"
    [ "$(pins)" = "$(printf '9.12\ncuda 13.0')" ]
    rm .cudnn-version
    run cudnnv use --for onnxruntime==1.20
    assert_status 0
    grep -qx 'cuda 12\.[0-9]*' .cudnn-version
    grep -qx '9\.[0-9]*' .cudnn-version
}

@test "the active Python's torch and JAX: their wheels' cuDNN and CUDA pins decide: 9.19 and CUDA 13.0" {
    fake_site
    fake_dist torch 2.11.0 'nvidia-cudnn-cu13==9.19.0.56; platform_system == "Linux"' \
        'cuda-toolkit[cublas,cudart]==13.0.2; platform_system == "Linux"'
    fake_dist jax_cuda13_plugin 0.7.2 'nvidia-cudnn-cu13<10,>=9.12.0.46'
    run cudnnv use --for torch --for jax
    assert_status 0
    assert_output_has "pytorch 2.11.0 (in $SITE) says nvidia-cudnn-cu13==9.19.0.56"
    assert_output_has "jax 0.7.2 (in $SITE) says nvidia-cudnn-cu13<10,>=9.12.0.46"
    [ "$(pins)" = "$(printf '9.19\ncuda 13.0')" ]
}

@test "doctor judges the selected sets against every framework the project names" {
    install_fixture cudnn-linux-x86_64-8.1.1.33_cuda11-archive-test.tar.xz cudnn-linux-x86_64-9.1.0.70_cuda11-archive-test.tar.xz \
        cudnn-11.0-linux-x64-v8.0.4.30-test.tgz
    cudnnv use --for tensorflow==2.5 --for torch==2.4 2>/dev/null
    run cudnnv doctor
    assert_output_has "OK    frameworks: tensorflow==2.5 (this project's, by use --for): its CUDA 11.2 build loads here: cuDNN 8 here is 8.1.1.33"
    assert_output_has "OK    frameworks: pytorch==2.4 (this project's, by use --for): its CUDA 11.8 build loads here: cuDNN 9 here is 9.1.0.70"
    assert_output_has "the same major, and a runtime minor at least the compile minor (torch/backends/cudnn/__init__.py"
    # 8.0 pinned by hand under TF 2.5, built with 8.1: named, with the fix
    cudnnv use 8.0 9.1 2>/dev/null
    run cudnnv doctor
    assert_status 1
    assert_output_has "FAIL  frameworks: tensorflow==2.5 (this project's, by use --for) does not load with what is selected here: cuDNN 8 here is 8.0.4.30, not >=8.1,<9"
    assert_output_has "OK    frameworks: pytorch==2.4 (this project's, by use --for)"
}

@test "a cuDNN 9 set with sublibraries cudnnv does not know by name installs, verifies and is served whole" {
    local set="$BATS_TEST_TMPDIR/cudnn-9-new" sub
    cp -a "$SETS/9.1.0" "$set"
    for sub in libcudnn_engines_tensor_ir libcudnn_ext; do
        printf 'libcudnn_x.so.9 {\n  global: cudnn*;\n  local: *;\n};\n' | sed "s/libcudnn_x/$sub/" > "$BATS_TEST_TMPDIR/map"
        cc -shared -fPIC -O1 -fvisibility=hidden -DFAKE_VERSION=90100 -DFAKE_CUDART=11020 -Wl,-soname,"$sub.so.9" \
            -Wl,--version-script,"$BATS_TEST_TMPDIR/map" -o "$set/lib/$sub.so.9.1.0" "$BATS_TEST_DIRNAME/../fixtures/fake_sublib.c"
        ln -s "$sub.so.9.1.0" "$set/lib/$sub.so.9"
    done
    run cudnnv install "$set"
    assert_status 0
    local dir="$CUDNNV_ROOT/versions/9.1.0"
    [ -f "$dir/lib/libcudnn_engines_tensor_ir.so.9.1.0" ]
    [ -f "$dir/lib/libcudnn_ext.so.9.1.0" ]
    grep -q 'lib/libcudnn_ext.so.9.1.0' "$dir/MANIFEST"
    run cudnnv verify 9.1.0
    assert_status 0
    cudnnv use 9.1.0 2>/dev/null
    run cudnnv check
    assert_status 0
    assert_output_has "cudnnGetVersion() = 90100"
}
