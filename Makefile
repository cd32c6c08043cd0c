# ask: build, install, test.
#
#   make                      build the release binary and the catalogs of its words (po/*.po, with msgfmt)
#   make install              build it, then install it with the man page and completions
#   make uninstall            remove exactly the files `make install` put there
#   make dist                 the release archive, ask-VERSION-linux-ARCH.tar.gz, and its .sha256
#   make deb                  the Debian package, ask_VERSION_ARCH.deb (both into .build/dist), and
#                             beside it ask-compat_VERSION_all.deb (ask as whiptail and dialog)
#   make release              both for every architecture (this machine's, aarch64, armv7), and
#                             one SHA256SUMS of them all, in .build/dist
#   make check-package        build both, then check them as CI does: lintian, dpkg -i and
#                             dpkg -r (as root), the archive's install.sh against make install
#   make version              print the version, then the archive's and the package's paths
#   make test                 run the test suite
#   make check-release        run it again, its end-to-end tests driving the release binary
#   make check-arm            build for aarch64 and armv7, then the end-to-end tests driving each
#                             binary under qemu-user (ARM_TESTS=Filter narrows them, as CI does)
#   make bench-arm            each architecture's binary: its size and the instructions it executes
#                             under qemu-user for the same sessions
#   make bench                benchmark against a C prompt, whiptail, dialog and fzf
#                             (BENCH_SECTIONS=relevance,scorer runs only those parts, of prompt, lists,
#                             filter, scorer, relevance, menus, longinput, gauge, textbox, into
#                             .build/bench/BENCHMARK.md)
#   make fuzz                 run the libFuzzer targets (FUZZ_SECONDS each)
#   make docs                 write the completions and the man page's OPTIONS from the option table, and
#                             po/ask.pot from the words the sources mark for translation
#
# PREFIX (default /usr/local) and DESTDIR (for staged installs) are honoured:
#   make install PREFIX=$HOME/.local
#   make install DESTDIR=/tmp/stage PREFIX=/usr
# BINARY=PATH makes install-files, dist and deb take that binary instead (nothing is built).
#
# ARCH picks the architecture: this machine's by default, or one built across from any Linux
# with the toolchain and Debian's cross C compiler and C library for it (make ARCH=aarch64 dist
# deb). Each is named as uname -m names it or as Debian does:
#   aarch64 (arm64)   ARMv8 64-bit: Raspberry Pi 3, 4, 5, Zero 2 W on a 64-bit OS
#   armv7 (armhf)     ARMv7 32-bit, hard float: the same boards and the Pi 2 on a 32-bit OS
#   armv6 (armel)     ARMv6 32-bit, soft float: every board, the Pi 1, Zero and Zero W too
# An architecture that cannot be built here is refused, never built as another.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
# The catalogs of ask's words, where gettext looks and where ask looks (share/locale beside the
# directory the binary is in): LOCALEDIR/LL/LC_MESSAGES/ask.mo for each po/LL.po.
LOCALEDIR ?= $(DATADIR)/locale

# The version is HelpText.version, the one place it is kept (what `ask --version` prints); the
# archive's name and the package's name and version are made from it here, and tests check
# that the man page's header and the package's changelog name the same.
VERSION := $(shell sed -n 's/^ *package static let version = "\(.*\)"$$/\1/p' Sources/AskCommandLine/HelpText.swift)

SWIFT ?= swift
SWIFTC ?= swiftc
CC ?= cc
OBJCOPY ?= objcopy
FUZZ_SECONDS ?= 60
BENCH_ROUNDS ?= 21
BENCH_SECTIONS ?=
# A partial run leaves docs/BENCHMARK.md alone.
BENCH_OUT = $(if $(BENCH_SECTIONS),.build/bench/BENCHMARK.md,docs/BENCHMARK.md)

# The release binary is Embedded Swift: the same sources, compiled with no runtime metadata and
# no runtime start-up, then linked statically with the C library into one self-contained
# executable that starts like a C program. The C library is reached through CAskSystem's module
# map; the Unicode tables (grapheme breaks, widths) come from the toolchain. Both release builds
# are stripped of symbols (-s), as installed programs are, and of the compilers' .comment section.

# Where the toolchain keeps its libraries, and the target, as swiftc itself says (this also
# sees through a toolchain manager's proxy). A build records them, so that `sudo make install`,
# whose PATH may not reach the toolchain, makes the same choice and copies what was built.
TOOLCHAIN_RECORD = .build/toolchain
TARGET_INFO := $(shell $(SWIFTC) -print-target-info 2>/dev/null | tr -d ' ",' | grep -E '^(triple|runtimeResourcePath):')
ifeq ($(TARGET_INFO),)
RECORDED := $(shell cat $(TOOLCHAIN_RECORD) 2>/dev/null)
TARGET_INFO := $(filter-out embedded:%,$(RECORDED))
RECORDED_EMBEDDED := $(patsubst embedded:%,%,$(filter embedded:%,$(RECORDED)))
endif
TOOLCHAIN_LIB ?= $(patsubst runtimeResourcePath:%,%,$(filter runtimeResourcePath:%,$(TARGET_INFO)))
TRIPLE ?= $(patsubst triple:%,%,$(filter triple:%,$(TARGET_INFO)))

# The architecture built for. Its names (uname -m's and Debian's) lead to one, MACHINE; this
# machine's is built natively, the ARM ones across: the toolchain's Embedded standard library
# for the bare-metal triple, with the cross C library's headers (and the macros a Linux target
# defines, which a bare-metal one does not), linked by the cross compiler with the toolchain's
# lld (GNU ld refuses the standard library's protected symbols in a static executable).
HOST_MACHINE := $(or $(firstword $(subst -, ,$(TRIPLE))),$(shell uname -m))
ARCH = $(HOST_MACHINE)
MACHINE_x86_64 = x86_64
MACHINE_amd64 = x86_64
MACHINE_aarch64 = aarch64
MACHINE_arm64 = aarch64
MACHINE_armv7 = armv7
MACHINE_armv7l = armv7
MACHINE_armhf = armv7
MACHINE_armv6 = armv6
MACHINE_armv6l = armv6
MACHINE_armel = armv6
MACHINE = $(or $(MACHINE_$(ARCH)),$(if $(filter $(HOST_MACHINE),$(ARCH)),$(ARCH)))
CROSS_ARCHES = aarch64 armv7 armv6
CROSS = $(if $(filter-out $(HOST_MACHINE),$(MACHINE)),yes)
ifeq ($(MACHINE),)
$(error ask is not built for ARCH=$(ARCH): this machine's ($(HOST_MACHINE)), aarch64 (arm64), armv7 (armhf) or armv6 (armel))
endif
ifeq ($(CROSS),yes)
ifeq ($(filter $(MACHINE),$(CROSS_ARCHES)),)
$(error ask is not built for ARCH=$(ARCH) on $(HOST_MACHINE): only aarch64 (arm64), armv7 (armhf) and armv6 (armel) are built across)
endif
endif
CROSS_TRIPLE_aarch64 = aarch64-none-none-elf
CROSS_TRIPLE_armv7 = armv7-none-none-eabi
CROSS_TRIPLE_armv6 = armv6-none-none-eabi
CROSS_GNU_aarch64 = aarch64-linux-gnu
CROSS_GNU_armv7 = arm-linux-gnueabihf
CROSS_GNU_armv6 = arm-linux-gnueabi
CROSS_LIBC_aarch64 = libc6-dev-arm64-cross
CROSS_LIBC_armv7 = libc6-dev-armhf-cross
CROSS_LIBC_armv6 = libc6-dev-armel-cross
CROSS_PACKAGES = gcc-$(CROSS_GNU) $(CROSS_LIBC_$(MACHINE))
# Debian's armhf: ARMv7-A, Thumb-2, VFPv3-D16, floats passed in VFP registers.
CROSS_SWIFT_FLAGS_armv7 = -Xcc -mfloat-abi=hard -Xcc -mfpu=vfpv3-d16
# Debian's armel, whose C library (ARMv5TE) runs on ARMv6: floats in integer registers.
CROSS_SWIFT_FLAGS_armv6 = -Xcc -mfloat-abi=soft
CROSS_GNU = $(CROSS_GNU_$(MACHINE))
CROSS_SYSROOT = /usr/$(CROSS_GNU)
CROSS_CC = $(CROSS_GNU)-gcc
EMBEDDED_TRIPLE = $(if $(CROSS),$(CROSS_TRIPLE_$(MACHINE)),$(TRIPLE))
TARGET_SWIFT_FLAGS = $(if $(CROSS),-target $(EMBEDDED_TRIPLE) -Xcc -isystem -Xcc $(CROSS_SYSROOT)/include \
	-Xcc -D__linux__ -Xcc -D__gnu_linux__ -Xcc -D__unix__ -Xcc -Dlinux -Xcc -Dunix $(CROSS_SWIFT_FLAGS_$(MACHINE)))
EMBEDDED_CC = $(if $(CROSS),$(CROSS_CC),$(CC))
# The compilers' .comment section is removed by the objcopy of the binary's machine (a cross
# binutils' for ARM: the host's does not read an ARM ELF).
EMBEDDED_OBJCOPY = $(if $(CROSS),$(CROSS_GNU)-objcopy,$(OBJCOPY))
EMBEDDED_LINK_FLAGS = $(if $(CROSS),-fuse-ld=lld -B $(EMBEDDED_DIR)/lld)
LLD = $(abspath $(TOOLCHAIN_LIB)/../../bin/ld.lld)
# The ELF machine each is (e_machine), so that a binary is never packaged as another's.
ELF_MACHINE_x86_64 = 62
ELF_MACHINE_aarch64 = 183
ELF_MACHINE_armv7 = 40
ELF_MACHINE_armv6 = 40
# And for 32-bit ARM, the float ABI its ELF header's flags name (EF_ARM_ABI_FLOAT_HARD or _SOFT).
ELF_FLOAT_armv7 = 1024
ELF_FLOAT_armv6 = 512

EMBEDDED_DIR = .build/embedded$(if $(CROSS),-$(MACHINE))
EMBEDDED_FLAGS = -enable-experimental-feature Embedded -wmo -O -Xfrontend -function-sections -package-name ask -I Sources/CAskSystem/include $(TARGET_SWIFT_FLAGS)
UNICODE_TABLES = $(TOOLCHAIN_LIB)/embedded/$(EMBEDDED_TRIPLE)/libswiftUnicodeDataTables.a
# A toolchain without an Embedded standard library for this machine, or EMBEDDED=no, gets the
# ordinary runtime linked statically instead: the same behaviour, a slower start.
# Without swiftc on the PATH, what the recorded build chose.
EMBEDDED ?= $(or $(RECORDED_EMBEDDED),$(if $(and $(TRIPLE),$(wildcard $(TOOLCHAIN_LIB)/embedded/Swift.swiftmodule/$(TRIPLE).swiftmodule),$(wildcard $(UNICODE_TABLES))),yes,no))
# Built across, the release binary is always Embedded Swift.
ifeq ($(CROSS),yes)
override EMBEDDED = yes
endif
STATIC_BINARY = .build/static/release/ask
RELEASE_BINARY = $(if $(filter yes,$(EMBEDDED)),$(EMBEDDED_DIR)/ask,$(STATIC_BINARY))
# The binary that install-files copies; `make install` points it at the release build.
BINARY ?= $(RELEASE_BINARY)

INSTALL ?= install

# The catalogs: each po/LL.po compiled by msgfmt (its formats checked) into .build/locale, the
# tree install-files copies.
MSGFMT ?= msgfmt
LANGUAGES := $(sort $(basename $(notdir $(wildcard po/*.po))))
CATALOGS = $(LANGUAGES:%=.build/locale/%/LC_MESSAGES/ask.mo)

# Rebuild only when a source changed, so `make && sudo make install` does not build as root.
SOURCES := Package.swift Makefile $(shell find Sources -type f 2>/dev/null)
# The library's modules, each after those it uses (as Package.swift declares them).
# The controls: each folder of Sources/Controls is one, a module named Ask and the folder's name.
CONTROLS := $(sort $(notdir $(wildcard Sources/Controls/*)))
MODULES = AskMemory AskSystem AskText AskModel AskLayout AskRender AskSession AskPresentation $(CONTROLS:%=Ask%) AskPinentry AskKit AskCommandLine
# Where a module's sources are: a control's in its folder.
module_dir = $(if $(filter $(1),$(CONTROLS:%=Ask%)),Sources/Controls/$(patsubst Ask%,%,$(1)),Sources/$(1))

.PHONY: install-compat uninstall-compat all build catalogs install install-files uninstall dist deb deb-compat release check-package version test check-release check-arm bench bench-arm fuzz docs clean

all: build

build: $(RELEASE_BINARY) catalogs

catalogs: $(CATALOGS)

.build/locale/%/LC_MESSAGES/ask.mo: po/%.po
	@command -v $(MSGFMT) >/dev/null || { echo "make: the catalogs are compiled with msgfmt (apt-get install gettext)" >&2; exit 1; }
	mkdir -p $(@D)
	$(MSGFMT) --check -o $@ $<

# The Embedded build, a module at a time. A module's object and interface are remade when a file
# of its folders changes (a file added or taken away changes a folder), or a module it may use
# was remade: a control, the layers below the controls (as Package.swift declares); any other
# module, every module before it in MODULES. So a change rebuilds only what it reaches. (swiftc
# leaves an object that came out the same untouched: it is touched, so make knows it was made.)
CONTROL_LAYERS = AskMemory AskSystem AskText AskModel AskLayout AskRender AskSession AskPresentation
EMBEDDED_INPUTS = Package.swift Makefile $(wildcard Sources/CAskSystem/include/*)
module_files = $(shell find $(call module_dir,$(1)) -type d 2>/dev/null) $(call module_sources,$(1))
module_sources = $(shell find $(call module_dir,$(1)) -name '*.swift' 2>/dev/null | sort)
# $(1): the module; $(2): the modules it may use.
define embedded_module
$(EMBEDDED_DIR)/$(1).o: $(call module_files,$(1)) $(2:%=$(EMBEDDED_DIR)/%.o) $(EMBEDDED_INPUTS) | $(EMBEDDED_DIR)/ask_system.o
	$$(SWIFTC) $$(EMBEDDED_FLAGS) -I $$(EMBEDDED_DIR) -parse-as-library -module-name $(1) \
		-emit-module -emit-module-path $$(EMBEDDED_DIR)/$(1).swiftmodule -emit-object -o $$@ $(call module_sources,$(1))
	touch $$@
endef
EMBEDDED_OBJECTS = $(MODULES:%=$(EMBEDDED_DIR)/%.o)
earlier :=
$(foreach module,$(MODULES),$(eval $(call embedded_module,$(module),$(if $(filter $(module),$(CONTROLS:%=Ask%)),$(CONTROL_LAYERS),$(earlier))))$(eval earlier += $(module)))

# What every module's compile comes after: the toolchain and the C cross compiler checked, and
# the C part built.
$(EMBEDDED_DIR)/ask_system.o: Sources/CAskSystem/ask_system.c $(EMBEDDED_INPUTS)
	@test -f "$(UNICODE_TABLES)" || { echo "make: no Embedded Swift for $(EMBEDDED_TRIPLE) in $(TOOLCHAIN_LIB)$(if $(CROSS),, ; try make EMBEDDED=no)" >&2; exit 1; }
	$(if $(CROSS),@test -x "$(LLD)" || { echo "make: no lld beside the toolchain ($(LLD)) to link for $(MACHINE)" >&2; exit 1; })
	$(if $(CROSS),@command -v $(CROSS_CC) >/dev/null && test -f $(CROSS_SYSROOT)/lib/libc.a || \
		{ echo "make: no C cross compiler and C library for $(MACHINE) ($(CROSS_CC), $(CROSS_SYSROOT)/lib/libc.a): apt-get install $(CROSS_PACKAGES)" >&2; exit 1; })
	mkdir -p $(EMBEDDED_DIR)
	$(if $(CROSS),mkdir -p $(EMBEDDED_DIR)/lld && ln -sfn "$(LLD)" $(EMBEDDED_DIR)/lld/ld.lld)
	$(EMBEDDED_CC) -O2 -ffunction-sections -fdata-sections -c -I Sources/CAskSystem/include -o $@ Sources/CAskSystem/ask_system.c

$(EMBEDDED_DIR)/main.o: Sources/ask/main.swift $(EMBEDDED_OBJECTS)
	$(SWIFTC) $(EMBEDDED_FLAGS) -I $(EMBEDDED_DIR) -module-name ask -emit-object -o $@ Sources/ask/main.swift
	touch $@

$(EMBEDDED_DIR)/ask: $(EMBEDDED_DIR)/main.o $(EMBEDDED_OBJECTS) $(EMBEDDED_DIR)/ask_system.o
	$(if $(and $(TARGET_INFO),$(if $(CROSS),,yes)),printf '%s\n' $(TARGET_INFO) embedded:$(EMBEDDED) > $(TOOLCHAIN_RECORD))
	$(EMBEDDED_CC) -static -s -Wl,--gc-sections $(EMBEDDED_LINK_FLAGS) -o $@ $(EMBEDDED_DIR)/main.o $(EMBEDDED_OBJECTS) $(EMBEDDED_DIR)/ask_system.o \
		$(UNICODE_TABLES) -lm
	$(EMBEDDED_OBJCOPY) --remove-section=.comment $@

$(STATIC_BINARY): $(SOURCES)
	$(SWIFT) build -c release -Xswiftc -static-executable -Xlinker -s --build-path .build/static --product ask
	$(OBJCOPY) --remove-section=.comment $@
	$(if $(TARGET_INFO),printf '%s\n' $(TARGET_INFO) embedded:$(EMBEDDED) > $(TOOLCHAIN_RECORD))

install: $(RELEASE_BINARY) catalogs
	$(MAKE) install-files BINARY=$(RELEASE_BINARY)

# Copies files only, from BINARY and the repository; builds nothing but the catalogs.
install-files: catalogs
	@test -x "$(BINARY)" || { echo "make: no executable at BINARY=$(BINARY); run 'make' first" >&2; exit 1; }
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" \
		"$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	$(INSTALL) -m 755 "$(BINARY)" "$(DESTDIR)$(BINDIR)/ask"
	$(INSTALL) -m 644 man/ask.1 "$(DESTDIR)$(MANDIR)/man1/ask.1"
	$(INSTALL) -m 644 completions/ask.bash "$(DESTDIR)$(BASHCOMPDIR)/ask"
	$(INSTALL) -m 644 completions/_ask "$(DESTDIR)$(ZSHCOMPDIR)/_ask"
	$(INSTALL) -m 644 completions/ask.fish "$(DESTDIR)$(FISHCOMPDIR)/ask.fish"
	$(foreach language,$(LANGUAGES),$(INSTALL) -d "$(DESTDIR)$(LOCALEDIR)/$(language)/LC_MESSAGES" && \
		$(INSTALL) -m 644 .build/locale/$(language)/LC_MESSAGES/ask.mo "$(DESTDIR)$(LOCALEDIR)/$(language)/LC_MESSAGES/ask.mo" &&) true

# Removes the files install-files copies, and nothing else (directories stay).
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/ask"
	rm -f "$(DESTDIR)$(MANDIR)/man1/ask.1"
	rm -f "$(DESTDIR)$(BASHCOMPDIR)/ask"
	rm -f "$(DESTDIR)$(ZSHCOMPDIR)/_ask"
	rm -f "$(DESTDIR)$(FISHCOMPDIR)/ask.fish"
	rm -f $(foreach language,$(LANGUAGES),"$(DESTDIR)$(LOCALEDIR)/$(language)/LC_MESSAGES/ask.mo")

# Links under the names of the programs whose command lines ask takes, in COMPATDIR, which the
# person names (nothing ever goes over the system's programs: the ask-compat package does that,
# the Debian way): a directory put first in PATH runs the scripts written for them on ask. They
# lead to the ask that is installed: ASK when named (an absolute path), else the one found on
# PATH (the package's /usr/bin/ask, the archive's, make install's); one that is not there, or is
# not ask, is refused, so no link leads nowhere. A file already there that is not a link to an
# ask is left alone, and the target fails. (With DESTDIR, ASK is looked for under it.)
COMPAT_NAMES = whiptail dialog
ASK ?=
# A symbolic link to an ask: its target is ASK, or a file named ask.
COMPAT_IS_ASK_LINK = target=$$(readlink "$$link") && case $$target in "$(ASK)" | ask | */ask) true ;; *) false ;; esac
install-compat:
	@test -n "$(COMPATDIR)" || { echo "make: name the directory: make install-compat COMPATDIR=DIR" >&2; exit 1; }
	@ask='$(ASK)' how=named; \
	if [ -z "$$ask" ]; then \
		how="found on PATH"; \
		ask=$$(command -v ask) || { echo "make: no ask on PATH to link to: install it first, or name it: ASK=/path/to/ask" >&2; exit 1; }; \
	fi; \
	case $$ask in /*) ;; *) echo "make: ask, $$ask ($$how), is not an absolute path: a link to it would lead nowhere" >&2; exit 1 ;; esac; \
	test -f "$(DESTDIR)$$ask" && test -x "$(DESTDIR)$$ask" || \
		{ echo "make: no executable at $(DESTDIR)$$ask ($$how): a link to it would lead nowhere" >&2; exit 1; }; \
	if [ -z "$(DESTDIR)" ]; then \
		case $$("$$ask" --version 2>/dev/null) in "ask "*) ;; *) echo "make: $$ask ($$how) is not ask (its --version)" >&2; exit 1 ;; esac; \
	fi; \
	for name in $(COMPAT_NAMES); do \
		link="$(DESTDIR)$(COMPATDIR)/$$name"; \
		if { [ -e "$$link" ] || [ -L "$$link" ]; } && ! { $(COMPAT_IS_ASK_LINK); }; then \
			echo "make: $$link is there and is not a link to ask; left alone" >&2; exit 1; \
		fi; \
	done; \
	$(INSTALL) -d "$(DESTDIR)$(COMPATDIR)" || exit 1; \
	for name in $(COMPAT_NAMES); do \
		link="$(DESTDIR)$(COMPATDIR)/$$name"; \
		ln -sfn "$$ask" "$$link" && echo "$$link -> $$ask ($$how)" || exit 1; \
	done

# Removes those links, and only links to ask (ASK's, or a file named ask's: those an earlier
# install made, even to an ask gone since).
uninstall-compat:
	@test -n "$(COMPATDIR)" || { echo "make: name the directory: make uninstall-compat COMPATDIR=DIR" >&2; exit 1; }
	@for name in $(COMPAT_NAMES); do \
		link="$(DESTDIR)$(COMPATDIR)/$$name"; \
		if $(COMPAT_IS_ASK_LINK); then \
			rm -f "$$link" && echo "removed $$link (-> $$target)" || exit 1; \
		elif [ -e "$$link" ] || [ -L "$$link" ]; then \
			echo "make: $$link is not a link to ask; left alone"; \
		fi; \
	done

# Releases: the archive and the Debian package, from the release binary (or BINARY), into
# DIST_DIR. Both hold the files install-files copies (the package at Debian's paths), the binary
# byte for byte; docs/packaging holds the package's control file, changelog and lintian
# overrides, the head of its copyright file, and the archive's install.sh. Every file's time is
# the changelog's newest date, owners are root and entries are sorted, so the same inputs make
# the same bytes.
DIST_DIR = .build/dist
DEB_ARCH_x86_64 = amd64
DEB_ARCH_aarch64 = arm64
DEB_ARCH_armv7 = armhf
DEB_ARCH_armv6 = armel
DEB_ARCH = $(or $(DEB_ARCH_$(MACHINE)),$(MACHINE))
DIST_NAME = ask-$(VERSION)-linux-$(MACHINE)
ARCHIVE = $(DIST_DIR)/$(DIST_NAME).tar.gz
DEB = $(DIST_DIR)/ask_$(VERSION)_$(DEB_ARCH).deb
DEB_ROOT = $(DIST_DIR)/deb
# From the changelog's newest entry: " -- NAME <ADDRESS>  DATE". Its signer is the maintainer, as
# in Debian (dch writes the entry from DEBFULLNAME and DEBEMAIL). The project has no address and no
# public home yet: the signer's address is at example.org, a reserved domain that reaches nobody
# and is nobody's (check-package says so), and the package has no Homepage field until there is one.
MAINTAINER = $(shell sed -n '/^ -- /{s/^ -- \(.*>\)  .*/\1/p;q;}' docs/packaging/changelog)
SOURCE_DATE_EPOCH = $(shell date -d "$$(sed -n '/^ -- /{s/.*>  //p;q;}' docs/packaging/changelog)" +%s)
# The binary holds the C library, linked statically: the package names the source it came from.
LIBC_PACKAGE = $(if $(CROSS),$(CROSS_LIBC_$(MACHINE)),libc6-dev)
BUILT_USING = $(shell dpkg-query -W -f='$${source:Package} (= $${source:Version})' $(LIBC_PACKAGE) 2>/dev/null)
# A binary is packaged only as what it is: its ELF header's machine must be ARCH's.
# (Another machine's, which this Makefile does not name, is left to its builder.)
define CHECK_BINARY_MACHINE
$(if $(ELF_MACHINE_$(MACHINE)),@test "$$(od -An -j18 -N2 -tu2 "$(BINARY)" 2>/dev/null | tr -d ' ')" = "$(ELF_MACHINE_$(MACHINE))" || \
	{ echo "make: $(BINARY) is not an executable for $(MACHINE) (ARCH=$(ARCH)); not packaged as one" >&2; exit 1; })
$(if $(ELF_FLOAT_$(MACHINE)),@test "$$(( $$(od -An -j36 -N4 -tu4 "$(BINARY)") & 1536 ))" = "$(ELF_FLOAT_$(MACHINE))" || \
	{ echo "make: $(BINARY) is not an executable for $(MACHINE) (ARCH=$(ARCH)): another float ABI; not packaged as one" >&2; exit 1; })
endef

dist: $(BINARY) catalogs
	$(CHECK_BINARY_MACHINE)
	rm -rf "$(DIST_DIR)/$(DIST_NAME)" "$(ARCHIVE)"
	$(MAKE) --no-print-directory install-files BINARY="$(BINARY)" DESTDIR="$(DIST_DIR)/$(DIST_NAME)" PREFIX=
	$(INSTALL) -m 755 docs/packaging/install.sh "$(DIST_DIR)/$(DIST_NAME)/install.sh"
	$(INSTALL) -m 644 README.md "$(DIST_DIR)/$(DIST_NAME)/README.md"
	$(INSTALL) -m 644 docs/LICENSE "$(DIST_DIR)/$(DIST_NAME)/LICENSE"
	chmod -R u=rwX,go=rX "$(DIST_DIR)/$(DIST_NAME)"
	tar -C "$(DIST_DIR)" --sort=name --mtime=@$(SOURCE_DATE_EPOCH) --owner=0 --group=0 --numeric-owner \
		-cf - "$(DIST_NAME)" | gzip -9n > "$(ARCHIVE)"
	cd "$(DIST_DIR)" && sha256sum "$(DIST_NAME).tar.gz" > "$(DIST_NAME).tar.gz.sha256"

# The copyright file of a package (into $(1)), its head the output of $(2): the licence as a
# machine-readable copyright file.
DEB_COPYRIGHT = { $(2); sed -n 's/^Copyright (c) /Copyright: /p' docs/LICENSE; echo "License: Expat"; \
	sed -e '1,/^Copyright (c) /d' -e '/./,$$!d' -e 's/^$$/./' -e 's/^/ /' docs/LICENSE; } > "$(1)"
# A staged tree $(1) made the package $(3): its files' sums, the control file from $(2) with its
# fields filled in, every file's time the changelog's, owned by root without being root.
define DEB_BUILD
chmod -R u=rwX,go=rX "$(1)"
cd "$(1)" && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums
size=$$(cd "$(1)" && find usr -printf '%y %s\n' | awk '{ n += $$1 == "f" ? int(($$2 + 1023) / 1024) : 1 } END { print n }') && \
sed -e 's/@VERSION@/$(VERSION)/' -e 's/@ARCHITECTURE@/$(DEB_ARCH)/' -e 's/@MAINTAINER@/$(MAINTAINER)/' \
	-e "s/@INSTALLED_SIZE@/$$size/" -e 's/@BUILT_USING@/$(BUILT_USING)/' $(2) > "$(1)/DEBIAN/control"
find "$(1)" -exec touch -h -d @$(SOURCE_DATE_EPOCH) {} +
SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) dpkg-deb --root-owner-group -Zxz --build "$(1)" "$(3)"
endef

# Built with dpkg-deb from a staged tree, as root owns it without being root (--root-owner-group).
# Debian's paths: zsh's vendor-completions (in its fpath), the man page and the changelog
# compressed, the licence as a machine-readable copyright file. The ask-compat package is built
# beside it, once it is built (a binary refused leaves no file).
deb: $(BINARY) catalogs
	@command -v dpkg-deb >/dev/null || { echo "make: the package is built with dpkg-deb (Debian's dpkg)" >&2; exit 1; }
	$(CHECK_BINARY_MACHINE)
	@test -n "$(BUILT_USING)" || { echo "make: $(LIBC_PACKAGE), whose C library the binary holds, is not installed" >&2; exit 1; }
	rm -rf "$(DEB_ROOT)" "$(DEB)"
	$(MAKE) --no-print-directory install-files BINARY="$(BINARY)" DESTDIR="$(DEB_ROOT)" PREFIX=/usr \
		ZSHCOMPDIR=/usr/share/zsh/vendor-completions
	gzip -9n "$(DEB_ROOT)/usr/share/man/man1/ask.1"
	$(INSTALL) -d "$(DEB_ROOT)/usr/share/doc/ask" "$(DEB_ROOT)/DEBIAN"
	gzip -9n < docs/packaging/changelog > "$(DEB_ROOT)/usr/share/doc/ask/changelog.gz"
	gzip -9n < README.md > "$(DEB_ROOT)/usr/share/doc/ask/README.md.gz"
	$(INSTALL) -d "$(DEB_ROOT)/usr/share/lintian/overrides"
	$(INSTALL) -m 644 docs/packaging/lintian-overrides "$(DEB_ROOT)/usr/share/lintian/overrides/ask"
	$(call DEB_COPYRIGHT,$(DEB_ROOT)/usr/share/doc/ask/copyright,cat docs/packaging/copyright)
	$(call DEB_BUILD,$(DEB_ROOT),docs/packaging/control,$(DEB))
	$(MAKE) --no-print-directory deb-compat

# ask-compat: ask in place of /usr/bin/whiptail and /usr/bin/dialog, system-wide, the Debian way
# (docs/packaging/ask-compat: its control file, the maintainer scripts that divert the programs'
# own files aside and give them back, its lintian overrides). Links and text only, the same for
# every architecture: Architecture all, one package beside each architecture's ask. Its copyright
# file is ask's without the comment on the binary's C library (it holds no binary).
COMPAT_DEB = $(DIST_DIR)/ask-compat_$(VERSION)_all.deb
COMPAT_DEB_ROOT = $(DIST_DIR)/deb-compat
deb-compat:
	@command -v dpkg-deb >/dev/null || { echo "make: the package is built with dpkg-deb (Debian's dpkg)" >&2; exit 1; }
	rm -rf "$(COMPAT_DEB_ROOT)" "$(COMPAT_DEB)"
	$(INSTALL) -d "$(COMPAT_DEB_ROOT)/DEBIAN" "$(COMPAT_DEB_ROOT)/usr/bin" "$(COMPAT_DEB_ROOT)/usr/share/doc/ask-compat" \
		"$(COMPAT_DEB_ROOT)/usr/share/lintian/overrides"
	$(foreach name,$(COMPAT_NAMES),ln -s ask "$(COMPAT_DEB_ROOT)/usr/bin/$(name)" &&) true
	$(INSTALL) -m 755 docs/packaging/ask-compat/preinst docs/packaging/ask-compat/postrm "$(COMPAT_DEB_ROOT)/DEBIAN/"
	$(INSTALL) -m 644 docs/packaging/ask-compat/lintian-overrides "$(COMPAT_DEB_ROOT)/usr/share/lintian/overrides/ask-compat"
	gzip -9n < docs/packaging/changelog > "$(COMPAT_DEB_ROOT)/usr/share/doc/ask-compat/changelog.gz"
	$(call DEB_COPYRIGHT,$(COMPAT_DEB_ROOT)/usr/share/doc/ask-compat/copyright,grep -v -e '^Comment:' -e '^ ' docs/packaging/copyright)
	$(call DEB_BUILD,$(COMPAT_DEB_ROOT),docs/packaging/ask-compat/control,$(COMPAT_DEB))

# Every architecture's archive and package, and one list of their checksums (sha256sum -c).
RELEASE_MACHINES = $(sort $(HOST_MACHINE) $(CROSS_ARCHES))
RELEASE_FILES = $(foreach m,$(RELEASE_MACHINES),ask-$(VERSION)-linux-$(m).tar.gz ask_$(VERSION)_$(or $(DEB_ARCH_$(m)),$(m)).deb) \
	ask-compat_$(VERSION)_all.deb
release:
	rm -f "$(DIST_DIR)/SHA256SUMS"
	for arch in $(RELEASE_MACHINES); do $(MAKE) --no-print-directory ARCH=$$arch dist deb || exit 1; done
	cd "$(DIST_DIR)" && sha256sum $(RELEASE_FILES) > SHA256SUMS

# The checks CI makes of both (.ci/check-package): run as root, or with sudo at hand. Another
# architecture's package is checked without installing it, its binary run under qemu-user. Then
# ask-compat's (.ci/check-compat-package), installed and removed with this machine's ask: it
# diverts and gives back whiptail's and dialog's files, and removes and installs dialog again.
check-package: dist deb
	ARCH=$(MACHINE) $(if $(CROSS),EMULATOR="$(EMULATOR)") .ci/check-package "$(DEB)" "$(ARCHIVE)" "$(BINARY)"
	$(if $(CROSS),,.ci/check-compat-package "$(DEB)" "$(COMPAT_DEB)")

version:
	@printf '%s\n' "$(VERSION)" "$(ARCHIVE)" "$(DEB)"

test:
	$(SWIFT) test

# The end-to-end tests run whatever ASK_BINARY names: here the Embedded Swift release binary,
# so what is installed is what was tested.
# The side-by-side runs of every language and of random calls (each a few hundred runs of the
# real programs beside ask) are left to the debug binary's run, which CI makes first; whiptail's
# and dialog's rows to the ARM release binaries' (the same Embedded Swift, under check-arm).
check-release: $(RELEASE_BINARY)
	ASK_BINARY="$(CURDIR)/$(RELEASE_BINARY)" $(SWIFT) test --skip 'LanguageSideBySideTests|RandomSideBySideTests|WhiptailTests|DialogTests'

# An ARM binary runs on this machine under qemu-user, as the processor of the oldest board it
# is for (a Raspberry Pi 3's Cortex-A53, a Pi 2's Cortex-A7, a Pi 1's ARM1176), so an
# instruction those lack traps.
# EMULATED_BINARY is a script standing for it (argv[0] passed on, so a link named whiptail
# runs it as whiptail); the end-to-end tests drive it as ASK_BINARY, told by ASK_EMULATOR that
# it is emulated (the few tests that cannot hold under qemu say why). ARM_TESTS, a --filter,
# picks the tests (CI's subset); by default, all the end-to-end tests.
QEMU_aarch64 = qemu-aarch64-static -cpu cortex-a53
QEMU_armv7 = qemu-arm-static -cpu cortex-a7
QEMU_armv6 = qemu-arm-static -cpu arm1176
EMULATOR = $(QEMU_$(MACHINE))
EMULATED_BINARY = .build/qemu-$(MACHINE)/ask
ARM_TESTS ?= EndToEndTests
$(EMULATED_BINARY): $(RELEASE_BINARY)
	@command -v $(firstword $(EMULATOR)) >/dev/null || { echo "make: $(firstword $(EMULATOR)) runs $(MACHINE) here: apt-get install qemu-user-static" >&2; exit 1; }
	mkdir -p $(@D)
	{ echo '#!/bin/sh'; echo 'exec $(EMULATOR) -0 "$$0" "$(CURDIR)/$(RELEASE_BINARY)" "$$@"'; } > $@
	chmod 755 $@

check-arm:
	$(foreach m,$(CROSS_ARCHES),$(MAKE) --no-print-directory ARCH=$(m) .build/qemu-$(m)/ask &&) true
	$(SWIFT) build --build-tests
	$(foreach m,$(CROSS_ARCHES),echo "check-arm: $(m), $(ARM_TESTS)" && ASK_BINARY="$(CURDIR)/.build/qemu-$(m)/ask" \
		ASK_EMULATOR="$(QEMU_$(m))" $(SWIFT) test --skip-build --filter '$(ARM_TESTS)' &&) true

# ask against a C raw-mode prompt, whiptail and dialog, its action sheet against fzf, whiptail
# and dialog, its text box against whiptail's and dialog's (those installed), through one pty
# script; medians and ratios, kept in docs/BENCHMARK.md with the machine it ran on. The filter's
# relevance is measured on the toolchain's files, /usr/bin and /usr/share/dict/words: Debian's
# wamerican is installed for it when missing and this runs as root with apt-get (else the bench
# makes up pseudo-words).
bench: $(RELEASE_BINARY)
	$(SWIFT) build -c release --product ask-bench
	mkdir -p .build/bench
	$(CC) -O2 -o .build/bench/reference-prompt Tests/BenchReference/reference-prompt.c
	$(CC) -O2 -static -o .build/bench/reference-prompt-static Tests/BenchReference/reference-prompt.c
	$(CC) -O2 -o .build/bench/run-measured Tests/BenchReference/run-measured.c
	@test -f /usr/share/dict/words || test "$$(id -u)" != 0 || ! command -v apt-get >/dev/null || \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wamerican || true
	.build/release/ask-bench --ask $(RELEASE_BINARY) --reference .build/bench/reference-prompt \
		--reference-static .build/bench/reference-prompt-static --runner .build/bench/run-measured \
		$(if $(TOOLCHAIN_LIB),--toolchain $(abspath $(TOOLCHAIN_LIB)/../..)) \
		$(if $(BENCH_SECTIONS),--sections $(BENCH_SECTIONS)) --rounds $(BENCH_ROUNDS) --out $(BENCH_OUT)

# Each release binary's size and the instructions it executes for the same sessions, counted
# by qemu-user for all three (this machine's build too): time under an emulator says little.
bench-arm:
	$(foreach m,$(HOST_MACHINE) $(CROSS_ARCHES),$(MAKE) --no-print-directory ARCH=$(m) build &&) true
	$(SWIFT) build -c release --product ask-bench
	.build/release/ask-bench --instructions "$$(printf '%s,' $(HOST_MACHINE):$(CURDIR)/$(RELEASE_BINARY) \
		$(foreach m,$(CROSS_ARCHES),$(m):$(CURDIR)/.build/embedded-$(m)/ask) | sed 's/,$$//')"

# The completions and the man page's OPTIONS, from the option table (a test checks they are).
docs:
	$(SWIFT) run ask-docs "$(CURDIR)"

# libFuzzer: every target for FUZZ_SECONDS each, from the committed seeds.
fuzz:
	Tests/Fuzz/run $(FUZZ_SECONDS)

clean:
	$(SWIFT) package clean
	rm -rf $(EMBEDDED_DIR) .build/static $(DIST_DIR) .build/locale
