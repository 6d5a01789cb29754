/* event: the English of what happened (event.h; contract 8, 14.9): a table of words per kind and variant, and their
 * rendering for each reader by what they saw. */
#include "event.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sight.h"
#include "specials.h"
#include "util.h"

/* A kind's words, by variant; their tokens: {0}..{3} the squares sq[i] (fogged), {p0}..{p3} the owner word and
 * {g0}..{g3} the sequence of the piece of token i, {u0} {u1} the userids of who[i], {n} {m} num[0] num[1], {s}
 * "s" unless num[0] is 1, {c} the code letter, {x} the codes, {a} the square at (named whatever the reader sees),
 * {k} the special's code, {K} its name, {S} "special S<k>" when named else "a special", {w} the what's words. */
typedef struct EventText {
    const char *v[EVENT_VARIANT_COUNT];
    int blind_tok;
} EventText;

#define TEXT(t) {.v = {[EVENT_TEXT] = (t)}}
#define OWN(t, o) {.v = {[EVENT_TEXT] = (t), [EVENT_OWN] = (o)}}
/* A reader who does not decode the piece of a shielded or stripped piece reads blind (W and K are codes). */
#define SHIELDED(blind)                                                                                           \
    {.v = {[EVENT_TEXT] = "{p0} piece on {0} resisted {w} with its shield (W).", [EVENT_BLIND] = (blind)}}
#define SPECIAL_TOLD(t) TEXT("Special S{k} on {0}: " t)
#define IRRADIATED(own) OWN("{p0} piece on {0} was irradiated.", own)

static const EventText event_texts[EVENT_KIND_COUNT] = {
    [EVENT_NONE] = TEXT(""),
    [EVENT_REVEALED] = OWN("{p0} phased piece appeared on {0}.", "Your phased piece on {0} was revealed (it {w})."),
    [EVENT_ELIMINATED_BY] = {.v = {[EVENT_TEXT] = "{u0} was eliminated: their King was captured by {u1}.",
                                   [EVENT_OWN] = "Your King was captured by {u1}; you are eliminated.",
                                   [EVENT_ACTOR] = "You captured {u0}'s King; {u0} is eliminated."}},
    [EVENT_ELIMINATED] = OWN("{u0} was eliminated.", "You were eliminated."),
    [EVENT_RESIGNED] = OWN("{u0} resigned.", "You resigned."),
    [EVENT_FORFEITED] = OWN("{u0} forfeited.", "You forfeited: too many time-outs in a row."),
    [EVENT_DESTROYED] = TEXT("{p0} piece{g0} on {0} was destroyed."),
    [EVENT_SHIELD] = SHIELDED("{p0} piece on {0} withstood {w}."),
    [EVENT_SHIELD_RADIATION] = SHIELDED("{p0} piece on {0} lost a code to radiation."),
    [EVENT_SHIELD_IRRADIATED] = SHIELDED("{p0} piece on {0} was irradiated."),
    [EVENT_SHIELD_UNSEEN] = SHIELDED(""),
    [EVENT_PASSED] = OWN("{u0} passed.", "You passed."),
    [EVENT_PASSED_STORED] = OWN("{u0} passed.", ""),
    [EVENT_REPLACED] = TEXT("{p0} piece{g0} on {0} was replaced by a new piece."),
    [EVENT_IWALL_FLOORED] = TEXT("The interior wall on {0} became floor."),
    [EVENT_NEW_PIECE] = TEXT("{p0} new piece{g0} appeared on {0}."),
    [EVENT_PHASED_CAPTURED] = TEXT("Your phased piece {x} on {0} was captured."),
    [EVENT_CAPTURED] = OWN("{p0} piece{g0} on {0} was captured by {p1} piece{g1}.",
                           "Your piece{g0} on {0} was captured by {p1} piece{g1}."),
    [EVENT_KING_CAPTURED] = {.v = {[EVENT_TEXT] = "{p0} King{g0} on {0} was captured by {p1} piece{g1}; {u0} is "
                                                  "eliminated.",
                                   [EVENT_OWN] = "Your King on {0} was captured by {p1} piece{g1} on {0}; you are "
                                                 "eliminated.",
                                   [EVENT_ACTOR] = "You captured {p0} King{g0} on {0}; {u0} is eliminated.",
                                   [EVENT_FAR] = "{u0} was eliminated: their King was captured by {u1}."}},
    [EVENT_GAINED_L] = TEXT("Your piece moving to {0} gained {x} (L)."),
    [EVENT_MOVED] = TEXT("{p0} piece{g0} moved from {0} to {1}."),
    [EVENT_IWALL_MINED] = TEXT("The interior wall on {0} was mined away."),
    [EVENT_DIVIDED] = TEXT("{p0} piece{g0} on {0} divided, leaving a new piece{g1} on {1}."),
    [EVENT_TRANSFER_RESISTED] = {.v = {[EVENT_TEXT] = "{p0} piece on {0} used up a J to transfer a code to {1}, which "
                                                      "resisted.",
                                       [EVENT_OWN] = "Your piece on {0} used up a J: its TRANSFER of {c} to {a} was "
                                                     "resisted (W).",
                                       [EVENT_BLIND] = "{p0} piece on {0} transferred a code to {p1} piece on {1}."},
                                 .blind_tok = 1},
    [EVENT_TRANSFER_RESISTED_HIDDEN] = OWN("{p0} piece on {0} used up a J.",
                                           "Your piece on {0} used up a J: its TRANSFER of {c} to {a} was resisted "
                                           "(W)."),
    [EVENT_TRANSFERRED] = OWN("{p0} piece on {0} transferred a code to {p1} piece on {1}.",
                              "Your piece{g0} on {0} transferred {c} to {p1} piece{g1} on {1}."),
    [EVENT_TRANSFERRED_HIDDEN] = OWN("{p0} piece on {0} used up a J.",
                                     "Your piece{g0} on {0} transferred {c} to your phased piece on {a}."),
    [EVENT_TRANSFER_RECEIVED] = TEXT("Your piece on {1} received {c} from {p0} piece on {0}."),
    [EVENT_RADIATED] = TEXT("{p0} piece{g0} on {0} radiated."),
    [EVENT_RADIATION_LOSS] = OWN("{p0} piece{g0} on {0} lost a code to radiation.",
                                 "Your piece{g0} on {0} lost {c} to radiation."),
    [EVENT_TELEPORTED_ORDER] = TEXT("{p0} piece{g0} teleported from {0} to {1}."),
    [EVENT_JUMPED_HOME] = TEXT("{p0} piece{g0} jumped home from {0} to {1}."),
    [EVENT_PETRIFIED] = TEXT("{p0} piece{g0} on {0} turned into an interior wall."),
    [EVENT_PHASED] = OWN("{p0} piece on {0} vanished from sight.",
                         "Your piece on {0} used up an R and is now phased: the other players cannot see it."),
    [EVENT_CONVERT_CALLED] = TEXT("{p0} piece on {0} called on the orphans in its view (CONVERT)."),
    [EVENT_CONVERTED] = TEXT("An orphan{g0} on {0} became {p1} piece (CONVERT)."),
    [EVENT_CONVERT_NONE] = TEXT("There was no orphan in the view of your piece on {0}."),
    [EVENT_FLARE] = OWN("{p0} piece on {0} lit a flare.",
                        "Your piece on {0} used up a U and lit a flare: you see the whole board until the start of "
                        "your next turn."),
    [EVENT_FLARE_DECODED] = OWN("{p0} piece on {0} lit a flare.",
                                "Your piece on {0} used up a U and lit a flare: you see the whole board, decoded, "
                                "until the start of your next turn."),
    [EVENT_SANCTUARY_RESISTED] = OWN("{p0} piece on {0} tried to swap places with {p1} King on {1}.",
                                     "Your piece on {0} could not swap places with your King on {a}: it resisted (W)."),
    [EVENT_SANCTUARY_RESISTED_HIDDEN] = OWN("{p0} piece on {0} tried a SANCTUARY.",
                                            "Your piece on {0} could not swap places with your King on {a}: it "
                                            "resisted (W)."),
    [EVENT_SANCTUARY] = OWN("{p0} piece{g0} on {0} and {p1} King{g1} on {1} swapped places.",
                            "Your piece{g0} on {0} and your King{g1} on {1} swapped places."),
    [EVENT_SANCTUARY_HIDDEN] = OWN("{p0} piece{g0} jumped from {0} to {1} (SANCTUARY).",
                                   "Your piece{g0} on {0} and your King{g1} on {1} swapped places."),
    [EVENT_WAVE_ATTRACT] = TEXT("{p0} piece{g0} on {0} sent out an attraction wave."),
    [EVENT_WAVE_REPULSE] = TEXT("{p0} piece{g0} on {0} sent out a repulsion wave."),
    [EVENT_PULLED] = TEXT("{p0} piece{g0} was pulled from {0} to {1} by an attraction wave."),
    [EVENT_PUSHED_BY_WAVE] = TEXT("{p0} piece{g0} was pushed from {0} to {1} by a repulsion wave."),
    [EVENT_CHARGED] = TEXT("{p0} piece{g0} charged from {0} to {1}."),
    [EVENT_TIMED_OUT] = OWN("{u0} timed out ({n} in a row).", "You timed out ({n} in a row)."),
    [EVENT_SPECIAL_FIRED] = TEXT("Special S{k} ({K}) on {0} fired."),
    [EVENT_KING_STRIPPED] = {.v = {[EVENT_TEXT] = "{p0} King on {0} lost every code but K.",
                                   [EVENT_OWN] = "Your King on {0} lost {x} to {S}: only K is left.",
                                   [EVENT_BLIND] = "{p0} piece on {0} lost codes to a special."}},
    [EVENT_PUSHED] = TEXT("{p0} piece{g0} was pushed from {0} to {1}."),
    [EVENT_IWALL_APPEARED] = TEXT("An interior wall appeared on {0}."),
    [EVENT_XWALL_APPEARED] = TEXT("An exterior wall appeared on {0}."),
    [EVENT_GAINED_CODES] = OWN("{p0} piece on {0} gained codes.",
                               "Your piece on {0} gained {x} from special S4 (now{g0})."),
    [EVENT_IWALL_BLASTED] = TEXT("The interior wall on {0} was blasted away."),
    [EVENT_TELEPORTED] = TEXT("{p0} piece{g0} was teleported from {0} to {1}."),
    [EVENT_IRRADIATED] = IRRADIATED("Your piece on {0} lost {x} to radiation, now{g0}."),
    [EVENT_IRRADIATED_NAMED] = IRRADIATED("Your piece on {0} lost {x} to radiation (special S9), now{g0}."),
    [EVENT_IRRADIATED_DEAD] = IRRADIATED("Your piece on {0} lost {x} to radiation."),
    [EVENT_IRRADIATED_NAMED_DEAD] = IRRADIATED("Your piece on {0} lost {x} to radiation (special S9)."),
    [EVENT_IWALL_CRUMBLED] = TEXT("The interior wall on {0} crumbled away."),
    [EVENT_SPECIAL_MOVED] = TEXT("The special S{k} on {0} moved to {1}."),
    [EVENT_DOUBLED] = OWN("{p0} piece{g0} on {0} doubled its sequence.",
                          "Your piece on {0} doubled its sequence (special S14): now{g0}."),
    [EVENT_MOVED_BY_SPECIAL] = TEXT("{p0} piece{g0} was moved from {0} to {1}."),
    [EVENT_SHAKEN] = TEXT("{p0} piece{g0} was shaken from {0} to {1}."),
    [EVENT_ROOF_FELL] = TEXT("The roof fell in around {0}."),
    [EVENT_GAINED_KING] = OWN("{p0} piece on {0} gained a King code.",
                              "Your piece on {0} gained {n} K from {S} (now{g0})."),
    [EVENT_SPECIAL_COPY_COST] = SPECIAL_TOLD("the copy costs {n}E and you have {m}E: nothing happened."),
    [EVENT_SPECIAL_COPY_BLOCKED] = SPECIAL_TOLD("the copy was blocked at {1}."),
    [EVENT_SPECIAL_MAP] = SPECIAL_TOLD("you see the whole board until the start of your next turn."),
    [EVENT_SPECIAL_MAP_DECODED] = SPECIAL_TOLD("you see the whole board, decoded, until the start of your next turn."),
    [EVENT_SPECIAL_NO_FLOOR] = SPECIAL_TOLD("there was no empty floor square to teleport to."),
    [EVENT_SPECIAL_TELEPORT_BLOCKED] = SPECIAL_TOLD("the teleport was blocked at {1}."),
    [EVENT_SPECIAL_DECAY] = SPECIAL_TOLD("every other player lost {n}E (none below 0)."),
    [EVENT_SPECIAL_DOUBLE_COST] = SPECIAL_TOLD("doubling costs {n}E and you have {m}E: nothing happened."),
    [EVENT_SPECIAL_KINGS] = SPECIAL_TOLD("{n} King piece{s} of other players revealed."),
    [EVENT_SPECIAL_KINGS_FULL] = SPECIAL_TOLD("{n} King piece{s} of other players revealed with their sequences."),
    [EVENT_SPECIAL_SAME_SEQ] = SPECIAL_TOLD("{n} piece{s} of other players with your piece's sequence revealed."),
};

/* The words of each EventWhat: {k} the event's special, {v} its order verb. */
static const char *const event_whats[EVENT_WHAT_COUNT] = {
    [WHAT_NONE] = "",
    [WHAT_SPECIAL] = "special S{k}",
    [WHAT_A_SPECIAL] = "a special",
    [WHAT_PUSHED_ASIDE] = "being pushed aside by special S{k}",
    [WHAT_PUSHED_ASIDE_A_SPECIAL] = "being pushed aside by a special",
    [WHAT_RADIATION_S9] = "radiation (special S9)",
    [WHAT_RADIATION] = "radiation",
    [WHAT_TREMOR_S16] = "the tremor (special S16)",
    [WHAT_A_TREMOR] = "a tremor",
    [WHAT_TRANSFER] = "a TRANSFER",
    [WHAT_CONVERT] = "a CONVERT",
    [WHAT_SANCTUARY_SWAP] = "a SANCTUARY swap",
    [WHAT_ATTRACTION] = "an attraction wave",
    [WHAT_REPULSION] = "a repulsion wave",
    [WHY_ACTED] = "acted",
    [WHY_IN_WAY] = "was in the way of a {v}",
    [WHY_PAID_CREATE] = "paid for CREATE",
    [WHY_JUMPED_OVER] = "was jumped over",
    [WHY_BUMPED_INTO] = "was bumped into",
    [WHY_REACHED_ATTRACTION] = "was reached by an attraction wave",
    [WHY_REACHED_REPULSION] = "was reached by a repulsion wave",
    [WHY_STOPPED_ATTRACTION] = "stopped a piece moved by an attraction wave",
    [WHY_STOPPED_REPULSION] = "stopped a piece moved by a repulsion wave",
    [WHY_STOPPED_CHARGE] = "stopped a charging piece",
    [WHY_ON_TARGET] = "was on the target of special S{k}",
    [WHY_BLOCKED_SPECIAL] = "blocked special S{k}",
    [WHY_BLAST] = "was reached by a blast",
};

const char *event_words(EventKind kind, EventVariant v)
{
    if (kind < 0 || kind >= EVENT_KIND_COUNT || v < 0 || v >= EVENT_VARIANT_COUNT)
        return NULL;
    return event_texts[kind].v[v];
}

int event_blind_token(EventKind kind)
{
    return kind >= 0 && kind < EVENT_KIND_COUNT ? event_texts[kind].blind_tok : 0;
}

/* The view bits the reader has of the piece of token i: its square before, its square after. */
static uint8_t piece_bits(const Event *ev, int i, const uint8_t *before, const uint8_t *after)
{
    uint8_t bits = 0;
    if (ev->pre[i] >= 0)
        bits |= before[ev->pre[i]];
    if (ev->post[i] >= 0)
        bits |= after[ev->post[i]];
    return bits;
}

/* True when the reader may hear of ev (contract 8: only through squares in view just before or after). */
static bool event_reaches(const Event *ev, int reader, const uint8_t *before, const uint8_t *after)
{
    if (ev->subject == reader)
        return true;
    if (ev->flags & EV_PRIVATE)
        return false;
    if (ev->flags & EV_PUBLIC)
        return true;
    int n = (ev->flags & EV_AT0) ? 1 : ev->nsq;
    for (int i = 0; i < n; i++)
        if (ev->sq[i] >= 0 && ((before[ev->sq[i]] | after[ev->sq[i]]) & SIGHT_SEEN))
            return true;
    return false;
}

/* The reader's view of an event: the views before and after (NULL for words that name no fogged token). */
typedef struct EventReader {
    int reader;
    const uint8_t *before, *after;
} EventReader;

/* Appends square token idx of ev as the reader may read it. */
static void event_square(Buf *o, const Board *b, const Event *ev, int idx, const EventReader *r)
{
    char nm[16];
    int sq = idx < ev->nsq ? ev->sq[idx] : -1;
    int ow = ev->owner[idx];
    /* The subject is told where its own pieces are and where its specials acted, never another's square. */
    bool seen = sq >= 0 && ((r->before[sq] | r->after[sq]) & SIGHT_SEEN);
    bool vis = seen || (ev->subject == r->reader && (ow == r->reader || ow == -1));
    buf_add(o, sq < 0 ? "?" : vis ? board_sq_name(b, sq, nm) : "a square outside your view");
    if (vis && !seen && ow == -1) /* contract 8: a square out of view is named, nothing said of it */
        buf_add(o, " (outside your view)");
}

/* Appends piece token kind ('g' or 'p') idx of ev; true when it named a player ("bob's"). */
static bool event_piece(Buf *o, const Board *b, const Event *ev, char kind, int idx, const EventReader *r)
{
    int ow = ev->owner[idx];
    uint8_t bits = piece_bits(ev, idx, r->before, r->after);
    for (int i = 0; i < ev->nsq && kind == 'p' && (ev->flags & EV_KIN); i++)
        bits |= piece_bits(ev, i, r->before, r->after) & SIGHT_SEEN;
    if (kind == 'g') {
        if (ev->seq[idx] && (ow == r->reader || (bits & SIGHT_DECODE)))
            buf_printf(o, " %s", ev->seq[idx]);
    } else if (ow == r->reader) {
        buf_add(o, "your");
    } else if (!(bits & SIGHT_SEEN)) {
        buf_add(o, "a"); /* contract 8: an owner is named only when the piece is seen */
    } else if (ow == -2) {
        buf_add(o, "an orphan");
    } else if (ow >= 0 && ow < b->np) {
        buf_printf(o, "%s's", b->pl[ow].id);
        return true;
    } else {
        buf_add(o, "a");
    }
    return false;
}

static void event_expand(Buf *o, const Board *b, const Event *ev, const char *t, const EventReader *r, bool *named0);

/* Appends token tok (the text between the braces, 1 or 2 characters) of ev; true when it named a player. */
static bool event_token(Buf *o, const Board *b, const Event *ev, const char *tok, size_t n, const EventReader *r)
{
    char nm[16];
    char k = tok[0];
    int i = n == 2 && tok[1] >= '0' && tok[1] <= '3' ? tok[1] - '0' : -1;
    if (n == 1 && k >= '0' && k <= '3') {
        event_square(o, b, ev, k - '0', r);
    } else if ((k == 'g' || k == 'p') && i >= 0) {
        return event_piece(o, b, ev, k, i, r);
    } else if (k == 'u' && i >= 0 && i < 2) {
        int p = ev->who[i];
        buf_add(o, p >= 0 && p < b->np ? b->pl[p].id : "?");
        return true;
    } else if (n != 1) {
        buf_addc(o, '{'), buf_addn(o, tok, n), buf_addc(o, '}');
    } else if (k == 'n' || k == 'm') {
        buf_printf(o, "%" PRId64, ev->num[k == 'm']);
    } else if (k == 's') {
        buf_add(o, ev->num[0] == 1 ? "" : "s");
    } else if (k == 'c') {
        buf_addc(o, ev->code);
    } else if (k == 'x') {
        buf_add(o, ev->codes ? ev->codes : "");
    } else if (k == 'a') {
        buf_add(o, ev->at >= 0 ? board_sq_name(b, ev->at, nm) : "?");
    } else if (k == 'k') {
        buf_printf(o, "%d", ev->special);
    } else if (k == 'K') {
        const SpecialInfo *si = special_info(ev->special);
        buf_add(o, si ? si->name : "?");
    } else if (k == 'S') {
        if (ev->named)
            buf_printf(o, "special S%d", ev->special);
        else
            buf_add(o, "a special");
    } else if (k == 'v') {
        buf_add(o, ev->verb >= 0 && ev->verb < ORD_COUNT ? order_table[ev->verb].verb : "?");
    } else if (k == 'w') {
        event_expand(o, b, ev, ev->what >= 0 && ev->what < EVENT_WHAT_COUNT ? event_whats[ev->what] : "", r, NULL);
    } else {
        buf_addc(o, '{'), buf_addc(o, k), buf_addc(o, '}');
    }
    return false;
}

/* Appends template t with ev's tokens; *named0 (when not NULL): the token t opens with named a player. */
static void event_expand(Buf *o, const Board *b, const Event *ev, const char *t, const EventReader *r, bool *named0)
{
    for (const char *p = t; *p; p++) {
        const char *e = *p == '{' ? strchr(p, '}') : NULL;
        if (e && e - p >= 2 && e - p <= 3) {
            bool named = event_token(o, b, ev, p + 1, (size_t)(e - p - 1), r);
            if (named0 && p == t)
                *named0 = named;
            p = e;
            continue;
        }
        buf_addc(o, *p);
    }
}

/* Whether the rendered text s (of template t) opens with a userid, which is written as the board holds
 * it ("cat timed out", "cat's piece"), never capitalised like the first word of a sentence: a template that
 * opens with a token opens with a userid when that token named its owner (named0). */
static bool opens_with_userid(const Board *b, const char *t, const char *s, bool named0)
{
    if (t[0] == '{')
        return named0;
    for (int i = 0; i < b->np; i++) {
        size_t n = strlen(b->pl[i].id);
        if (n && strncmp(s, b->pl[i].id, n) == 0 && !isalnum((unsigned char)s[n]))
            return true;
    }
    return false;
}

char *event_render(const Board *b, const Event *ev, int reader, const uint8_t *before, const uint8_t *after)
{
    const char *own = event_words(ev->kind, EVENT_OWN), *act = event_words(ev->kind, EVENT_ACTOR);
    const char *blind = event_words(ev->kind, EVENT_BLIND), *far = event_words(ev->kind, EVENT_FAR);
    const char *t = event_words(ev->kind, EVENT_TEXT);
    bool subject = ev->subject == reader, actor = !subject && ev->actor == reader && act;
    int bt = event_blind_token(ev->kind);
    if (subject && own)
        t = own;
    else if (actor)
        t = act;
    if (!t)
        return NULL;
    if (!event_reaches(ev, reader, before, after)) {
        if (!far)
            return NULL;
        t = far; /* told to everyone: those who did not see it read what anyone may know */
    } else if (!*t) {
        return NULL; /* nothing for this reader: another line tells them */
    } else if (!subject && !actor && blind && ev->owner[bt] != reader &&
               !(piece_bits(ev, bt, before, after) & SIGHT_DECODE)) {
        t = blind;
        if (!*t)
            return NULL;
    }
    Buf o;
    buf_init(&o);
    bool named0 = false; /* the token the text opens with named a player */
    event_expand(&o, b, ev, t, &(EventReader){reader, before, after}, &named0);
    char *s = buf_take(&o);
    if (s[0] && !opens_with_userid(b, t, s, named0))
        s[0] = (char)toupper((unsigned char)s[0]);
    return s;
}

/* ---- news of sight ---- */

char *event_sight_say(const Board *b, int owner, const Piece *pc, bool decoded, int sq, bool came)
{
    Buf o;
    char nm[16];
    buf_init(&o);
    if (owner == -2)
        buf_add(&o, "An orphan piece");
    else
        buf_printf(&o, "%s's piece", b->pl[owner].id);
    if (decoded) {
        char *seq = piece_str(&pc->g, false);
        buf_printf(&o, " %s", seq);
        free(seq);
    }
    buf_printf(&o, " on %s %s.", board_sq_name(b, sq, nm), came ? "came into your view" : "went out of your view");
    return buf_take(&o);
}

char *event_sight_more(int more, bool came)
{
    return xasprintf("%d more piece%s %s.", more, more == 1 ? "" : "s",
                     came ? "came into your view (see the board)" : "went out of your view");
}

/* ---- the E breakdown ---- */

/* Each kind's words: {e} the amount, {q} the square, {t} the text, {0} {1} {2} num[i], {s} "s" unless num[2] is 1. */
static const char *const event_ebook_texts[EBOOK_KIND_COUNT] = {
    [EBOOK_CREATE] = "-{e} CREATE {t} on {q}",
    [EBOOK_DIGESTED] = "-{e} digested with your King",
    [EBOOK_DIGEST] = "+{e} digest (G)",
    [EBOOK_ACCRUAL] = "+{e} accrual at {t} ({0} K)",
    [EBOOK_S1] = "+{e} S1 bonus on {q}",
    [EBOOK_S1_PER_KING] = "+{e} S1 bonus on {q} ({0} x {1} K)",
    [EBOOK_S3_COPY] = "-{e} S3 copy on {q}",
    [EBOOK_S11] = "+{e} S11 bonus: {0}% of {1} E, rounded down (you hold {2} S11 square{s})",
    [EBOOK_S12_DECAY] = "-{e} E decay (S12)",
    [EBOOK_S14_DOUBLE] = "-{e} S14 double-up on {q}",
    [EBOOK_S21_RECYCLE] = "+{e} S21 recycle on {q}",
    [EBOOK_STAKED] = "-{e} staked in round 0",
};

const char *event_ebook_words(EbookKind kind)
{
    return kind >= 0 && kind < EBOOK_KIND_COUNT ? event_ebook_texts[kind] : NULL;
}

char *event_ebook_say(const Board *b, const EbookLine *e)
{
    const char *t = event_ebook_words(e->kind);
    Buf o;
    char nm[16];
    buf_init(&o);
    for (; t && *t; t++) {
        if (*t != '{' || !t[1] || t[2] != '}') {
            buf_addc(&o, *t);
            continue;
        }
        char k = t[1];
        t += 2;
        if (k == 'e')
            buf_printf(&o, "%" PRId64, e->amount);
        else if (k == 'q')
            buf_add(&o, board_sq_name(b, e->sq, nm));
        else if (k == 't')
            buf_add(&o, e->text);
        else if (k == 's')
            buf_add(&o, e->num[2] == 1 ? "" : "s");
        else if (k >= '0' && k <= '2')
            buf_printf(&o, "%" PRId64, e->num[k - '0']);
    }
    return buf_take(&o);
}
