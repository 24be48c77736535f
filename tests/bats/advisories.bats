#!/usr/bin/env bats
# Known-bad releases (versions/advisories.ini): install passes over them
# unless --allow-advised, use and doctor warn of them.

load helpers

@test "install refuses a release advised against, names why, and --allow-advised takes it" {
    run -1 cudnnv install --dry-run --cuda 12 9.10.0
    assert_output_has "passing over cuDNN 9.10.0.56: an ABI break"
    assert_output_has "cuDNN 9.10.0.56 is advised against: an ABI break"
    assert_output_has "take it anyway with --allow-advised"
    refute_output_has "cudnn-linux-x86_64-9.10.0.56_cuda12-archive.tar.xz"
    run cudnnv install --dry-run --allow-advised --cuda 12 9.10.0
    assert_status 0
    assert_output_has "cudnn-linux-x86_64-9.10.0.56_cuda12-archive.tar.xz"
    refute_output_has "passing over"
}

@test "a prefix whose newest release is advised against gets the newest that is not" {
    mkdir -p "$CUDNNV_ROOT/catalog"
    printf '[test]\nfrom = 9.10.2\nbefore = 9.10.3\nseverity = avoid\nwhy = a test advisory\n' \
        > "$CUDNNV_ROOT/catalog/advisories.ini"
    run cudnnv install --dry-run --cuda 12 9.10
    assert_status 0
    assert_output_has "passing over cuDNN 9.10.2.21: a test advisory (--allow-advised takes it)"
    assert_output_has "cudnn-linux-x86_64-9.10.1.4_cuda12-archive.tar.xz"
    # a section without a severity advises nothing
    printf '[test]\nfrom = 9.10.2\nbefore = 9.10.3\nwhy = no severity\n' > "$CUDNNV_ROOT/catalog/advisories.ini"
    run cudnnv install --dry-run --cuda 12 9.10
    assert_output_has "cudnn-linux-x86_64-9.10.2.21_cuda12-archive.tar.xz"
}

@test "a store copy of advisories.ini that cannot be read is named, and the shipped advisories still hold; a reason with ESC is kept, escaped" {
    mkdir -p "$CUDNNV_ROOT/catalog"
    local copy="$CUDNNV_ROOT/catalog/advisories.ini" bad
    for bad in fifo zero huge nul; do
        rm -f "$copy"
        case $bad in
        fifo) mkfifo "$copy" ;;
        zero) ln -s /dev/zero "$copy" ;;
        huge) { printf '[x]\n'; head -c 1100000 /dev/zero | tr '\0' ';'; } > "$copy" ;;
        nul) printf '[x]\nfrom = 1\n\0\n[test]\nfrom = 9.10.2\n' > "$copy" ;;
        esac
        run timeout 60 "$CUDNNV" install --dry-run --cuda 12 9.10.0
        [ "$status" -ne 124 ] || { echo "held by the $bad copy" >&2; false; }
        assert_output_has "warning: $copy cannot be used"
        assert_output_has "reading the copy shipped with cudnnv instead"
        assert_output_has "passing over cuDNN 9.10.0.56: an ABI break"
    done
    rm -f "$copy"
    printf '[test]\nfrom = 9.10.2\nbefore = 9.10.3\nseverity = avoid\nwhy = a test \033]0;owned\007advisory\n' > "$copy"
    run cudnnv install --dry-run --cuda 12 9.10
    assert_status 0
    assert_output_has 'passing over cuDNN 9.10.2.21: a test \x1b]0;owned\x07advisory'
    assert_output_has "cudnn-linux-x86_64-9.10.1.4_cuda12-archive.tar.xz"
}

@test "use warns of a pinned release advised against; doctor names the strongest advisory of a selected set" {
    mkdir -p set910/lib set910/include
    printf '#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 10\n#define CUDNN_PATCHLEVEL 0\n' > set910/include/cudnn_version.h
    cp -a "$SETS/9.1.0/lib/"* set910/lib/
    cudnnv link s910 "$PWD/set910" 2>/dev/null
    run cudnnv use s910
    assert_status 0
    assert_output_has "warning: cuDNN 9.10.0 is advised against: an ABI break"
    run cudnnv doctor
    assert_output_has "WARN  advisories: s910 (cuDNN 9.10.0, 9.10.0 up to before 9.10.1): an ABI break"
    refute_output_has "with cuBLASLt 12.9 or newer"
    # a 9.1 set: only the weaker advisory applies; use says nothing of it
    install_fixture cudnn-linux-x86_64-9.1.0.70_cuda12-archive-test.tar.xz
    run cudnnv use 9.1.0
    assert_status 0
    refute_output_has "advised"
    run cudnnv doctor
    assert_output_has "WARN  advisories: 9.1.0.70 (cuDNN 9.1.0.70, 9.0.0 up to before 9.10.1): with cuBLASLt 12.9 or newer"
}
