#!/usr/bin/env bats
# cudnnv which: a library's path in the selected set.

load helpers

@test "which prints the main library of the selected set" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv which
    assert_status 0
    [ "$output" = "$CUDNNV_ROOT/versions/8.1.1.33/lib/libcudnn.so.8" ]
}

@test "which picks the set for the library's own major" {
    install_usual_fixtures
    cudnnv use 8.0 9
    run cudnnv which libcudnn_graph.so.9
    [ "$output" = "$CUDNNV_ROOT/versions/9.1.0.70/lib/libcudnn_graph.so.9" ]
    run cudnnv which libcudnn_ops_infer.so.8
    [ "$output" = "$CUDNNV_ROOT/versions/8.0.4.30/lib/libcudnn_ops_infer.so.8" ]
}

@test "which finds the DLL of a Windows set" {
    install_fixture cudnn-11.2-windows-x64-v8.1.0.77-test.zip
    cudnnv use 8.1.0.77
    run cudnnv which
    [ "$output" = "$CUDNNV_ROOT/versions/8.1.0.77/bin/cudnn64_8.dll" ]
}

@test "which explains a library the set lacks, and a broken selection" {
    install_usual_fixtures
    cudnnv use 8.1
    run cudnnv which libcudnn_nothing.so.8
    assert_status 1
    assert_output_has "libcudnn_nothing.so.8 is not in the set 8.1.1.33"
    run cudnnv which libcudnn.so.7
    assert_status 1
    assert_output_has "no cuDNN 7 version is selected"
    run cudnnv which /etc/passwd
    assert_status 2
}

@test "which finds a header in include/, and points there when it is missing" {
    setup_store
    cudnnv global 8.1 2>/dev/null
    run cudnnv which cudnn.h
    assert_status 0
    [ "$output" = "$CUDNNV_ROOT/versions/8.1.0.77/include/cudnn.h" ]
    run cudnnv which cudnn_nothing.h
    assert_status 1
    assert_output_has "list it with 'ls $CUDNNV_ROOT/versions/8.1.0.77/include'"
}
