# html: every sheet mail is multipart/alternative, the text first (the same bytes showas prints), then the
# same sheet in HTML (help/sheet.txt); options html off|on per player and board (the board's (plain entry).
given_players
run 0 challenge --gamble=none --seed=5 alice bob
R=$(last_board)
clear_outbox
run 0 move "$R" alice secret "CREATE C4 A"
m=$(mail_to bob | tail -1)
assert_grep '^Content-Type: multipart/alternative; boundary="=_gt_[0-9a-f]*_0"$' "$m"
assert_lines 1 '^Content-Type: text/plain; charset=us-ascii$' "$m"
assert_lines 1 '^Content-Type: text/html; charset=utf-8$' "$m"
# the HTML part needs no encoding: ASCII in lines of at most 998 octets (RFC 2045 2.7), sent as it is
grep -A1 '^Content-Type: text/html' "$m" >"$T/htmlhead"
assert_grep '^Content-Transfer-Encoding: 7bit$' "$T/htmlhead"
assert_lines 0 '^Content-Transfer-Encoding: quoted-printable$' "$m"
# the text part first: the sheet showas prints, byte for byte
mail_part "$m" text/plain >"$T/parts"
mail_text "$m" >"$T/text"
run 0 showas bob hunter2 "$R"
assert_same "$T/text" "$OUT"
assert_grep "^It is your move.$" "$T/parts"
assert_absent "<td" "$T/parts"
# no line of the text part over 78 characters (RFC 5322 2.1.1), none of the HTML part over 998 octets
assert_lines 0 '^.\{79,\}' "$T/parts"
mail_part "$m" text/html >"$T/htmlpart"
assert_lines 0 '^.\{999,\}' "$T/htmlpart"
# the HTML part: self-contained, bob's own piece in bob's colour with his @, the legend and the rest
mail_html "$m" >"$T/html"
assert_grep '^<!DOCTYPE html>$' "$T/html"
assert_grep '^10 .*<b class=b>@</b>.* 10$' "$T/html"
assert_grep '^b.b{background:#56B4E9;color:#000000}$' "$T/html"
assert_grep '^  R10   bob     K$' "$T/html"
assert_grep '^genetess move 101 bob &lt;password&gt; &lt;ORDER&gt;#2$' "$T/html"
assert_absent '<script\|src=\|href=\|@import\|url(' "$T/html"
# fog: alice's new piece on C4 is far from bob: neither part shows it; the HTML names no square
assert_absent 'C4' "$T/text"
assert_absent 'C4\|<b class=a>\|title=' "$T/html"

# ---- options html off: plain text only, for that player on that board ----
run 2 options "$R" bob hunter2 html maybe
assert_eq "usage: genetess options board userid password lister|html on|off (options takes lister on, lister off, html on or html off)" "$(cat "$ERR")" "options with a bad word"
run 0 options "$R" bob hunter2 html off
has "HTML is off: your sheet mails are plain text only"
assert_grep "^(plain bob)$" "$GAMES/$R"
clear_outbox
run 0 move "$R" bob hunter2 PASS
run 0 move "$R" alice secret PASS
m=$(mail_to bob | tail -1)
assert_grep '^Content-Type: text/plain; charset=us-ascii$' "$m"
assert_absent 'multipart\|text/html' "$m"
assert_grep 'multipart/alternative' "$(mail_to alice | tail -1)"
run 0 options "$R" bob hunter2 HTML ON
has "HTML is on: your sheet mails are plain text with the same sheet in HTML"
assert_absent "^(plain" "$GAMES/$R"
