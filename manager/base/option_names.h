/*
 * The options that messages of parts below the commands name as a fix
 * ("bring them with 'cudnnv install --with-cuda-libs'"), spelled once: the
 * commands' option tables (manager/commands/) and those messages both use
 * these, so renaming an option cannot leave a message naming the old one.
 * tests/claims.sh names an option spelled in a string of a lower part.
 */
#ifndef CUDNNV_OPTION_NAMES_H
#define CUDNNV_OPTION_NAMES_H

#define OPTION_ALLOW_ADVISED    "--allow-advised"
#define OPTION_ARCHIVE_BASE     "--archive-base"
#define OPTION_CHANNEL          "--channel"
#define OPTION_CUDA             "--cuda"
#define OPTION_CUDA_LIBS_FROM   "--cuda-libs-from"
#define OPTION_CUDA_RUNTIME     "--cuda-runtime"
#define OPTION_DRY_RUN          "--dry-run"
#define OPTION_FOR              "--for"
#define OPTION_FORCE            "--force"
#define OPTION_GPU              "--gpu"
#define OPTION_LOCK             "--lock"
#define OPTION_LOCKED           "--locked"
#define OPTION_LOGIN            "--login"
#define OPTION_NAME             "--name"
#define OPTION_NO_CATALOG_CHECK "--no-catalog-check"
#define OPTION_NO_VERIFY        "--no-verify"
#define OPTION_OUTPUT           "--output"
#define OPTION_PERSIST          "--persist"
#define OPTION_PLATFORM         "--platform"
#define OPTION_REMOTE           "--remote"
#define OPTION_RUNTIME          "--runtime"
#define OPTION_SHA256           "--sha256"
#define OPTION_SYSTEM           "--system"
#define OPTION_TCL              "--tcl"
#define OPTION_TOOL_VERSIONS    "--tool-versions"
#define OPTION_UNDO             "--undo"
#define OPTION_UNSET            "--unset"
#define OPTION_WITH_CUDA_LIBS   "--with-cuda-libs"

#endif
