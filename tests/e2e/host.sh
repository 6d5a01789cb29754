# host: the commands every pbmserv game shares, so that a server needs no pbmserv — add and change
# (addresses, password), signoff (refused while playing), message between players, list, all show.
given_players
run 0 challenge --gamble=none alice bob
USERS=$PBMHOME/etc/users

# ---- add is refused (one address per user); change: another address, another password ----
run 1 add alice secret alice2@example.org
has "Each user has one address: to change it, send change alice <password> address <new address>"
assert_grep "^alice:secret:alice@example.org$" "$USERS"
run 0 change alice secret address alice2@example.org
has "User alice: mail now goes to alice2@example.org."
assert_grep "^alice:secret:alice2@example.org$" "$USERS"
run 1 change alice secret address "alice@example.org,alice3@example.org"
has "Invalid address: use one address local@domain"
run 0 change alice secret address alice@example.org
has "User alice: mail now goes to alice@example.org."
assert_grep "^alice:secret:alice@example.org$" "$USERS"
run 0 change alice secret password s3cret
has "User alice: password changed."
run 1 showas alice secret 101
has "Invalid password entered"
run 0 change alice s3cret PASSWORD secret
assert_grep "^alice:secret:alice@example.org$" "$USERS"
run 2 change alice secret colour red
assert_eq "usage: genetess change userid password address|password NEW" "$(cat "$ERR")" "change colour"
run 2 change alice secret address
assert_grep "usage: genetess change userid password address|password NEW" "$ERR"

# ---- signoff: refused while the user plays a running game ----
run 1 signoff bob hunter2
has "User bob still plays Genetess board 101: resign first"
assert_grep "^bob:" "$USERS"
# a signoff withdraws the invitations the user sent and declines those naming them (contract 2, 6): the
# challenger of one is told as on a decline; the players invited by the user are not; a newcomer who signs the
# userid up again finds no invitation meant for the old user
mailed() { # mailed FROM SUBJECT: the message piped to genetess mail
  printf 'From: <%s>\nSubject: %s\nMessage-ID: <%s@c.example>\n\n' "$1" "$2" "$(date +%s%N)" >"$T/m"
  run 0 mail "--config=$T/none.conf" <"$T/m"
}
mailed alice@example.org "challenge alice secret carol"
mailed carol@example.org "challenge carol pw bob"
ia=$(sed -n 's/^\([0-9]*\)\t.*\talice carol\t.*/\1/p' "$PBMHOME/etc/invitations")
ic=$(sed -n 's/^\([0-9]*\)\t.*\tcarol bob\t.*/\1/p' "$PBMHOME/etc/invitations")
clear_outbox
run 0 signoff carol pw
assert_eq "User carol signed off.
Invitation $ia of alice is declined.
Your invitation $ic is withdrawn." "$(cat "$OUT")" "signoff's reply"
assert_absent "^carol:" "$USERS"
assert_eq "" "$(grep -v '^sent' "$PBMHOME/etc/invitations" | grep carol)" "invitations naming carol"  # "sent" lines count the day
assert_mails 1
assert_grep "^Subject: Genetess invitation $ia declined$" $(mail_to alice)
assert_grep "^carol declined invitation $ia: that game will not start.$" $(mail_to alice)
run 1 signoff carol pw
has "Invalid userid entered"
run 0 signup carol other carol@elsewhere.example
run 1 accept "$ia" carol other
has "No invitation $ia waits for you"
run 1 decline "$ic" bob hunter2
has "No invitation $ic waits for you"
run 0 change carol other address carol@example.org
run 0 change carol other password pw

# ---- message: the body to each addressee ----
printf 'Shall we play again after this one?\n' >"$T/body"
clear_outbox
INPUTFILE="$T/body" run 0 message alice secret bob
has "Message sent to bob."
assert_mails 1 "^Subject: Genetess message from alice$"
assert_grep "Shall we play again after this one?" "$(mail_to bob)"
INPUTFILE="$T/body" run 1 message alice secret bob zed
has "Invalid userid entered: zed"
: >"$T/empty"
INPUTFILE="$T/empty" run 1 message alice secret bob
has "The message is empty: write it in the body of your mail"
run 1 message alice wrong bob
has "Invalid password entered"

# ---- list, all show ----
run 0 list
has "Games on this server: Genetess"
has "101:alice bob:1:"
run 0 all show alice
has "Genetess board 101"
run 0 signup dave pw dave@example.org
run 0 all show dave active
has "(no games)"
turn=$(sed -n 's/^101:[^:]*:[0-9]*:\(.*\) turn$/\1/p' "$LIST")
if [ "$turn" = alice ]; then other=bob; else other=alice; fi
run 0 all show "$turn" next
has "To move: $turn"
run 0 all show "$other" next
has "(no games)"
run 2 all show alice soon
assert_eq "usage: genetess all show userid [next|active]" "$(cat "$ERR")" "all show with a bad filter"
run 1 all show zed
has "Invalid userid entered"
run 2 all games alice
