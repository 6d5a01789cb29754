# spoolloss: no reply lost while the mailer is down, and a dead-letter spool that strangers cannot grow forever
# (contract 3.2, 15.2).
# Before: the commands of one `multiple` each spooled their reply as 0.<epoch>-<pid>-1.0001.mail, and each
# failure's rename to <base>.retry1-<epoch>.mail replaced the reply before it: of four replies one survived.
# And spool/dead/ kept every message the mailer refused, forever.
given_players
CONF="--config=$T/none.conf"
export PBMRATE=off

# mail_multiple WHEN: carol mails a `multiple` of four distinct commands at time NOW + WHEN
mail_multiple() {
  printf 'From: carol@example.org\nSubject: multiple\nMessage-ID: <%s.multi@example.org>\n\nhelp move\nhelp show\nhelp games\nhelp chat\n' \
    "$1" >"$T/m"
  GENETESS_NOW=$((NOW + $1)) run 0 mail "$CONF" <"$T/m"
}

# ---- four replies spooled by one process while the mailer refuses everything: each keeps its own name ----
export PBMSENDMAIL="cat >/dev/null; exit 1"
mail_multiple 0
assert_lines 4 "^genetess: mailer failed; message stays queued as spool/0\.$NOW-[0-9]*-1\.000[1-4]\.retry1-$NOW\.mail and is retried" "$ERR"
assert_eq 4 "$(ls "$PBMHOME/spool" | grep -c '\.retry1-[0-9]*\.mail$')" "replies queued after one failure"

# a second failure, once due: still four, each once more counted
GENETESS_NOW=$((NOW + 300)) run 0 games
assert_eq 4 "$(ls "$PBMHOME/spool" | grep -c '\.retry2-[0-9]*\.mail$')" "replies queued after two failures"

# the mailer works again: the next command once due delivers all four, each once, each its own reply
unset PBMSENDMAIL
GENETESS_NOW=$((NOW + 900)) run 0 games
assert_eq 0 "$(ls "$PBMHOME/spool" | grep -c '\.mail$')" "messages left in spool/"
assert_eq 4 "$(grep -l '^To: carol@example.org$' "$OUTBOX"/*.mail | wc -l)" "replies delivered"
for title in "Order MOVE" "Command show" "Command games" "Command chat"; do
  assert_eq 1 "$(grep -l "^Genetess $title\$" "$OUTBOX"/*.mail | wc -l)" "the reply to help: $title"
done

# ---- the dead letters: a thousand there already (an old one, two large ones), then four more die: the oldest
# go, the one that died 40 days ago and, of the 80 MiB of the large ones, the older; spool/dead/ keeps 1000 ----
mkdir -p "$PBMHOME/spool/dead"
i=0
while [ $i -lt 1000 ]; do
  printf 'To: x@example.org\n\nold %d\n' $i >"$PBMHOME/spool/dead/0.1-1-$i.0001.mail"
  i=$((i + 1))
done
head -c $((40 * 1048576)) /dev/zero >"$PBMHOME/spool/dead/0.1-1-1.0001.mail"
head -c $((40 * 1048576)) /dev/zero >"$PBMHOME/spool/dead/0.1-1-2.0001.mail"
# when each died (its time of change): all at NOW, but one 40 days before, and the two large ones a day before and
# a second after
touch -d @$NOW "$PBMHOME"/spool/dead/*.mail
touch -d @$((NOW - 40 * 86400)) "$PBMHOME/spool/dead/0.1-1-0.0001.mail"
touch -d @$((NOW - 86400)) "$PBMHOME/spool/dead/0.1-1-1.0001.mail"
touch -d @$((NOW + 1)) "$PBMHOME/spool/dead/0.1-1-2.0001.mail"
# four stranger's replies the mailer refuses, until each is a dead letter (ten tries over two days)
export PBMSENDMAIL="if grep -q '^Subject: Genetess help'; then exit 1; fi; cat >/dev/null"
mail_multiple 100000
h=1
while [ $h -le 72 ]; do
  GENETESS_NOW=$((NOW + 100000 + h * 3600)) run 0 games
  cat "$ERR" >>"$T/stderr"
  h=$((h + 1))
done
dead=$(ls "$PBMHOME/spool/dead" | wc -l)
assert_eq 1000 "$dead" "dead letters kept"
[ "$(du -sk "$PBMHOME/spool/dead" | cut -f1)" -le $((64 * 1024 + 8192)) ] && e2e_pass ||
  e2e_fail "spool/dead/ holds $(du -sk "$PBMHOME/spool/dead" | cut -f1) KiB"
assert_no_file "$PBMHOME/spool/dead/0.1-1-0.0001.mail"
assert_no_file "$PBMHOME/spool/dead/0.1-1-1.0001.mail"
assert_file "$PBMHOME/spool/dead/0.1-1-2.0001.mail"
assert_eq 4 "$(grep -l '^Subject: Genetess help$' "$PBMHOME"/spool/dead/*.mail | wc -l)" "the new dead letters kept"
assert_grep "^genetess: [0-9]* dead letters\{0,1\} removed from spool/dead/ (it keeps at most 1000 messages and 64 MiB, none that died 30 days ago or more)$" "$T/stderr"
