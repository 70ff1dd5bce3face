# Builds and installs the `formspec` command line tool.
#
#   make                       release build (.build/release/formspec); on Linux the Swift runtime
#                              is linked in, so the binary needs only libyaml and the C library
#   make install PREFIX=DIR    build, then copy formspec to DIR/bin (default /usr/local)
#   make uninstall PREFIX=DIR  remove DIR/bin/formspec
#   make test                  swift test
#
# DESTDIR is honoured for packaging (make install DESTDIR=/tmp/stage PREFIX=/usr).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
# Linux only: Apple platforms ship the Swift runtime with the OS.
STATIC ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

.PHONY: all build install uninstall test

all: build

build:
	$(SWIFT) build -c release $(STATIC) --product formspec

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build -c release $(STATIC) --show-bin-path)/formspec" "$(DESTDIR)$(BINDIR)/formspec"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/formspec"

test:
	$(SWIFT) test
