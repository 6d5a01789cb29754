#!/bin/sh
# Attacks on the mail and file plumbing, each reproduced against the real binary ($GENETESS, default
# ./genetess) and shown to fail: links planted where the program writes, private modes, a mailer that
# refuses a message forever, more messages than descriptors, odd bodies and headers. One topic per file in
# tests/abuse/ (the helpers of tests/e2e/lib.sh: a scratch $PBMHOME per topic, run, assert_*).
#   sh tests/abuse.sh [TOPIC...]     TOPIC: a file name in tests/abuse/ without .sh; default: all
# Topics run $E2E_JOBS at a time (default: the processors online), a line each as it ends.
# Ends with "N passed, M failed"; exit status 1 when anything failed, 2 for an unknown topic.
E2E_DIR=$(dirname "$0")/abuse
. "$(dirname "$0")/e2e/lib.sh"

E2E_SLOW="reflect spool handled" # the longest topics, started first so that the lanes end together
e2e_main abuse "$@"
