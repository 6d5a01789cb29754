#!/bin/sh
# tests/install.sh: `make install` into a temporary DESTDIR puts the binary, every help text and the
# man page where they belong, the installed binary runs, and `make uninstall` leaves no file behind;
# then the man page lint (skipped without mandoc). Run from the repository root after `make`:
#     sh tests/install.sh
set -eu
MAKE=${MAKE:-make}
PREFIX=/usr/local
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
DEST=$STAGE/root
fails=0
ok() { printf 'ok   %s\n' "$1"; }
bad() { printf 'FAIL %s\n' "$1"; fails=$((fails + 1)); }

[ -f genetess.6 ] && [ -d help ] || { echo "tests/install.sh: run me from the repository root" >&2; exit 2; }

MAKEFLAGS= MFLAGS= "$MAKE" -s install PREFIX="$PREFIX" DESTDIR="$DEST" >"$STAGE/install.log" 2>&1 \
  && ok "make install" || { bad "make install"; cat "$STAGE/install.log"; exit 1; }

# Every file is there.
[ -x "$DEST$PREFIX/bin/genetess" ] && ok "bin/genetess is installed and executable" \
  || bad "bin/genetess is installed and executable"
[ -f "$DEST$PREFIX/share/man/man6/genetess.6" ] && ok "share/man/man6/genetess.6 is installed" \
  || bad "share/man/man6/genetess.6 is installed"
missing=0
for f in help/*.txt; do
  cmp -s "$f" "$DEST$PREFIX/share/genetess/help/${f#help/}" || { missing=$((missing + 1)); echo "  not installed: $f"; }
done
[ "$missing" -eq 0 ] && ok "every help/*.txt is in share/genetess/help/" || bad "every help/*.txt is in share/genetess/help/"
extra=$(cd "$DEST$PREFIX" && find . -type f | wc -l)
want=$(( $(ls help/*.txt | wc -l) + 2 ))
[ "$extra" -eq "$want" ] && ok "nothing else is installed ($want files)" || bad "nothing else is installed ($extra files, want $want)"

# The installed binary runs (no PBMHOME needed for help).
if (unset SENDER PBMHOME; "$DEST$PREFIX/bin/genetess" help) >"$STAGE/help.out" 2>&1 && [ -s "$STAGE/help.out" ]; then
  ok "installed genetess help exits 0"
else
  bad "installed genetess help exits 0"
fi

# Uninstall removes exactly what install put there.
MAKEFLAGS= MFLAGS= "$MAKE" -s uninstall PREFIX="$PREFIX" DESTDIR="$DEST" >"$STAGE/uninstall.log" 2>&1 \
  && ok "make uninstall" || { bad "make uninstall"; cat "$STAGE/uninstall.log"; }
left=$(find "$DEST" -type f | sed "s|^$DEST||")
[ -z "$left" ] && ok "no file is left after uninstall" || { bad "no file is left after uninstall"; echo "$left"; }
[ ! -e "$DEST$PREFIX/share/genetess" ] && ok "share/genetess/ is removed" || bad "share/genetess/ is removed"

# The man page passes the linter.
if command -v mandoc >/dev/null 2>&1; then
  MAKEFLAGS= MFLAGS= "$MAKE" -s lint-man >"$STAGE/lint.log" 2>&1 && [ ! -s "$STAGE/lint.log" ] \
    && ok "make lint-man: no warnings" || { bad "make lint-man: no warnings"; cat "$STAGE/lint.log"; }
else
  echo "skipped: make lint-man (mandoc is not installed)"
fi

if [ "$fails" -ne 0 ]; then
  echo "install.sh: $fails failed"
  exit 1
fi
echo "install.sh: all passed"
