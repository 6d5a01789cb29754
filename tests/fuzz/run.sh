#!/bin/sh
# make fuzz SECONDS=n: builds each libFuzzer target (clang, -fsanitize=fuzzer,address,undefined) and runs it
# for n seconds from the seed corpus in tests/fuzz/corpus/<target> (read only; new inputs go to
# build/fuzz/corpus/<target>). Prints one line per target: executions and crashes; exit 1 on a crash
# (the crashing input is saved as build/fuzz/crash-<target>-*; add it to the seeds and a regression test).
# Usage: sh tests/fuzz/run.sh SECONDS [TARGET...]   (FUZZ_RUNS=n: stop each target after n executions
# instead, SECONDS then being only a safety limit; FUZZ_JOBS=j: j processes per target side by side, sharing
# the new-inputs directory, FUZZ_RUNS split between them; executions are their sum)
set -u
secs=${1:-60}; shift 2>/dev/null || true
CC=${FUZZCC:-clang}
command -v "$CC" >/dev/null || { echo "fuzz: $CC not found (apt-get install clang)" >&2; exit 2; }
mkdir -p build/fuzz
srcs=$(ls *.c | grep -v '^genetess\.c$')
[ -f build/embedded.c ] || { echo "fuzz: run make first (build/embedded.c)" >&2; exit 2; }
status=0
jobs=${FUZZ_JOBS:-1}
for t in ${*:-$(ls tests/fuzz/fuzz_*.c | sed 's|.*/fuzz_||; s|\.c$||')}; do
  bin=build/fuzz/fuzz_$t
  $CC -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -std=c11 \
      -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I. -Ibuild -o "$bin" "tests/fuzz/fuzz_$t.c" $srcs build/embedded.c || exit 2
  mkdir -p "build/fuzz/corpus/$t"
  rm -f build/fuzz/$t.*.log
  rc=0; runs=0; pids=
  for j in $(seq 1 "$jobs"); do
    "$bin" -max_total_time="$secs" ${FUZZ_RUNS:+-runs=$((FUZZ_RUNS / jobs))} -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -close_fd_mask=3 -artifact_prefix="build/fuzz/crash-$t-" "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" \
        > "build/fuzz/$t.$j.log" 2>&1 &
    pids="$pids $!"
  done
  for p in $pids; do wait "$p" || rc=$?; done
  for j in $(seq 1 "$jobs"); do
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/$t.$j.log")
    runs=$((runs + ${n:-0}))
  done
  cat build/fuzz/$t.*.log > "build/fuzz/$t.log"
  if [ $rc -ne 0 ]; then
    status=1
    echo "fuzz $t: ${runs:-?} executions, CRASH (exit $rc): see build/fuzz/$t.log"
    grep -m3 -E 'ERROR|SUMMARY|deadly' "build/fuzz/$t.log"
  else
    echo "fuzz $t: ${runs:-?} executions, 0 crashes"
  fi
done
exit $status
