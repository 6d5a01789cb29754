# chat: a private message ("to USERID...") reaches the players named only, each once; the sender's
# reply and the message name the recipients; a name that is not a player refuses the whole message.
given_players
run 0 signup dave pw dave@example.org
run 0 challenge --gamble=none alice bob carol
B=$GAMES/101
printf 'Bob, shall we gang up on Carol?\n' >"$T/body"
cp "$B" "$T/before"
clear_outbox
INPUTFILE="$T/body" run 0 chat 101 alice secret to bob
has "Your message was sent to bob of board 101 only."
assert_mails 1
assert_mails 1 "^To: bob@example.org$"
assert_mails 1 "^Subject: Genetess chat 101 alice$"
assert_mails 1 "^to: bob$"
assert_grep "Bob, shall we gang up on Carol?" "$OUTBOX"/*.mail
assert_same "$T/before" "$B"                       # nothing in anyone's sheet

clear_outbox
INPUTFILE="$T/body" run 0 chat 101 alice secret TO Carol bob carol
has "Your message was sent to carol, bob of board 101 only."
assert_mails 2 "^to: carol, bob$"
assert_mails 0 "^To: alice@example.org$"

# ---- refused: nothing is sent ----
clear_outbox
INPUTFILE="$T/body" run 1 chat 101 alice secret to bob dave
has "Nothing was sent: dave is not playing Genetess board 101"
INPUTFILE="$T/body" run 1 chat 101 alice secret to zed
has "Nothing was sent: zed is not a Genetess userid"
INPUTFILE="$T/body" run 1 chat 101 dave pw to alice
has "You are NOT playing this game"
run 1 chat 101 alice secret to bob
has "chat sends the mail body: there was none"
INPUTFILE="$T/body" run 2 chat 101 alice secret to
assert_eq "usage: genetess chat board userid password [to USERID...]" "$(cat "$ERR")" "chat ... to with no one"
INPUTFILE="$T/body" run 2 chat 101 alice secret bob
assert_mails 0
