#!/bin/sh
# bench_web: the time `genetess web DIR` takes on a server with N finished games (default 10000) and one
# running game: the first run (every page written), a second run (nothing changed: nothing written), and
# the update after one move of the running game. The finished games are copies of the short game of
# `make demo` (7 moves: 8 replay steps each), numbered 1001.., each with its history line.
#   GENETESS=./genetess [PROBE=0] sh tests/bench_web.sh [N]
# Prints one line per run: "web: <what>: <seconds> s (<reply>)", then (with python3) the longest a process
# taking the store's lock waited for it during that run: a probe takes the lock every 20 ms and times its
# wait, an upper bound of the longest web held it at once (the probe's own scheduling delays included on a
# busy machine). The probe slows web: each time web finds the lock taken it polls again 100 ms later
# (contract 5); PROBE=0 times the runs without it. Exit 1 when a run fails or when the second run writes a
# page.
set -eu
N=${1:-10000}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT INT TERM
G=$W/genetess # a copy: a rebuild while the bench runs changes nothing
cp "${GENETESS:-./genetess}" "$G"
PBMHOME=$W/home
GENETESS_NOW=1800000000
export PBMHOME GENETESS_NOW
unset SENDER PBMSENDMAIL INPUTFILE 2>/dev/null || true
q() { "$G" "$@" >/dev/null; }
q signup alice secret alice@example.org
q signup bob hunter2 bob@example.org
q challenge --gamble=none --start-e=80 --seed=7 --name=Demo_game alice bob
q move 101 alice secret "CREATE C4 ABBBBBB"
q move 101 bob hunter2 PASS
q move 101 alice secret "MOVE C4 S-E-E-E-E-E-E"
q move 101 bob hunter2 PASS
q move 101 alice secret "MOVE I5 S-E-S-S-E-E-E"
q move 101 bob hunter2 PASS
q move 101 alice secret "MOVE M8 E-E-E-E-E-S-S"
A=$PBMHOME/games/Genetess-archive
mkdir -p "$A"
H=$PBMHOME/history/Genetess
line=$(cat "$H")
: >"$H"
awk -v n="$N" -v dir="$A" -v line="$line" '
  BEGIN { while ((getline l < "'"$PBMHOME"'/games/Genetess/101") > 0) text = text l "\n"
          while ((getline l < "'"$PBMHOME"'/games/Genetess/101.moves") > 0) moves = moves l "\n"
          split(line, w, " ")
          for (i = 0; i < n; i++) {
            b = 1001 + i; t = text
            gsub(/\(number 101\)/, "(number " b ")", t)
            gsub(/\(moves 101\.moves/, "(moves " b ".moves", t)
            printf "%s", t > (dir "/" b); close(dir "/" b)
            printf "%s", moves > (dir "/" b ".moves"); close(dir "/" b ".moves")
            print w[1], b, w[3], w[4], w[5], w[6] >> "'"$H"'"
          } }'
rm -f "$PBMHOME"/games/Genetess/101 "$PBMHOME"/games/Genetess/101.moves
q challenge --gamble=none --seed=5 alice bob
R=$(cat "$PBMHOME/games/Genetess/.board")
P=$W/probe
# probe: (python3) takes the store's lock every 20 ms, as genetess does (fcntl), until $P.stop is made; then
# writes to $P how many times it took it and its longest wait, in ms.
probe() {
  rm -f "$P" "$P.stop"
  python3 - "$PBMHOME/games/Genetess/.lockfile" "$P" <<'EOF' &
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR)
worst, n = 0.0, 0
while not os.path.exists(sys.argv[2] + '.stop'):
    t0 = time.monotonic()
    fcntl.lockf(fd, fcntl.LOCK_EX)
    worst = max(worst, time.monotonic() - t0)
    fcntl.lockf(fd, fcntl.LOCK_UN)
    n += 1
    time.sleep(0.02)
with open(sys.argv[2], 'w') as f:
    f.write('%d %.1f\n' % (n, worst * 1000))
EOF
}
HAVE_PY=$(command -v python3 >/dev/null 2>&1 && [ "${PROBE:-1}" != 0 ] && echo 1 || echo 0)
timed() {
  what=$1
  shift
  [ "$HAVE_PY" = 0 ] || probe
  t0=$(date +%s.%N)
  out=$("$G" web "$W/site")
  t1=$(date +%s.%N)
  echo "web: $what: $(echo "$t1 - $t0" | bc) s ($out)"
  if [ "$HAVE_PY" = 1 ]; then
    : >"$P.stop"
    wait
    read -r probes worst <"$P"
    echo "web:   meanwhile another process took the lock $probes times, its longest wait $worst ms"
  fi
}
timed "first run, $N finished games"
timed "second run, nothing changed"
case $out in *": 0 pages written"*) ;; *) echo "bench_web: the second run wrote pages" >&2; exit 1 ;; esac
q move "$R" alice secret PASS
timed "after one move"
echo "web: $(find "$W/site" -type f | wc -l) files, $(du -sh "$W/site" | cut -f1)"
