# spool: replies a mailer refuses forever no longer ride along with every later command — ten mailed `help`s
# whose replies the mailer refuses are each tried ten times in all (once per command at most, at growing
# intervals), then moved to spool/dead/; before, every later command piped all of them to the mailer again.
given_players
CONF="--config=$T/none.conf"
export PBMRATE=off
# the mailer refuses the help replies (one line in $T/runs per try) and takes everything else
export PBMSENDMAIL="if grep -q '^Subject: Genetess help\$'; then echo run >>'$T/runs'; exit 1; fi; cat >/dev/null"

# mail_cmd WHEN SUBJECT: carol mails SUBJECT at time NOW + WHEN
mail_cmd() {
  printf 'From: carol@example.org\nSubject: %s\nMessage-ID: <%s.%s@example.org>\n\n' "$2" "$1" "$2" >"$T/m"
  GENETESS_NOW=$((NOW + $1)) run 0 mail "$CONF" <"$T/m"
  cat "$ERR" >>"$T/stderr" # what the MTA logs
}

i=0
while [ $i -lt 10 ]; do mail_cmd 0 help; i=$((i + 1)); done
assert_lines 10 "^run$" "$T/runs"
assert_eq 10 "$(ls "$PBMHOME/spool" | grep -c '\.retry1-[0-9]*\.mail$')" "replies queued after one failure"

# ten more commands at the same moment: none of the ten is tried again
i=0
while [ $i -lt 10 ]; do mail_cmd 0 games; i=$((i + 1)); done
assert_lines 10 "^run$" "$T/runs"

# a command an hour for three days: ten tries each in all, then spool/dead/
h=1
while [ $h -le 72 ]; do mail_cmd $((h * 3600)) games; h=$((h + 1)); done
assert_lines 100 "^run$" "$T/runs"
assert_eq 10 "$(ls "$PBMHOME/spool/dead" | grep -c '\.mail$')" "dead letters"
assert_eq 0 "$(ls "$PBMHOME/spool" | grep -c '\.mail$')" "messages left in spool/"
assert_lines 10 "^genetess: mailer failed; message moved to spool/dead/0\.$NOW-[0-9]*-1\.0001\.mail after failing 10 times since 2027-01-15 08:00:00 UTC: not retried" "$T/stderr"
assert_grep "^Subject: Genetess help$" "$PBMHOME"/spool/dead/*.mail
