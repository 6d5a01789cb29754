# Extend a board's history by PASS turns, exactly as the game plays them:
#   awk -v add=M -v step=SECONDS -f extend.awk BOARD > NEWBOARD
# Each PASS appends "<round><seat letter> <userid> PASS" to (moves, hands the turn to the next seat (a new
# round after the last), and gives the player whose turn starts their accrual: e-per-king per K code they
# hold. The clock reads as if move k had been sent at created + k x step: turn-start is the last move's
# time, the deadline the params' deadline hours later. Only for boards where PASS fires nothing: no piece
# on a special, nobody quiet (every sheet is sent, so news and ebook stay empty), nobody out.
# Only the top-level entries are touched: the (initial copy has its lines escaped with "\".
function field(l, name,   re) { re = " " name "=[^ )]*"; if (!match(l, re)) return ""; return substr(l, RSTART + length(name) + 2, RLENGTH - length(name) - 2) }
function setf(l, name, v) { sub(" " name "=[^ )]*", " " name "=" v, l); return l }
function words(l, a,   t) { t = l; sub(/^\([a-z]+ ?/, "", t); sub(/\)$/, "", t); return split(t, a, " ") }
{ line[++n] = $0 }
$0 ~ /^\(params / { iparams = n }
$0 ~ /^\(turn / { iturn = n }
$0 ~ /^\(players / { iplayers = n }
$0 ~ /^\(energy / { ienergy = n }
$0 ~ /^\(clock / { iclock = n }
$0 == "(pieces" { inpieces = 1; next }
$0 == "(moves" { inmoves = 1; next }
$0 == ")" { if (inmoves) imoves_end = n; inpieces = inmoves = 0; next }
inpieces { seq[$2] = seq[$2] $3 }
inmoves { nmoves++ }
END {
    if (!iturn || !iplayers || !ienergy || !iclock || !imoves_end) { print "extend.awk: not a board in play" > "/dev/stderr"; exit 1 }
    epk = field(line[iparams], "e-per-king"); hours = field(line[iparams], "deadline")
    words(line[iturn], t); if (t[1] != "play") { print "extend.awk: not in play" > "/dev/stderr"; exit 1 }
    round = t[2]; seat = t[3]
    np = words(line[iplayers], who); words(line[ienergy], e)
    for (s = 1; s <= np; s++) { k = seq[who[s]]; kings[s] = gsub(/K/, "", k) }
    for (i = 0; i < add; i++) {
        extra[i] = round sprintf("%c", 97 + seat) " " who[seat + 1] " PASS"
        if (++seat == np) { seat = 0; round++ }
        e[seat + 1] += epk * kings[seat + 1]      # pieces.txt K: each K earns E at the start of your turn
    }
    line[iturn] = "(turn play " round " " seat ")"
    l = "(energy"; for (s = 1; s <= np; s++) l = l " " e[s]; line[ienergy] = l ")"
    now = field(line[iclock], "created") + (nmoves + add) * step
    line[iclock] = setf(setf(line[iclock], "turn-start", now), "deadline", now + hours * 3600)
    for (i = 1; i <= n; i++) {
        if (i == imoves_end) for (j = 0; j < add; j++) print extra[j]
        print line[i]
    }
}
