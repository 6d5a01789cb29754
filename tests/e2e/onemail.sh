# onemail: one mail per command per person (contract 3.1), for every command of the command table that a mail
# can reach: each is sent by mail through `genetess mail` as a player writes it, and no address is mailed
# twice for it — the sender's reply is their sheet, their chat copy, their confirmation; the others get one
# sheet, one chat, one invitation each. Every command of the table is named here (selfplay and web, the
# terminal's alone, are refused by mail with one reply), so a command added to the table without a line here
# fails the check at the end.
given_players
CONF="--config=$T/none.conf"
run 0 challenge --gamble=none --seed=5 alice bob carol
B=$(last_board)
DONE=

# by_mail COMMAND FROM SUBJECT [BODY]: the mail from FROM (an address) with SUBJECT and BODY through `genetess
# mail`; then no address got more than one mail of it, and its sender got one. COMMAND is the table's name.
by_mail() {
  printf 'From: <%s>\nTo: genetess@example.org\nSubject: %s\nMessage-ID: <%s@c.example>\n\n%s\n' \
    "$2" "$3" "$(date +%s%N)" "${4:-}" >"$T/m"
  clear_outbox
  run 0 mail "$CONF" <"$T/m"
  most=$(cat "$OUTBOX"/*.mail 2>/dev/null | sed -n 's/^To: //p' | sort | uniq -c | sort -rn | head -1)
  assert_eq "1" "$(echo "$most" | awk '{print $1}')" "the most mails to one address for '$3' ($most)"
  assert_eq "1" "$(mail_to_address "$2" | wc -l)" "mails to the sender of '$3'"
  DONE="$DONE $1"
}
mail_to_address() { grep -l "^To: $1$" "$OUTBOX"/*.mail 2>/dev/null; }

by_mail help newcomer@example.net "help"
by_mail calc newcomer@example.net "calc ABBD"
by_mail games newcomer@example.net "games"
by_mail history newcomer@example.net "history"
by_mail standings newcomer@example.net "standings"
by_mail ratings newcomer@example.net "ratings"
by_mail show newcomer@example.net "show $B"
by_mail verify newcomer@example.net "verify $B"
by_mail list newcomer@example.net "list"
by_mail signup dave@example.org "signup dave pw4 dave@example.org"
code=$(sed -n 's/^Subject: Genetess confirm dave \([0-9A-Za-z]*\)$/\1/p' "$OUTBOX"/*.mail | head -1)
by_mail confirm dave@example.org "confirm dave $code"
by_mail move alice@example.org "move $B alice secret PASS"
by_mail queue bob@example.org "queue $B bob hunter2 *PASS"
by_mail quiet carol@example.org "quiet $B carol pw on"
by_mail chat alice@example.org "chat $B alice secret" "Good luck, both!"
assert_mails 3                                                    # bob's, carol's and alice's own copy
by_mail log alice@example.org "log $B alice secret"
by_mail map alice@example.org "map $B alice secret"
by_mail orders alice@example.org "orders $B alice secret"
by_mail options alice@example.org "options $B alice secret html off"
by_mail showas alice@example.org "showas alice secret $B"
by_mail message alice@example.org "message alice secret bob" "See you on board $B."
by_mail all alice@example.org "all show alice"
by_mail challenge alice@example.org "challenge --gamble=none alice secret bob"
inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' "$OUTBOX"/*.mail)
by_mail accept bob@example.org "accept $inv bob hunter2"           # the game starts: a New sheet to each
assert_mails 2 "^Subject: New Genetess Board"
by_mail challenge alice@example.org "challenge --gamble=none alice secret bob carol"
inv=$(sed -n 's/^Subject: Genetess invitation \([0-9]*\) from alice$/\1/p' "$OUTBOX"/*.mail | head -1)
by_mail decline carol@example.org "decline $inv carol pw"
by_mail challenge alice@example.org "challenge --gamble=none alice secret bot:strong"
by_mail resign bob@example.org "resign $B bob hunter2"
by_mail add newcomer@example.net "add erin pw5 erin@example.org"
by_mail change dave@example.org "change dave pw4 password pw6"
by_mail signoff dave@example.org "signoff dave pw6"
by_mail cleanup newcomer@example.net "Cleanup -v"                 # -v: it always says what it did
by_mail selfplay newcomer@example.net "selfplay --players=2"       # the terminal's alone: refused, one reply
by_mail web newcomer@example.net "web $T/site"
assert_no_file "$T/site"
# every command of the table a mail can reach was sent above
for name in $(sed -n 's/^    {"\([a-z]*\)", .*/\1/p' "$E2E_DIR/../../commands.c"); do
  case " $DONE " in
    *" $name "*) e2e_pass ;;
    *) e2e_fail "command '$name' of the table is not sent by mail in this topic" ;;
  esac
done
