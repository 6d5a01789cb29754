# genetess — build, test, demo, bench.  `make`, `make check`, `make demo`, `make bench`.
CC      ?= cc
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wwrite-strings
CFLAGS  ?= -O2 -g
# override: a CFLAGS given on the command line (CI's CFLAGS="-O1 -g") keeps the standard, the warnings and the
# sanitizers; without it make would drop every += below.
override CFLAGS  += -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN)
override LDFLAGS += -pthread
ifeq ($(WERROR),1)
override CFLAGS  += -Werror
endif
ifeq ($(SANITIZE),1)
override CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
override LDFLAGS += -fsanitize=address,undefined
endif
BUILD   ?= build
BIN     ?= genetess
SRC      = $(filter-out genetess.c,$(wildcard *.c))
OBJ      = $(patsubst %.c,$(BUILD)/%.o,$(SRC)) $(BUILD)/embedded.o
TESTSRC  = $(wildcard tests/check_*.c)
TESTOBJ  = $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TESTSRC)) $(BUILD)/tests/fixtures.o
EMBED    = $(sort $(wildcard help/*.txt)) $(sort $(wildcard maps/*.map))

.PHONY: all abuse check check-long readme-transcript check-browser check-mta demo bench botbench clean unit e2e deps install uninstall lint-man fuzz crashpoints mailcheck leakcheck robustness
all: $(BIN)

$(BIN): $(BUILD)/genetess.o $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $^

$(BUILD)/%.o: %.c $(wildcard *.h) genes.def | $(BUILD)
	$(CC) $(CFLAGS) -I. -c -o $@ $<

$(BUILD)/embedded.c: tools/embed.sh $(EMBED) | $(BUILD)
	sh tools/embed.sh $(EMBED) > $@.tmp && mv $@.tmp $@

$(BUILD)/embedded.o: $(BUILD)/embedded.c
	$(CC) $(CFLAGS) -I. -c -o $@ $<

$(BUILD):
	mkdir -p $(BUILD)/tests

# ---- tests ----
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

deps:
	@pkg-config --exists check 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then echo "Installing Debian's check package"; \
	    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq check pkg-config >/dev/null; \
	  else echo "Check is missing. Install it with:  sudo apt-get install check pkg-config"; exit 1; fi; }

$(BUILD)/tests/suites.inc: $(TESTSRC) | $(BUILD)
	grep -ho 'Suite \*[a-z0-9_]*_suite(void)$$' $(TESTSRC) | sed 's/Suite \*\(.*\)(void)/SUITE(\1)/' > $@.tmp && mv $@.tmp $@

# The tests' own objects are compiled without optimisation (-O0 after CFLAGS): half the compile time of the
# check build, and the code they test is the program's own objects, optimised as shipped.
$(BUILD)/tests/%.o: tests/%.c tests/fixtures.h $(wildcard tests/check_*.h) $(wildcard *.h) | $(BUILD)
	$(CC) $(CFLAGS) -O0 -Wno-missing-prototypes $(CHECK_CFLAGS) -I. -Itests -c -o $@ $<

$(BUILD)/tests/runner.o: tests/runner.c $(BUILD)/tests/suites.inc
	$(CC) $(CFLAGS) $(CHECK_CFLAGS) -I. -Itests -I$(BUILD)/tests -c -o $@ $<

$(BUILD)/check_genetess: $(BUILD)/tests/runner.o $(TESTOBJ) $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS)

unit: deps
	$(MAKE) $(BIN) $(BUILD)/check_genetess
	GENETESS=$(abspath $(BIN)) $(BUILD)/check_genetess

e2e: $(BIN)
	GENETESS=$(abspath $(BIN)) sh tests/e2e.sh

# Every test but the slow named targets below (crashpoints, check-browser, check-mta, fuzz, SANITIZE=1), two at a
# time, a line per suite and per topic as it ends: about a minute on a 2-core machine (tests/check.sh).
check: deps
	sh tests/layers.sh
	@for f in tests/fuzz/fuzz_*.c; do $(CC) $(CFLAGS) -I. -fsyntax-only $$f || exit 1; done; \
	  echo "fuzz targets: each compiles against today's headers (make fuzz runs them)"
	$(MAKE) -j2 $(BIN) $(BUILD)/check_genetess
	GENETESS=$(abspath $(BIN)) UNIT=$(BUILD)/check_genetess sh tests/check.sh

# The README's walkthrough run as written, its outputs compared (make check), or rewritten from the program's
# (readme-transcript: parts left out with '...' stay left out; review the diff).
readme-transcript: $(BIN)
	python3 tests/readme.py --update

# every mail of a whole game parsed strictly by Python's email package
mailcheck: $(BIN)
	GENETESS=$(abspath $(BIN)) python3 tests/mailcheck.py

# What make check shortens for time: the bot games that run to the 500-round cap, played out (minutes).
check-long: $(BIN)
	GENETESS=$(abspath $(BIN)) E2E_LONG=1 sh tests/e2e.sh bots

# kills at every write, fsync, rename, link and unlink; not with SANITIZE=1 (ASan must load first)
$(BUILD)/crashshim.so: tests/crash/shim.c | $(BUILD)
	$(CC) -shared -fPIC -O1 -o $@ $< -ldl

crashpoints: $(BIN) $(BUILD)/crashshim.so
	GENETESS=$(abspath $(BIN)) SHIM=$(BUILD)/crashshim.so sh tests/crashpoints.sh

# A sheet's HTML part drawn by headless chromium (Debian's chromium; installs nothing): the colours of known
# cells in the screenshot (tests/browser.py).
check-browser: $(BIN)
	GENETESS=$(abspath $(BIN)) python3 tests/browser.py
	GENETESS=$(abspath $(BIN)) python3 tests/browser_web.py

# Genetess behind a real mail server (exim4 on 127.0.0.1, mail over SMTP); needs root: see tests/mta.sh.
check-mta: $(BIN)
	GENETESS=$(abspath $(BIN)) bash tests/mta.sh

# A stranger's attacks (contract 15): the end-to-end topic abuse; the attacks on the mail and file plumbing
# (tests/abuse/: planted links, private modes, a mailer that refuses forever, descriptors running out, odd
# bodies and headers); then, as root, the same through a real exim.
abuse: $(BIN)
	GENETESS=$(abspath $(BIN)) sh tests/e2e.sh abuse
	GENETESS=$(abspath $(BIN)) sh tests/abuse.sh
	@if [ "$$(id -u)" = 0 ]; then GENETESS=$(abspath $(BIN)) bash tests/mta.sh; \
	  else echo "skipped: tests/mta.sh (needs root)"; fi

demo: $(BIN)
	sh tools/demo.sh $(abspath $(BIN))

bench: $(BIN)
	sh tools/bench.sh $(abspath $(BIN))

# The computer opponents' table: wins, caps, game length, decision time and work, against the targets (minutes).
botbench: $(BIN)
	sh tools/botbench.sh $(abspath $(BIN))

clean:
	rm -rf $(BUILD) $(BIN)

# ---- install ----
# `make install PREFIX=/usr/local DESTDIR=/tmp/stage`; `make uninstall` with the same values removes
# exactly the files installed. The help texts are compiled into the binary; the installed copies are
# for reading and for starting local overrides ($PBMHOME/help/genetess/<topic>.txt).
PREFIX  ?= /usr/local
BINDIR   = $(DESTDIR)$(PREFIX)/bin
HELPDIR  = $(DESTDIR)$(PREFIX)/share/genetess/help
MAN6DIR  = $(DESTDIR)$(PREFIX)/share/man/man6
HELPTXT  = $(sort $(wildcard help/*.txt))

install: $(BIN)
	install -d $(BINDIR) $(HELPDIR) $(MAN6DIR)
	install -m 755 $(BIN) $(BINDIR)/genetess
	install -m 644 $(HELPTXT) $(HELPDIR)/
	install -m 644 genetess.6 $(MAN6DIR)/genetess.6

uninstall:
	rm -f $(BINDIR)/genetess $(MAN6DIR)/genetess.6 $(addprefix $(HELPDIR)/,$(notdir $(HELPTXT)))
	rmdir $(HELPDIR) $(DESTDIR)$(PREFIX)/share/genetess 2>/dev/null || true

# The man page must pass mandoc's linter without a warning (and groff's, when groff is there).
lint-man:
	mandoc -T lint -W warning genetess.6
	@if command -v groff >/dev/null 2>&1; then \
	  out=$$(groff -man -ww -z genetess.6 2>&1); \
	  if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; fi

# libFuzzer targets (tests/fuzz/): the order parser, the map parser, the board loader and one whole command
# in-process; each runs SECONDS seconds from its seed corpus. Needs clang.
SECONDS ?= 60
fuzz: $(BIN)
	sh tests/fuzz/run.sh $(SECONDS)

# The leak oracle (tests/oracle/): random games checked against what each player may see, for MINUTES.
MINUTES ?= 10
JOBS ?= 1
leakcheck: $(BIN)
	python3 tests/oracle/oracle.py --minutes $(MINUTES) --jobs $(JOBS) --seed 7 --bin $(abspath $(BIN))

# the long runs, one table: oracle MINUTES (or GAMES), crash points, load, fuzz SECONDS per target
# (or FUZZ_RUNS executions); JOBS processes side by side.
robustness: $(BIN) $(BUILD)/crashshim.so
	MINUTES=$(MINUTES) SECONDS=$(SECONDS) JOBS=$(JOBS) sh tools/robustness.sh $(abspath $(BIN))
