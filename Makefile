# ask: build, install, test.
#
#   make                      build the release binary
#   make install              build it, then install it with the man page and completions
#   make uninstall            remove exactly the files `make install` put there
#   make test                 run the test suite
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
RELEASE_FLAGS = -c release --static-swift-stdlib
# The binary that install-files copies; `make install` points it at the release build.
BINARY ?= .build/release/ask

INSTALL ?= install

# Rebuild only when a source changed, so `make && sudo make install` does not build as root.
SOURCES := Package.swift $(shell find Sources -type f 2>/dev/null)

.PHONY: all build install install-files uninstall test clean

all: build

build:
	$(SWIFT) build $(RELEASE_FLAGS)

.build/release/ask: $(SOURCES)
	$(SWIFT) build $(RELEASE_FLAGS)

install: .build/release/ask
	$(MAKE) install-files BINARY=.build/release/ask

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

clean:
	$(SWIFT) package clean
