# ask: build, install, test.
#
#   make                      build the release binary
#   make install              build it, then install it with the man page and completions
#   make uninstall            remove exactly the files `make install` put there
#   make test                 run the test suite
#   make bench                benchmark against a C prompt, whiptail and dialog
#   make fuzz                 run the libFuzzer targets (FUZZ_SECONDS each)
#
# PREFIX (default /usr/local) and DESTDIR (for staged installs) are honoured:
#   make install PREFIX=$HOME/.local
#   make install DESTDIR=/tmp/stage PREFIX=/usr

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d

SWIFT ?= swift
# One self-contained executable: the Swift runtime and libc linked in (it starts as fast as C),
# with the code a prompt runs packed together (Tests/Profile/generate says why).
RELEASE_FLAGS = -c release -Xswiftc -static-executable --build-path .build/static \
	-Xlinker --section-ordering-file=$(CURDIR)/Tests/Profile/hot-functions.txt
RELEASE_BINARY = .build/static/release/ask
# The binary that install-files copies; `make install` points it at the release build.
BINARY ?= $(RELEASE_BINARY)
CC ?= cc
FUZZ_SECONDS ?= 60
BENCH_ROUNDS ?= 9

INSTALL ?= install

# Rebuild only when a source changed, so `make && sudo make install` does not build as root.
SOURCES := Package.swift Tests/Profile/hot-functions.txt $(shell find Sources -type f 2>/dev/null)

.PHONY: all build install install-files uninstall test bench fuzz clean

all: build

build:
	$(SWIFT) build $(RELEASE_FLAGS) --product ask

$(RELEASE_BINARY): $(SOURCES)
	$(SWIFT) build $(RELEASE_FLAGS) --product ask

install: $(RELEASE_BINARY)
	$(MAKE) install-files BINARY=$(RELEASE_BINARY)

# Copies files only, from BINARY and the repository; builds nothing.
install-files:
	@test -x "$(BINARY)" || { echo "make: no executable at BINARY=$(BINARY); run 'make' first" >&2; exit 1; }
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" \
		"$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	$(INSTALL) -m 755 "$(BINARY)" "$(DESTDIR)$(BINDIR)/ask"
	$(INSTALL) -m 644 man/ask.1 "$(DESTDIR)$(MANDIR)/man1/ask.1"
	$(INSTALL) -m 644 completions/ask.bash "$(DESTDIR)$(BASHCOMPDIR)/ask"
	$(INSTALL) -m 644 completions/_ask "$(DESTDIR)$(ZSHCOMPDIR)/_ask"
	$(INSTALL) -m 644 completions/ask.fish "$(DESTDIR)$(FISHCOMPDIR)/ask.fish"

# Removes the files install-files copies, and nothing else (directories stay).
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/ask"
	rm -f "$(DESTDIR)$(MANDIR)/man1/ask.1"
	rm -f "$(DESTDIR)$(BASHCOMPDIR)/ask"
	rm -f "$(DESTDIR)$(ZSHCOMPDIR)/_ask"
	rm -f "$(DESTDIR)$(FISHCOMPDIR)/ask.fish"

test:
	$(SWIFT) test

# ask against a C raw-mode prompt, whiptail and dialog (those installed), through one pty
# script; medians and ratios, kept in docs/BENCHMARK.md with the machine it ran on.
bench: $(RELEASE_BINARY)
	$(SWIFT) build -c release --product ask-bench
	mkdir -p .build/bench
	$(CC) -O2 -o .build/bench/reference-prompt Tests/BenchReference/reference-prompt.c
	.build/release/ask-bench --ask $(RELEASE_BINARY) --reference .build/bench/reference-prompt \
		--rounds $(BENCH_ROUNDS) --out docs/BENCHMARK.md

# libFuzzer: every target for FUZZ_SECONDS each, from the committed seeds.
fuzz:
	Tests/Fuzz/run $(FUZZ_SECONDS)

clean:
	$(SWIFT) package clean
