# cudnnv: the one build entry. 'make demo' and 'make check' install the
# Debian packages they need first (on a fresh machine nothing else does).

CC       ?= cc
BUILD    ?= build
# make check SANITIZE=1: cudnnv, its helpers and the unit tests built with
# AddressSanitizer and UBSan (in a build folder of their own). The shims are
# not: they load into programs that have no sanitizer runtime.
ifeq ($(SANITIZE),1)
BUILD    := build/sanitize
CFLAGS   := -O1 -g
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
endif
PREFIX   ?= /usr/local
# 'make' alone builds everything (the first rule below is the Slurm plugin's).
.DEFAULT_GOAL := all
# make V=1 shows every command; by default one short line per file.
Q         = $(if $(filter 1,$(V)),,@)
PKGS      = inih libxxhash libarchive libcrypto libcurl libgit2 jansson libelf
CORE_PKGS = inih libxxhash
WARNINGS  = -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
# manager/ is grouped by part (docs/architecture.md); each part's headers are
# found by name, and shim/cudnnv_select.h too (the selection the manager links).
MANAGER_PARTS = cli commands base store net install catalog machine doctor shell platform
INCLUDES   = -Ishim $(MANAGER_PARTS:%=-Imanager/%)
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARNINGS) $(INCLUDES) $(CFLAGS)
DEP_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
DEP_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
# inih and xxHash are linked into cudnnv statically: two fewer libraries to
# load at each start (the shell hook runs cudnnv at every prompt).
CORE_LIBS  = -Wl,-Bstatic $(shell pkg-config --libs $(CORE_PKGS) 2>/dev/null) -Wl,-Bdynamic

# What 'make demo' needs (to build cudnnv, its helpers and the native
# fixtures), and what 'make check' needs beyond it (the second compiler, the
# test tools, the shells, Wine and mingw-w64, qemu and the AArch64 compiler,
# Lmod). A user who only wants the demo is not made to download Wine.
DEMO_PACKAGES  = build-essential pkg-config libinih-dev libxxhash-dev libarchive-dev libssl-dev \
                 libcurl4-openssl-dev libgit2-dev libjansson-dev libelf-dev
CHECK_PACKAGES = $(DEMO_PACKAGES) clang libcmocka-dev bats gcc-mingw-w64-x86-64 libz-mingw-w64-dev dpkg-dev cmake \
                 wine64 gcc-aarch64-linux-gnu \
                 libc6-dev-arm64-cross qemu-user zsh fish tmux git strace lmod tcl slurm-wlm libslurm-dev munge \
                 openssl parallel

SELECT_SRC  = shim/version_name.c shim/set_list.c shim/version_file.c shim/select.c \
              shim/select_message.c shim/text_escape.c shim/set_trust.c
# cudnnv itself links only libc, inih and xxHash (it starts fast: the shell
# hook runs it at every prompt); install runs in a helper that also links
# libarchive and OpenSSL, update in one that links libcurl, jansson, libgit2.
NET_SRC     = manager/net/download.c manager/net/file_url.c
HELPER_SRC  = manager/install/archive_extract.c manager/install/archive_stage.c manager/install/archive_sha256.c manager/commands/install_run.c \
              manager/install/conda_package.c manager/install/wheel_record.c \
              manager/install/install_steps.c manager/install/install_name.c manager/install/install_catalog.c \
              manager/install/install_locked.c manager/install/install_index.c manager/catalog/python_index.c \
              manager/catalog/conda_channel.c manager/install/set_needs_elf.c manager/install/cuda_libs.c manager/commands/install_cuda_libs.c \
              manager/catalog/redist_manifest.c $(NET_SRC)
UPDATE_SRC  = manager/commands/update_run.c manager/catalog/catalog_redist.c manager/catalog/redist_manifest.c \
              $(NET_SRC)
GIT_SRC     = manager/catalog/catalog_git.c
NO_GIT_SRC  = manager/catalog/catalog_git_none.c
MAIN_SRC    = manager/cli/main.c manager/cli/install_main.c manager/cli/update_main.c
WIN_ONLY_SRC = $(wildcard manager/*/*_win32.c)
HOOKS_SRC   = $(BUILD)/gen/hooks.c
CORE_SRC    = $(filter-out $(HELPER_SRC) $(UPDATE_SRC) $(GIT_SRC) $(NO_GIT_SRC) $(MAIN_SRC) $(WIN_ONLY_SRC), \
              $(wildcard manager/*/*.c)) $(SELECT_SRC) $(HOOKS_SRC)
# The three programs, by their sources (the same lists for every ABI).
CUDNNV_SRC  = manager/cli/main.c $(CORE_SRC)
INSTALL_SRC = manager/cli/install_main.c $(HELPER_SRC) $(CORE_SRC)
UPDATER_SRC = manager/cli/update_main.c $(UPDATE_SRC) $(CORE_SRC)
HOOK_FILES  = hooks/cudnnv.posix hooks/cudnnv.bash hooks/cudnnv.zsh hooks/cudnnv.fish hooks/cudnnv.ps1 \
              hooks/complete.bash hooks/complete.zsh hooks/complete.fish \
              hooks/cudnnv.cmd
objects_in  = $(patsubst %.c,$(1)/%.o,$(2))
CORE_OBJ    = $(call objects_in,$(BUILD)/obj,$(CORE_SRC))
UPDATER     = $(BUILD)/lib/cudnnv/cudnnv-update
CUDNNV      = $(BUILD)/bin/cudnnv
INSTALLER   = $(BUILD)/lib/cudnnv/cudnnv-install

# One rule per ABI for compiling (with the header dependencies, -MMD) and one
# for linking a program: $(call compile_rule,OBJDIR,COMPILER,FLAGS,LABEL,
# EXTRA_PREREQUISITES) and $(call program,OUTPUT,OBJDIR,SOURCES,COMPILER,
# FLAGS,LIBS,EXTRA_OBJECTS), each expanded with $(eval) below.
define compile_rule
$(1)/%.o: %.c $(5)
	@mkdir -p $$(dir $$@)
	@echo "  CC $$<$(4)"
	$$(Q)$(2) $(3) -MMD -MP -c $$< -o $$@
endef
define program
$(1): $(call objects_in,$(2),$(3)) $(7)
	@mkdir -p $$(dir $$@)
	@echo "  LD $$@"
	$$(Q)$(4) $(5) -o $$@ $$^ $(6)
endef

# The shims: one per public soname, exports generated from versions/symbols.
SHIM_MAJORS = 7 8 9
SHIM_LIBS   = $(SHIM_MAJORS:%=$(BUILD)/lib/cudnnv/libcudnn.so.%)
NVRTC_SONAMES = libnvrtc.so.10.2 libnvrtc.so.11.0 libnvrtc.so.11.1 libnvrtc.so.11.2 libnvrtc.so.12 libnvrtc.so.13
FORWARDERS    = $(NVRTC_SONAMES:%=$(BUILD)/lib/cudnnv/forward/%/libnvrtc.so)
SHIM_SRC    = shim/shim_launch.c shim/shim_load.c shim/shim_platform_posix.c shim/shim_resolve.c \
              shim/shim_report.c $(SELECT_SRC)
# The shim's C code runs once per process (selection, loading): built for
# size (-Os in shim_link below), which keeps each shim under 64 KiB; the
# trampolines are assembly.

UNIT_TESTS  = $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(filter-out %_win32.c,$(wildcard tests/unit/test_*.c)))
UNIT_SUPPORT = $(call objects_in,$(BUILD)/obj,$(sort $(CORE_SRC) $(HELPER_SRC) $(UPDATE_SRC) $(GIT_SRC)))
# A unit test links only what it tests, where its list is given here (the
# others link everything above).
unit_objects = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
UNIT_OBJ_test_json        = $(call unit_objects,manager/base/json.c)
UNIT_OBJ_test_url_mask    = $(call unit_objects,manager/base/url_mask.c)
UNIT_OBJ_test_args        = $(call unit_objects,manager/cli/args.c manager/cli/help_text.c manager/cli/value_words.c \
                            manager/shell/shell_table.c manager/catalog/catalog_platform.c manager/base/messages.c manager/base/url_mask.c $(HOOKS_SRC) \
                            manager/cli/suggest.c manager/base/json.c shim/text_escape.c)
UNIT_OBJ_test_hook_state  = $(call unit_objects,manager/shell/hook_state.c)
UNIT_OBJ_test_pe_imports  = $(call unit_objects,manager/store/pe_imports.c)
UNIT_OBJ_test_file_url    = $(call unit_objects,manager/net/file_url.c manager/base/fsutil.c manager/base/messages.c manager/base/url_mask.c \
                            manager/platform/platform_posix.c $(SELECT_SRC))
UNIT_OBJ_test_shell_table = $(call unit_objects,manager/shell/shell_table.c manager/base/json.c \
                            manager/base/messages.c manager/base/url_mask.c shim/text_escape.c $(HOOKS_SRC))
UNIT_OBJ_test_catalog     = $(call unit_objects,manager/catalog/catalog.c manager/catalog/catalog_check.c manager/catalog/compute_capability.c manager/base/ini_field.c manager/base/ini_read.c \
                            manager/catalog/catalog_platform.c manager/store/config.c manager/store/store.c \
                            manager/base/fsutil.c manager/store/shim_files.c manager/base/messages.c manager/base/url_mask.c \
                            manager/store/archive_member.c manager/store/version_detect.c \
                            manager/platform/platform_posix.c $(SELECT_SRC))
UNIT_LINK = $(or $(UNIT_OBJ_$(1)),$(UNIT_SUPPORT))

# Generated sources and objects are kept (not deleted as intermediates).
.SECONDARY:

.PHONY: all deps deps-demo deps-aarch64 windows-sources check unit bats bats-fast fixtures windows-dist clang-build demo bench install uninstall clean windows aarch64 fuzz

CATALOG_DATA = $(BUILD)/share/cudnnv/.stamp

# The Slurm plugin (SPANK), where Slurm's header is there (libslurm-dev): the
# selection code and the plugin, libc only; Slurm's own functions come from
# the program that loads it (srun, slurmstepd).
SPANK_PLUGIN = $(if $(wildcard /usr/include/slurm/spank.h),$(BUILD)/lib/cudnnv/cudnnv_spank.so)

$(BUILD)/lib/cudnnv/cudnnv_spank.so: shim/spank_cudnnv.c $(SELECT_SRC) shim/cudnnv_select.h
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARNINGS) -Ishim -O2 -fPIC -shared -s \
		-o $@ shim/spank_cudnnv.c $(SELECT_SRC)

all: $(CUDNNV) $(INSTALLER) $(UPDATER) $(SHIM_LIBS) $(CATALOG_DATA) $(SPANK_PLUGIN) $(FORWARDERS)

# The catalog data, laid out next to the binary as 'make install' lays it out
# (share/cudnnv/ from bin/cudnnv).
CATALOG_FILES = versions/frameworks.ini versions/runtime-needs.ini versions/advisories.ini versions/framework-cuda-libs.ini
$(CATALOG_DATA): $(wildcard versions/catalog/*.ini) $(CATALOG_FILES)
	@mkdir -p $(BUILD)/share/cudnnv
	@rm -rf $(BUILD)/share/cudnnv/catalog
	@cp -r versions/catalog $(CATALOG_FILES) $(BUILD)/share/cudnnv/
	@touch $@

$(BUILD)/gen/libcudnn.so.%.stubs.S $(BUILD)/gen/libcudnn.so.%.names.c $(BUILD)/gen/libcudnn.so.%.map \
		$(BUILD)/gen/cudnn64_%.def: \
		versions/symbols/libcudnn.so.%.txt shim/gen-stubs.sh
	@echo "  GEN $(BUILD)/gen/libcudnn.so.$*"
	$(Q)sh shim/gen-stubs.sh $< $(BUILD)/gen

# One rule for the shims of every ABI: $(call shim_link,COMPILER,OUTPUT,MAJOR,SOURCES,FLAGS)
# links the selection and loading code, the generated stubs of that soname
# and the ABI's trampolines (included by shim/trampoline.S) into one library.
SHIM_LINK_FLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARNINGS) -Ishim -Os \
                  -fvisibility=hidden -shared -s
ELF_SHIM_FLAGS  = -fPIC -Wl,-soname,libcudnn.so.$(1) -Wl,--version-script,$(BUILD)/gen/libcudnn.so.$(1).map \
                  -Wl,--no-undefined -Wl,-z,noexecstack -Wl,-z,noseparate-code
define shim_link
	@mkdir -p $(dir $(2))
	@echo "  LD $(2)"
	$(Q)$(1) $(SHIM_LINK_FLAGS) -o $(2) $(4) $(BUILD)/gen/libcudnn.so.$(3).stubs.S \
		$(BUILD)/gen/libcudnn.so.$(3).names.c $(5)
endef
# The shims are linked straight from their sources: every header of shim/ is a prerequisite (a
# changed shim_symbols.h or shim_files_win32.h relinks them all).
SHIM_DEPS = $(BUILD)/gen/libcudnn.so.%.stubs.S $(BUILD)/gen/libcudnn.so.%.names.c shim/trampoline.S \
            $(wildcard shim/*.h)

$(BUILD)/lib/cudnnv/libcudnn.so.%: $(SHIM_SRC) $(SHIM_DEPS) $(BUILD)/gen/libcudnn.so.%.map shim/trampoline_x86_64_sysv.S
	$(call shim_link,$(CC),$@,$*,$(SHIM_SRC),$(call ELF_SHIM_FLAGS,$*))

# cuDNN 8 opens the unversioned "libnvrtc.so": one forwarder per NVRTC soname
# (shim/nvrtc_forward.c), linked against a stand-in of that soname so that it
# records it as its one DT_NEEDED entry; the stand-in is not shipped
# (NVRTC_SONAMES and FORWARDERS are named with the shims, above).

$(BUILD)/lib/cudnnv/forward/%/libnvrtc.so: shim/nvrtc_forward.c
	@mkdir -p $(dir $@) $(BUILD)/gen/forward/$*
	@echo "  LD $@"
	$(Q)$(CC) -shared -fPIC -Wl,-soname,$* -o $(BUILD)/gen/forward/$*/$* $<
	$(Q)$(CC) -shared -fPIC -s -Wl,-soname,libnvrtc.so -Wl,--no-as-needed -o $@ $< $(BUILD)/gen/forward/$*/$*

# The shell integration, carried in the binary for 'cudnnv init'.
$(BUILD)/gen/hooks.c: $(HOOK_FILES) hooks/embed-hooks.sh
	@mkdir -p $(dir $@)
	@echo "  GEN $@"
	$(Q)sh hooks/embed-hooks.sh $@ $(HOOK_FILES)

# The Windows shims, cudnn64_7.dll, _8 and _9, cross-built with mingw-w64:
# the same generated stubs and selection code, the Win64 trampolines, and
# the Windows system calls.
WIN_CC       = x86_64-w64-mingw32-gcc
WIN_RC       = x86_64-w64-mingw32-windres
WIN_SHIM_SRC = shim/shim_launch_win32.c shim/shim_load_win32.c shim/shim_platform_win32.c shim/shim_files_win32.c \
               shim/shim_resolve.c shim/shim_report.c $(WIN_SELECT_SRC)
WIN_SELECT_SRC = $(filter-out shim/set_trust.c,$(SELECT_SRC)) shim/set_trust_win32.c
WIN_DLLS     = $(SHIM_MAJORS:%=$(BUILD)/lib/cudnnv/windows/cudnn64_%.dll)

# (the rule naming cudnnv.exe follows its definition below)

# cudnnv.exe: the same manager, cross-built with mingw-w64. Files named
# *_win32.c replace their Linux neighbours (the platform layer, the profile
# API for INI files, the doctor's Windows checks, downloads over WinHTTP);
# the Linux-only files below are left out. xxHash is used from its header;
# libarchive (with zstd and bzip2) and jansson are built from Debian's source
# packages into build/windows/deps (win32-deps.sh) and linked statically,
# with zlib.
WIN_CUDNNV    = $(BUILD)/windows/cudnnv.exe
WIN_DEPS      = $(BUILD)/windows/deps
WIN_DEP_LIBS  = $(WIN_DEPS)/lib/libarchive.a $(WIN_DEPS)/lib/libzstd.a $(WIN_DEPS)/lib/libbz2.a \
                $(WIN_DEPS)/lib/libjansson.a

$(WIN_DEPS)/.built: manager/platform/win32-deps.sh
	$(Q)manager/platform/win32-deps.sh $(WIN_DEPS)
	@touch $@

# Only the sources (apt-get source): make check fetches them before it builds in parallel.
windows-sources:
	$(Q)manager/platform/win32-deps.sh --fetch $(WIN_DEPS)

# Unit tests of Windows-only rules, run under Wine by tests/bats/windows.bats.
WIN_UNIT_TESTS = $(BUILD)/windows/tests/test_set_trust_win32.exe
windows: $(WIN_DLLS) $(WIN_CUDNNV) $(WIN_UNIT_TESTS)
$(BUILD)/windows/tests/test_set_trust_win32.exe: tests/unit/test_set_trust_win32.c shim/set_trust_win32.c \
		shim/text_escape.c shim/cudnnv_select.h
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(WIN_CC) -std=c11 $(WARNINGS) -Ishim -O1 -o $@ tests/unit/test_set_trust_win32.c shim/text_escape.c -ladvapi32
WIN_LINUX_ONLY = manager/base/ini_read.c manager/install/set_needs_elf.c manager/doctor/needs_judge.c manager/store/beneath.c manager/platform/platform_posix.c manager/cli/install_helper.c \
                 manager/doctor/process_scan.c manager/doctor/doctor_paths.c \
                 manager/install/archive_stage.c manager/install/archive_sha256.c manager/net/download.c \
                 $(GIT_SRC) manager/cli/install_main.c manager/cli/update_main.c
WIN_MANAGER_SRC = $(filter-out $(WIN_LINUX_ONLY),$(wildcard manager/*/*.c)) $(WIN_SELECT_SRC) $(HOOKS_SRC)
WIN_CFLAGS    = -std=c11 $(WARNINGS) $(INCLUDES) -Imanager/platform/win32 -I$(BUILD)/windows/include \
                -I$(WIN_DEPS)/include -DLIBARCHIVE_STATIC \
                -include manager/platform/compat_win32.h -DXXH_INLINE_ALL -D__USE_MINGW_ANSI_STDIO=1 -O2

# What a Windows user unpacks anywhere (PREFIX\bin\cudnnv.exe finds the shims
# in PREFIX\lib\cudnnv\windows and the catalog in PREFIX\share\cudnnv):
# build/cudnnv-windows/.
WIN_DIST = $(BUILD)/cudnnv-windows

windows-dist: windows $(CATALOG_DATA)
	@rm -rf $(WIN_DIST) && mkdir -p $(WIN_DIST)/bin $(WIN_DIST)/lib/cudnnv/windows $(WIN_DIST)/share/cudnnv/catalog
	@cp $(WIN_CUDNNV) $(WIN_DIST)/bin/
	@cp $(WIN_DLLS) $(WIN_DIST)/lib/cudnnv/windows/
	@cp versions/catalog/*.ini $(WIN_DIST)/share/cudnnv/catalog/
	@cp $(CATALOG_FILES) $(WIN_DIST)/share/cudnnv/
	@echo "  DIST $(WIN_DIST)"

$(BUILD)/windows/include/xxhash.h:
	@mkdir -p $(dir $@)
	@cp /usr/include/xxhash.h $@

$(eval $(call compile_rule,$(BUILD)/windows/obj,$(WIN_CC),$(WIN_CFLAGS), (windows),$(BUILD)/windows/include/xxhash.h \
	$(WIN_DEPS)/.built))

# The manifest (UTF-8 code page) as a resource, with mingw-w64's windres.
WIN_RES = $(BUILD)/windows/obj/cudnnv_res.o

$(WIN_RES): manager/platform/cudnnv_win32.rc manager/platform/cudnnv_win32.manifest
	@mkdir -p $(dir $@)
	$(Q)cd manager/platform && $(WIN_RC) cudnnv_win32.rc -O coff -o $(abspath $@)

$(eval $(call program,$(WIN_CUDNNV),$(BUILD)/windows/obj,$(WIN_MANAGER_SRC),$(WIN_CC),,\
	$(WIN_DEP_LIBS) -static -s -lz -lbcrypt -lwinhttp -lpthread,$(WIN_RES)))

$(BUILD)/lib/cudnnv/windows/cudnn64_%.dll: $(WIN_SHIM_SRC) $(SHIM_DEPS) $(BUILD)/gen/cudnn64_%.def \
		shim/trampoline_x86_64_win64.S
	$(call shim_link,$(WIN_CC),$@,$*,$(WIN_SHIM_SRC),$(BUILD)/gen/cudnn64_$*.def -static-libgcc \
		-include shim/shim_files_win32.h)

# The Linux shims for AArch64, cross-built (tested under qemu-aarch64).
ARM_CC   = aarch64-linux-gnu-gcc
ARM_LIBS = $(SHIM_MAJORS:%=$(BUILD)/aarch64/lib/cudnnv/libcudnn.so.%)

# cudnnv itself for AArch64, from the same sources, against Debian's arm64
# libraries (multiarch: 'dpkg --add-architecture arm64', then the :arm64
# -dev packages, which deps-aarch64 installs; the recipe is a second make,
# which reads them, so what it shares with this one is made first). Its update helper has no git
# source (catalog_git_none.c): libgit2-dev cannot be installed for two
# architectures at once. Tested under qemu-aarch64.
ARM_BUILD    = $(BUILD)/aarch64
ARM_PKG      = PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig pkg-config
ARM_PACKAGES = libinih-dev:arm64 libxxhash-dev:arm64 libarchive-dev:arm64 libssl-dev:arm64 \
               libcurl4-openssl-dev:arm64 libjansson-dev:arm64 libelf-dev:arm64
ARM_CORE_LIBS = -Wl,-Bstatic $(shell $(ARM_PKG) --libs $(CORE_PKGS) 2>/dev/null) -Wl,-Bdynamic
ARM_CUDNNV   = $(ARM_BUILD)/bin/cudnnv
ARM_HELPERS  = $(ARM_BUILD)/lib/cudnnv/cudnnv-install $(ARM_BUILD)/lib/cudnnv/cudnnv-update

aarch64: $(ARM_LIBS) deps-aarch64 $(HOOKS_SRC)
	$(MAKE) --no-print-directory $(ARM_CUDNNV) $(ARM_HELPERS) $(ARM_BUILD)/share/cudnnv/.stamp

deps-aarch64:
	@dpkg --print-foreign-architectures | grep -qx arm64 || dpkg --add-architecture arm64; \
	missing=""; for p in $(ARM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

ARM_FLAGS = $(ALL_CFLAGS) $(shell $(ARM_PKG) --cflags $(PKGS) 2>/dev/null)
$(eval $(call compile_rule,$(ARM_BUILD)/obj,$(ARM_CC),$(ARM_FLAGS), (aarch64)))
$(eval $(call program,$(ARM_CUDNNV),$(ARM_BUILD)/obj,$(CUDNNV_SRC),$(ARM_CC),$(ALL_CFLAGS),$(ARM_CORE_LIBS)))
$(eval $(call program,$(ARM_BUILD)/lib/cudnnv/cudnnv-install,$(ARM_BUILD)/obj,$(INSTALL_SRC),$(ARM_CC),$(ALL_CFLAGS),\
	$(ARM_CORE_LIBS) $(shell $(ARM_PKG) --libs libarchive libcrypto libcurl jansson libelf 2>/dev/null)))
$(eval $(call program,$(ARM_BUILD)/lib/cudnnv/cudnnv-update,$(ARM_BUILD)/obj,$(UPDATER_SRC) $(NO_GIT_SRC),$(ARM_CC),\
	$(ALL_CFLAGS),$(ARM_CORE_LIBS) $(shell $(ARM_PKG) --libs libcurl jansson 2>/dev/null)))

$(ARM_BUILD)/share/cudnnv/.stamp: $(CATALOG_DATA)
	@mkdir -p $(ARM_BUILD)/share
	@rm -rf $(ARM_BUILD)/share/cudnnv && cp -r $(BUILD)/share/cudnnv $(ARM_BUILD)/share/
	@touch $@

$(BUILD)/aarch64/lib/cudnnv/libcudnn.so.%: $(SHIM_SRC) $(SHIM_DEPS) $(BUILD)/gen/libcudnn.so.%.map \
		shim/trampoline_aarch64_lp64.S
	$(call shim_link,$(ARM_CC),$@,$*,$(SHIM_SRC),$(call ELF_SHIM_FLAGS,$*))

$(eval $(call compile_rule,$(BUILD)/obj,$(CC),$(ALL_CFLAGS) $(SAN_FLAGS) $(DEP_CFLAGS)))
$(eval $(call program,$(CUDNNV),$(BUILD)/obj,$(CUDNNV_SRC),$(CC),$(ALL_CFLAGS) $(SAN_FLAGS),$(CORE_LIBS)))
$(eval $(call program,$(INSTALLER),$(BUILD)/obj,$(INSTALL_SRC),$(CC),$(ALL_CFLAGS) $(SAN_FLAGS),\
	$(CORE_LIBS) $(shell pkg-config --libs libarchive libcrypto libcurl jansson libelf 2>/dev/null)))
$(eval $(call program,$(UPDATER),$(BUILD)/obj,$(UPDATER_SRC) $(GIT_SRC),$(CC),$(ALL_CFLAGS) $(SAN_FLAGS),\
	$(CORE_LIBS) $(shell pkg-config --libs libgit2 libcurl jansson 2>/dev/null)))

# A unit test file holds its tests; its main() is written from them.
$(BUILD)/gen/unit/%.c: tests/unit/%.c tests/unit/gen-main.sh
	@mkdir -p $(dir $@)
	$(Q)sh tests/unit/gen-main.sh $< $@

.SECONDEXPANSION:
$(BUILD)/tests/%: $(BUILD)/gen/unit/%.c $$(call UNIT_LINK,$$*)
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) $(DEP_CFLAGS) -o $@ $^ $(DEP_LIBS) -lcmocka

# Installs whatever Debian package is missing (apt-get update first: a fresh
# machine has no package lists): deps for the tests, deps-demo for the demo.
deps: DEBIAN_PACKAGES = $(CHECK_PACKAGES)
deps-demo: DEBIAN_PACKAGES = $(DEMO_PACKAGES)
deps deps-demo:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

fixtures: $(CUDNNV) $(SHIM_LIBS)
	tests/fixtures/build-fixtures.sh $(BUILD)/fixtures $(BUILD)/lib/cudnnv

unit: $(UNIT_TESTS)
	@for t in $(UNIT_TESTS); do echo "== $$t"; $$t || exit 1; done

# Under SANITIZE=1 the programs a test starts may carry LD_PRELOAD (the
# shims, a user's library): ASan then must not insist on loading first.
SAN_ENV = $(if $(SAN_FLAGS),ASAN_OPTIONS=verify_asan_link_order=0 \
          LSAN_OPTIONS=suppressions=$(abspath tests/sanitize/lsan.supp):print_suppressions=0)

# Environment Modules, for the --tcl module tests: Debian's package unpacked
# into the build folder (it conflicts with lmod, so it is not installed).
ENVMOD = $(BUILD)/envmod/usr/lib/x86_64-linux-gnu/modulecmd.tcl

$(ENVMOD):
	@mkdir -p $(BUILD)/envmod-deb
	@cd $(BUILD)/envmod-deb && (ls environment-modules_*.deb >/dev/null 2>&1 || \
	  apt-get download environment-modules >/dev/null 2>&1 || \
	  (apt-get update -qq && apt-get download environment-modules >/dev/null 2>&1))
	@dpkg -x $(BUILD)/envmod-deb/environment-modules_*.deb $(BUILD)/envmod

# A test that hangs fails after BATS_TEST_TIMEOUT seconds; a run held open
# past BATS_RUN_TIMEOUT (by a process a test left behind) is stopped, and the
# processes still there are listed, so that a hang names itself.
BATS_TEST_TIMEOUT ?= 300
BATS_RUN_TIMEOUT  ?= 2400
# Test files run BATS_JOBS at a time (through GNU parallel, when it is
# there: moreutils has another program of that name), the tests of one file
# in their order: on two cores, 5.5 minutes instead of 7. BATS_JOBS=1 runs
# one file at a time.
BATS_JOBS ?= $(if $(shell parallel --version 2>/dev/null | grep -m1 'GNU parallel'),$(JOBS),1)
BATS_RUN = BATS_TEST_TIMEOUT=$(BATS_TEST_TIMEOUT) CUDNNV=$(abspath $(CUDNNV)) \
           FIXTURES=$(abspath $(BUILD)/fixtures) timeout -k 30 $(BATS_RUN_TIMEOUT) bats \
           $(if $(filter-out 1,$(BATS_JOBS)),--jobs $(BATS_JOBS) --no-parallelize-within-files)
BATS_LEFT = { echo "processes left by the tests:"; ps -eo pid,etime,args | grep -E 'wine|\.exe|tmux|http_server|qemu|slurm|munged' | grep -v grep; \
            WINEPREFIX=$(abspath $(BUILD)/wineprefix) /usr/lib/wine/wineserver -k 2>/dev/null; exit 1; }

bats: all windows windows-dist aarch64 fixtures $(ENVMOD)
	$(SAN_ENV) $(BATS_RUN) tests/bats || $(BATS_LEFT)

# The native tests alone, for quick runs while working: no Windows or AArch64
# builds, Wine or qemu (make check still runs everything).
FAST_BATS = $(filter-out tests/bats/windows%.bats tests/bats/aarch64.bats,$(wildcard tests/bats/*.bats))
bats-fast: all fixtures
	$(BATS_RUN) $(FAST_BATS) || $(BATS_LEFT)

# The manager and the selection code must also build with clang.
clang-build:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/clang CC=clang SANITIZE= all

# Everything apt does comes first, one step at a time (apt takes locks);
# then every build at once, one job per core, starting with the longest
# (the Windows libraries, built from Debian's sources); then the tests.
JOBS ?= $(shell nproc)
check: deps deps-aarch64 windows-sources $(ENVMOD)
	$(MAKE) --no-print-directory -j$(JOBS) $(WIN_DEPS)/.built all clang-build windows windows-dist aarch64 fixtures \
	    $(UNIT_TESTS)
	$(MAKE) --no-print-directory unit
	$(MAKE) --no-print-directory bats

# Benchmarks (not part of check): figures against a reference of the same run.
bench: deps
	@for p in hyperfine direnv; do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$p >/dev/null); done
	$(MAKE) --no-print-directory all fixtures
	tests/bench/run.sh $(abspath $(CUDNNV)) $(abspath $(BUILD)/fixtures) $(abspath $(BUILD))

# Fuzzing (not part of check): libFuzzer harnesses under tests/fuzz, built with
# clang, each run for FUZZ_SECONDS; the executions and any finding are printed.
FUZZ_SECONDS ?= 30
FUZZ_DIR     = $(BUILD)/fuzz
FUZZ_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 \
               -fsanitize=fuzzer,address,undefined $(INCLUDES)
FUZZ_NAMES   = version_file archive_member hook_state catalog_names manifest redist_manifest framework_metadata \
               pe_imports lock_file python_index conda_channel url
FUZZ_BASE    = manager/base/fsutil.c manager/platform/platform_posix.c $(SELECT_SRC)
FUZZ_SRC_version_file   = $(SELECT_SRC)
FUZZ_SRC_archive_member = manager/store/archive_member.c manager/store/beneath.c $(FUZZ_BASE)
FUZZ_SRC_hook_state     = manager/shell/hook_state.c
FUZZ_SRC_catalog_names  = manager/catalog/catalog_check.c manager/store/version_detect.c $(FUZZ_BASE)
FUZZ_SRC_manifest       = manager/store/manifest_verify.c manager/store/manifest_hash.c manager/store/tree_list.c $(FUZZ_BASE)
FUZZ_LIBS_manifest      = $(shell pkg-config --libs libxxhash 2>/dev/null)
FUZZ_SRC_redist_manifest = manager/catalog/redist_manifest.c manager/catalog/catalog_check.c manager/catalog/catalog_platform.c \
                          manager/store/archive_member.c manager/store/version_detect.c $(FUZZ_BASE)
FUZZ_LIBS_redist_manifest = $(shell pkg-config --libs jansson 2>/dev/null)
FUZZ_SRC_framework_metadata = manager/catalog/framework_metadata.c $(FUZZ_BASE)
FUZZ_SRC_pe_imports     = manager/store/pe_imports.c
FUZZ_SRC_lock_file      = manager/catalog/lock_file.c manager/catalog/lock_cuda.c manager/base/ini_read.c manager/catalog/catalog_check.c manager/catalog/catalog_platform.c \
                          $(FUZZ_BASE)
FUZZ_LIBS_lock_file     = $(shell pkg-config --libs inih 2>/dev/null)
FUZZ_SRC_python_index   = manager/catalog/python_index.c manager/net/file_url.c manager/catalog/catalog_check.c manager/catalog/catalog_platform.c \
                          $(FUZZ_BASE)
FUZZ_LIBS_python_index  = $(shell pkg-config --libs jansson 2>/dev/null)
FUZZ_SRC_conda_channel  = manager/catalog/conda_channel.c manager/catalog/catalog_check.c manager/catalog/catalog_platform.c \
                          $(FUZZ_BASE)
FUZZ_LIBS_conda_channel = $(shell pkg-config --libs jansson 2>/dev/null)
FUZZ_SRC_url            = manager/catalog/catalog_check.c manager/catalog/catalog_platform.c manager/base/url_mask.c \
                          $(FUZZ_BASE)

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(SELECT_SRC) $(wildcard manager/*/*.c manager/*/*.h shim/*.h)
	@mkdir -p $(dir $@)
	@echo "  FUZZ-LD $@"
	$(Q)clang $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_SRC_$*) $(FUZZ_LIBS_$*)

fuzz: deps
	@dpkg-query -W -f='$${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "ok installed" || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang-rt-14-dev >/dev/null)
	$(MAKE) --no-print-directory $(FUZZ_NAMES:%=$(FUZZ_DIR)/fuzz_%)
	tests/fuzz/run.sh $(abspath $(FUZZ_DIR)) $(FUZZ_SECONDS) $(FUZZ_NAMES)

# The demo's fixtures are the native ones only, in a folder of their own.
demo: deps-demo
	$(MAKE) --no-print-directory all
	tests/fixtures/build-fixtures.sh --native $(BUILD)/demo-fixtures $(BUILD)/lib/cudnnv
	tests/demo.sh $(abspath $(CUDNNV)) $(abspath $(BUILD)/demo-fixtures)

install: $(CUDNNV) $(INSTALLER) $(UPDATER) $(SHIM_LIBS) $(CATALOG_DATA) $(SPANK_PLUGIN) $(FORWARDERS)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/lib/cudnnv" "$(DESTDIR)$(PREFIX)/share/man/man1"
	for s in $(NVRTC_SONAMES); do install -d "$(DESTDIR)$(PREFIX)/lib/cudnnv/forward/$$s" && \
	  install -m 644 $(BUILD)/lib/cudnnv/forward/$$s/libnvrtc.so "$(DESTDIR)$(PREFIX)/lib/cudnnv/forward/$$s/"; done
	install -m 755 $(CUDNNV) "$(DESTDIR)$(PREFIX)/bin/cudnnv"
	install -m 755 $(SHIM_LIBS) $(INSTALLER) $(UPDATER) $(SPANK_PLUGIN) "$(DESTDIR)$(PREFIX)/lib/cudnnv/"
	if [ -d $(BUILD)/lib/cudnnv/windows ]; then install -d "$(DESTDIR)$(PREFIX)/lib/cudnnv/windows" && \
	  install -m 644 $(BUILD)/lib/cudnnv/windows/*.dll "$(DESTDIR)$(PREFIX)/lib/cudnnv/windows/"; fi
	install -m 644 docs/cudnnv.1 "$(DESTDIR)$(PREFIX)/share/man/man1/cudnnv.1"
	install -d "$(DESTDIR)$(PREFIX)/share/cudnnv/catalog"
	install -m 644 versions/catalog/*.ini "$(DESTDIR)$(PREFIX)/share/cudnnv/catalog/"
	install -m 644 $(CATALOG_FILES) "$(DESTDIR)$(PREFIX)/share/cudnnv/"
	install -d "$(DESTDIR)$(PREFIX)/$(BASH_COMPLETION)" "$(DESTDIR)$(PREFIX)/$(ZSH_COMPLETION)" \
	  "$(DESTDIR)$(PREFIX)/$(FISH_COMPLETION)"
	sed 's/@CUDNNV@/cudnnv/g' hooks/complete.bash > "$(DESTDIR)$(PREFIX)/$(BASH_COMPLETION)/cudnnv"
	{ echo '#compdef cudnnv'; sed 's/@CUDNNV@/cudnnv/g' hooks/complete.zsh; echo '_cudnnv_complete "$$@"'; } \
	  > "$(DESTDIR)$(PREFIX)/$(ZSH_COMPLETION)/_cudnnv"
	sed 's/@CUDNNV@/cudnnv/g' hooks/complete.fish > "$(DESTDIR)$(PREFIX)/$(FISH_COMPLETION)/cudnnv.fish"

# Removes what install wrote, file by file, then the folders that are cudnnv's
# own (lib/cudnnv, share/cudnnv) once they are empty; bin/ and share/man stay.
# Each shell's completion where it looks for other programs' (bash-completion, zsh's vendor folder,
# fish's: fish then builds none of its own from the man page), calling cudnnv from PATH.
BASH_COMPLETION = share/bash-completion/completions
ZSH_COMPLETION  = share/zsh/vendor-completions
FISH_COMPLETION = share/fish/vendor_completions.d
INSTALLED_FILES = bin/cudnnv share/man/man1/cudnnv.1 $(CATALOG_FILES:versions/%=share/cudnnv/%) \
                  $(BASH_COMPLETION)/cudnnv $(ZSH_COMPLETION)/_cudnnv $(FISH_COMPLETION)/cudnnv.fish \
                  $(patsubst %,lib/cudnnv/%,$(notdir $(SHIM_LIBS) $(INSTALLER) $(UPDATER))) lib/cudnnv/cudnnv_spank.so \
                  $(SHIM_MAJORS:%=lib/cudnnv/windows/cudnn64_%.dll) $(NVRTC_SONAMES:%=lib/cudnnv/forward/%/libnvrtc.so) \
                  $(patsubst versions/%,share/cudnnv/%,$(wildcard versions/catalog/*.ini))
uninstall:
	rm -f $(patsubst %,"$(DESTDIR)$(PREFIX)/%",$(INSTALLED_FILES))
	for d in $(NVRTC_SONAMES:%=lib/cudnnv/forward/%) lib/cudnnv/forward lib/cudnnv/windows lib/cudnnv share/cudnnv/catalog share/cudnnv \
	  $(BASH_COMPLETION) share/bash-completion $(ZSH_COMPLETION) share/zsh $(FISH_COMPLETION) share/fish; do \
	  [ ! -d "$(DESTDIR)$(PREFIX)/$$d" ] || rmdir --ignore-fail-on-non-empty "$(DESTDIR)$(PREFIX)/$$d"; done

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/obj $(BUILD)/windows/obj $(ARM_BUILD)/obj -name '*.d' 2>/dev/null)
