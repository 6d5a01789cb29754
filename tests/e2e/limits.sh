# limits: what a command's words may be: userids, passwords and addresses at signup, a
# SENDER that is one address, and the length of an order text.

# ---- userids: 1-32 letters, digits, _ - . ; not starting with - or . ----
run 1 signup . pw a@example.org
has "Invalid userid"
run 1 signup .. pw a@example.org
has "Invalid userid"
run 1 signup -rf pw a@example.org
has "Invalid userid: use 1 to 32 letters, digits, '_', '.' or '-', not starting with '-' or '.'"
run 1 signup abcdefghijabcdefghijabcdefghijabc pw a@example.org
run 0 signup abcdefghijabcdefghijabcdefghijab pw a@example.org

# ---- passwords: 1-64 printable characters without spaces, quotes or colons ----
p64=1234567890123456789012345678901234567890123456789012345678901234
run 1 signup dan "${p64}5" dan@example.org
has "Invalid password: use 1 to 64 printable characters without spaces, quotes or colons"
run 0 signup dan "$p64" dan@example.org

# ---- addresses: one local@domain of at most 254 characters ----
long=$(printf '%0250d' 0)
run 1 signup eve pw "eve@$long.org"
has "Invalid address: use one address local@domain of at most 254 characters"
run 1 signup eve pw "eve@example.org, evil@example.net"
has "Invalid address"
run 1 signup eve pw "eve@example.org,evil@example.net"
run 1 signup eve pw "<eve@example.org>"
run 0 signup eve pw "eve@$(printf '%0246d' 0).org"          # 254 characters
assert_absent "evil" "$PBMHOME/etc/users"

# ---- SENDER must be one address: nobody is mailed, stderr says why ----
clear_outbox
SENDER="a@example.org, evil@example.net" run 0 games
assert_grep "SENDER is not one address" "$ERR"
has "List of Genetess games"
assert_eq 0 "$(ls "$OUTBOX" | grep -c .)" "mails for a SENDER list"
SENDER="<a@example.org>" run 1 frobnicate
assert_grep "SENDER is not one address" "$ERR"
assert_eq 0 "$(ls "$OUTBOX" | grep -c .)" "mails for a bracketed SENDER"

# ---- order text: at most 4,000 characters ----
given_players
run 0 challenge --gamble=none alice bob
L=$(last_board)
long=$(printf 'PASS%04000d' 0)
run 1 move "$L" alice secret "$long"
has 'Invalid move "PASS000000000000000000000000000000000000..." entered: too long'
run 1 queue "$L" bob hunter2 "$long"
has 'Invalid move "PASS000000000000000000000000000000000000..." entered: too long'
run 0 move "$L" alice secret PASS
