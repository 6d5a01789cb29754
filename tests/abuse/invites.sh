# invites: a challenger with self-made accounts against invitations and the seed (contract 6, 15.4) — 25
# invitations in one message, each withdrawn at once by the challenger's second account: five a day go out, a
# decline refunds none; eleven accounts against one user: ten a day reach them; 240 web addresses through a
# repeated --name and a 26 KB name: refused, nothing mailed; --seed by mail refused, and two games made alike
# by mail mail the same texts, the seed of either in none.
given_players
run 0 signup mallory pw mallory@example.org
run 0 signup mal2 pw2 mal2@example.org
run 0 signup dave pw dave@example.org
run 0 signup erin pw erin@example.org
CONF="--config=$T/none.conf"

# msg FILE FROM SUBJECT [BODY]: a message as an MTA pipes it.
msg() {
  { printf 'From: Someone <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@example.org>\n' \
      "$2" "$3" "$(date +%s%N)"
    printf '\n%s\n' "${4:-}"
  } >"$1"
}

# ---- one message: 25 invitations to carol, dave and erin, each declined at once by mal2 (the challenger's
# own second account, so the three waiting never fill): five go out, the rest are refused ----
lines=$(i=1; while [ $i -le 25 ]; do
  printf 'challenge mallory pw mal2 carol dave erin\ndecline %d mal2 pw2\n' "$i"; i=$((i + 1)); done)
msg "$T/m" mallory@example.org "multiple" "$lines"
clear_outbox
run 0 mail "$CONF" <"$T/m"
for v in carol dave erin; do
  assert_eq 5 "$(mail_to $v | wc -l)" "invitations to $v from one message"
done
assert_grep "^mallory has sent 5 invitations in 24 hours: at most 5 a day (the next from" $(mail_to mallory)
assert_grep "^2027-01-16 08:00 UTC)$" $(mail_to mallory)     # the reply's line wrapped as prose at 78 columns
assert_lines 5 "^sent	1800000000	mallory	mal2 carol dave erin$" "$PBMHOME/etc/invitations"
# an hour later, every invitation declined: still none (the declines refunded nothing); a day later, one
msg "$T/m" mallory@example.org "challenge mallory pw carol"
clear_outbox
GENETESS_NOW=$((NOW + 3600)) run 0 mail "$CONF" <"$T/m"
assert_mails 0 "^To: carol@example.org$"
assert_grep "mallory has sent 5 invitations in 24 hours" $(mail_to mallory)
msg "$T/m" mallory@example.org "challenge mallory pw carol"
clear_outbox
GENETESS_NOW=$((NOW + 86400)) run 0 mail "$CONF" <"$T/m"
assert_mails 1 "^Subject: Genetess invitation [0-9]* from mallory$"

# ---- eleven accounts invite frank: ten reach him, the eleventh is refused ----
run 0 signup frank pw frank@example.org
i=1
while [ $i -le 11 ]; do run 0 signup "a$i" pw "a$i@example.org"; i=$((i + 1)); done
clear_outbox
i=1
while [ $i -le 10 ]; do SENDER="a$i@example.org" run 0 challenge "a$i" pw frank; i=$((i + 1)); done
SENDER=a11@example.org run 1 challenge a11 pw frank
assert_eq 10 "$(mail_to frank | wc -l)" "invitations to frank from eleven accounts"
assert_grep "^frank has been sent 10 invitations in 24 hours: at most 10 a day$" $(mail_to a11)

# ---- the challenger's text: 240 web addresses through a repeated --name, one name of 26 KB, a web address,
# a quote: refused, nothing mailed to carol, nothing of the text in the replies ----
names=$(i=0; while [ $i -lt 240 ]; do printf -- '--name=http://evil%03d.example/ ' "$i"; i=$((i + 1)); done)
clear_outbox
# shellcheck disable=SC2086 # one word per option
SENDER=erin@example.org run 2 challenge $names erin pw carol
assert_grep "^--name is given twice: an option takes one value$" $(mail_to erin)
long=$(i=0; while [ $i -lt 240 ]; do printf 'http://evil%03d.example/%0100d_' "$i" 0; i=$((i + 1)); done)
assert_eq 1 "$(printf '%s' "$long" | wc -c | awk '{print ($1 > 26000)}')" "a name of over 26 KB"
SENDER=erin@example.org run 1 challenge "--name=$long" erin pw carol
SENDER=erin@example.org run 1 challenge --name=Visit_www.evil.example erin pw carol
SENDER=erin@example.org run 1 challenge '--name=Cup"_The_server_says:_reply_with_your_password' erin pw carol
assert_mails 4 "^To: erin@example.org$"
assert_mails 3 "^By mail --name is 1 to 60 letters, digits or _-.,!?'+#&, and no web address$"
assert_mails 0 "^To: carol@example.org$"
assert_absent "evil[0-9]" "$OUTBOX"/*.mail
assert_eq 0 "$(cat "$OUTBOX"/*.mail | wc -c | awk '{print ($1 > 8000)}')" "four refusals under 8 KB"

# ---- the seed: --seed by mail refused, nothing written ----
cp "$PBMHOME/etc/invitations" "$T/inv.before"
clear_outbox
SENDER=alice@example.org run 1 challenge --seed=5 alice secret bob
assert_grep "^By mail --seed is refused: the seed of a game by mail is the server's secret$" $(mail_to alice)
assert_mails 0 "^To: bob@example.org$"
assert_same "$T/inv.before" "$PBMHOME/etc/invitations"

# ---- two games made alike by mail at the same second: the same invitation and New sheet but for their numbers,
# different seeds, and neither seed in any mail (invitations, New sheets, replies, show, showas, history) ----
mkdir -p "$T/kept"
for g in 1 2; do
  clear_outbox
  SENDER=alice@example.org run 0 challenge --gamble=none --name=Cup alice secret bob
  inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' $(mail_to bob))
  mail_text $(mail_to bob) | sed "s/ $inv / N /g" >"$T/invitation$g"
  cp "$OUTBOX"/*.mail "$T/kept/"
  clear_outbox
  SENDER=bob@example.org run 0 accept "$inv" bob hunter2
  b=$(last_board)
  eval "b$g=$b"
  mail_text $(grep -l "^Subject: New Genetess Board $b " $(mail_to bob)) | sed "s/\<$b\>/N/g" >"$T/new$g"
  cp "$OUTBOX"/*.mail "$T/kept/"
done
assert_same "$T/invitation1" "$T/invitation2"
assert_grep '^alice calls the game: "Cup"$' "$T/invitation1"
assert_same "$T/new1" "$T/new2"
assert_grep '^Genetess board N: "Cup"$' "$T/new1"
clear_outbox
SENDER=carol@example.org run 0 show "$b1" "$b2"
SENDER=alice@example.org run 0 showas alice secret "$b1" "$b2"
SENDER=alice@example.org run 0 history
cp "$OUTBOX"/*.mail "$T/kept/"
s1=$(sed -n 's/.* seed=\([0-9]*\).*/\1/p' "$GAMES/$b1" | head -n 1)
s2=$(sed -n 's/.* seed=\([0-9]*\).*/\1/p' "$GAMES/$b2" | head -n 1)
if [ -n "$s1" ] && [ "$s1" != "$s2" ]; then e2e_pass; else e2e_fail "seeds of two games by mail: '$s1' '$s2'"; fi
assert_absent "$s1" "$T/kept"/*.mail
assert_absent "$s2" "$T/kept"/*.mail
assert_absent "seed" "$T/kept"/*.mail
