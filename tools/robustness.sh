#!/bin/sh
# make robustness MINUTES=m SECONDS=s: the long runs (oracle, crash points, load, fuzz), one table at the end.
#   leak oracle  random games for MINUTES minutes, or GAMES games when set (tests/oracle/oracle.py): games,
#                commands, texts, leaks
#   JOBS=j       the oracle's games and each fuzz target's processes j at a time (default 1)
#   crash points a kill at every write/fsync/rename/link/unlink of each scenario (tests/crashpoints.sh)
#   load         64 concurrent commands on one board and over 8 boards (tests/load.sh)
#   fuzz         each libFuzzer target (or those in FUZZ_TARGETS) for SECONDS seconds, or FUZZ_RUNS
#                executions (tests/fuzz/run.sh): executions, crashes
# Exit 1 when any part found a problem.
set -u
G=${1:-./genetess}
MIN=${MINUTES:-10}
SEC=${SECONDS:-600}
mkdir -p build/robustness
out=build/robustness
status=0
J=${JOBS:-1}
if [ -n "${GAMES:-}" ]; then span="--games $GAMES" what="$GAMES games"; else span="--minutes $MIN" what="$MIN min"; fi
python3 tests/oracle/oracle.py $span --jobs "$J" --all --seed "${SEED:-7}" --bin "$G" > $out/oracle.log 2>&1 || status=1
GENETESS=$G SHIM=build/crashshim.so sh tests/crashpoints.sh > $out/crash.log 2>$out/crash.err || status=1
GENETESS=$G sh tests/load.sh > $out/load.log 2>&1 || status=1
FUZZ_JOBS=$J sh tests/fuzz/run.sh "$SEC" ${FUZZ_TARGETS:-} > $out/fuzz.log 2>&1 || status=1
echo
echo "== robustness (oracle $what, fuzz ${FUZZ_RUNS:+$FUZZ_RUNS executions or }$SEC s per target, $J at a time)"
printf '%-14s %s\n' "leak oracle" "$(grep '^oracle:' $out/oracle.log | sed 's/^oracle: //')"
pts=$(awk 'NR > 1 && $2 ~ /^[0-9]+$/ {p += $2; f += $3 + $4 + $5 + $6 + $7 + $8} END {printf "%d kill points, %d failures (board, history, list, verify, mail, tmp)", p, f}' $out/crash.log)
printf '%-14s %s\n' "crash points" "$pts"
printf '%-14s %s\n' "load" "$(grep '^load:' $out/load.log | sed 's/^load: //') (64 concurrent commands, one board and 8 boards)"
sed -n 's/^fuzz \([a-z]*\): /\1: /p' $out/fuzz.log | while read -r l; do printf '%-14s %s\n' "fuzz" "$l"; done
echo "(logs in $out/)"
exit $status
