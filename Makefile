# Builds and installs the `formspec` command line tool.
#
#   make                       release build (.build/release/formspec)
#   make install PREFIX=DIR    build, then copy formspec to DIR/bin (default /usr/local)
#   make uninstall PREFIX=DIR  remove DIR/bin/formspec
#   make test                  swift test
#
# DESTDIR is honoured for packaging (make install DESTDIR=/tmp/stage PREFIX=/usr).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift

.PHONY: all build install uninstall test

all: build

build:
	$(SWIFT) build -c release --product formspec

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/formspec" "$(DESTDIR)$(BINDIR)/formspec"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/formspec"

test:
	$(SWIFT) test
