#!/bin/sh
# make check's test stages, two at a time on a 2-core machine, each printing as it goes: the unit suites (two
# shards side by side, a line per suite), the end-to-end and abuse topics (two lanes, a line per topic), the load
# test, the strict mail parse, the README walkthrough, the install, and the leak oracle in the background from the
# start (its report printed when it ends). A line per stage with its time, then the total; exit status 1 when any
# stage failed. Needs $GENETESS (an absolute path) and the unit runner in $UNIT (default build/check_genetess).
#   GENETESS=$PWD/genetess sh tests/check.sh
set -u
G=${GENETESS:?GENETESS must name the binary}
UNIT=${UNIT:-build/check_genetess}
JOBS=${E2E_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
# the unit tests run in-process (each suite's fixture isolates its tests; a crash still fails the stage loudly):
# a fork per test was a third of the stage. CK_FORK=yes forks as Check does by default.
CK_FORK=${CK_FORK:-no}
export GENETESS E2E_JOBS=$JOBS CK_FORK
# Scratch homes in memory when the machine has it (/dev/shm): the topics' fsyncs then wait for no disk, and two
# lanes never queue behind each other's journal. Durability itself is make crashpoints' to test. TMPDIR wins.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  TMPDIR=/dev/shm
  export TMPDIR
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
status=0
t_start=$(date +%s)

# check_stage NAME COMMAND...: run COMMAND, then a line with NAME, passed or FAILED, and its time.
check_stage() {
  _name=$1
  shift
  _t0=$(date +%s)
  if "$@"; then _r=passed; else _r=FAILED; status=1; fi
  echo "check: $_name $_r in $(($(date +%s) - _t0))s"
}

# check_unit: the unit runner's shards side by side; fails when either does.
check_unit() {
  _i=0
  _pids=
  while [ "$_i" -lt "$JOBS" ]; do
    (UNIT_SHARD=$_i/$JOBS "$UNIT" || touch "$W/unit.failed") &
    _pids="$_pids $!"
    _i=$((_i + 1))
  done
  wait $_pids # the shards only: the oracle runs on in the background
  [ ! -e "$W/unit.failed" ]
}

echo "check: the leak oracle runs in the background (4 games and the hand-made scenarios; its report comes at the end)"
(python3 tests/oracle/oracle.py --games 4 --seed 1 --bin "$G" >"$W/oracle.log" 2>&1 || touch "$W/oracle.failed";
 python3 tests/oracle/scenarios.py --expect-clean --bin "$G" >>"$W/oracle.log" 2>&1 || touch "$W/oracle.failed";
 touch "$W/oracle.done") &
check_stage "unit suites" check_unit
check_stage "end-to-end topics" sh tests/e2e.sh
check_stage "abuse topics" sh tests/abuse.sh
check_stage "load" sh tests/load.sh
check_stage "mail parsed strictly" python3 tests/mailcheck.py
check_stage "README walkthrough" python3 tests/readme.py
check_stage "install" sh tests/install.sh
wait
cat "$W/oracle.log"
if [ -e "$W/oracle.failed" ] || [ ! -e "$W/oracle.done" ]; then
  echo "check: leak oracle FAILED"
  status=1
else
  echo "check: leak oracle passed"
fi
_all=$(($(date +%s) - t_start))
if [ "$status" = 0 ]; then echo "check: every stage passed in ${_all}s"; else echo "check: FAILED (${_all}s)"; fi
exit "$status"
