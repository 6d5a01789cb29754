/* actions: the handlers of the piece orders and PASS (contract 14.2 rulings, 14.3 phased pieces, 14.4 W shield, 14.6 ronin
 * and orphans): PASS, CREATE, MOVE, DIVIDE, TRANSFER, RADIATE, TELEPORT, PETRIFY, PHASE, CONVERT, FLARE, HOME,
 * SANCTUARY. The orders that slide pieces (REPULSE, ATTRACT, CHARGE) are in slides.c. */
#include "actions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "sight.h"

/* ---- helpers ---- */

/* sq must be empty floor for a piece being placed there (TELEPORT, HOME, DIVIDE): a phased piece there fails the
 * order and is revealed, the player's own included (contract 14.3, ruling 60); the player is told that their own
 * piece, which they see, occupies it, and another player's only that a phased piece was in the way. Returns 0 or
 * fails. */
static int need_empty_floor(Game *g, int player, int sq, OrderVerb verb)
{
    Board *b = g->b;
    game_touch(g, sq);
    char t = b->ter[sq];
    if (t != TER_FLOOR)
        return game_fail_why(g, sq, (FailReason){.code = FAIL_TERRAIN, .sq = {sq}, .ter = t});
    Piece *p = board_piece_at(b, sq);
    if (p) {
        bool hidden = p->g.phased && !board_controls(b, player, p);
        game_reveal(g, p, (EventWhy){.what = WHY_IN_WAY, .verb = verb});
        return game_fail_why(g, sq, (FailReason){.code = hidden ? FAIL_PHASED_IN_WAY : FAIL_OCCUPIED, .sq = {sq}});
    }
    return 0;
}

/* ---- PASS ---- */

int action_pass(Game *g, int player, const Order *o, Piece *actor)
{
    (void)o;
    (void)actor;
    /* A stored PASS is told to its player once, as "Your stored order PASS was processed" (contract 14.5). */
    game_event(g, g->from_queue ? EVENT_PASSED_STORED : EVENT_PASSED, player, EV_PUBLIC, NULL, 0)->who[0] = player;
    return 0;
}

/* ---- CREATE ---- */

int action_create_check(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)actor;
    (void)player;
    /* contract 14.2 CREATE: refused if creation is off, K or an unoffered code, not viable, or unaffordable. */
    if (!b->par.create)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_CREATION_OFF});
    if (o->codes.n[GENE_K])
        return game_fail_why(g, -1, (FailReason){.code = FAIL_BUY_K});
    for (int i = 0; i < GENE_COUNT; i++)
        if (o->codes.n[i] && !(b->par.codes & (1u << i)))
            return game_fail_why(g, -1, (FailReason){.code = FAIL_NOT_ON_OFFER, .code_letter = (char)('A' + i)});
    if (!piece_viable(&o->codes))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NEW_NEEDS_A});
    int64_t cost = piece_cost(&o->codes);
    if (cost == E_MAX || cost > b->pl[player].e)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_COST, .num = {cost, b->pl[player].e}});
    return 0;
}

Piece *action_create_king(const Board *b, int player, int sq)
{
    Piece *king = NULL, *phased_king = NULL;
    int best = -1, best_ph = -1;
    for (int i = 0; i < b->npc; i++) {
        Piece *p = &b->pc[i];
        if (!board_controls(b, player, p) || !p->g.n[GENE_K] || board_dist(b, p->sq, sq) != 1)
            continue;
        if (!p->g.phased && (best < 0 || p->sq < best))
            best = p->sq, king = p;
        if (p->g.phased && (best_ph < 0 || p->sq < best_ph))
            best_ph = p->sq, phased_king = p;
    }
    return king ? king : phased_king;
}

int action_create(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)actor;
    int sq = o->sq;
    game_touch(g, sq);
    /* The acting King: the first unphased controlled King next to sq in reading order, else a phased one. */
    Piece *king = action_create_king(b, player, sq);
    if (!king)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NOT_NEXT_TO_KING, .sq = {sq}});
    if (king->g.phased)
        game_reveal(g, king, (EventWhy){.what = WHY_PAID_CREATE});
    char t = b->ter[sq];
    Piece *there = board_piece_at(b, sq);
    if (t == TER_XWALL || t == TER_OUTSIDE)
        return game_fail_why(g, sq, (FailReason){.code = FAIL_TERRAIN, .sq = {sq}, .ter = TER_XWALL});
    if (t == TER_IWALL && !o->codes.n[GENE_O])
        return game_fail_why(g, sq, (FailReason){.code = FAIL_CREATE_IWALL, .sq = {sq}});
    if (there) {
        bool own = board_controls(b, player, there);
        if (!own && there->g.phased) {
            game_reveal(g, there, (EventWhy){.what = WHY_IN_WAY, .verb = ORD_CREATE});
            return game_fail_why(g, sq, (FailReason){.code = FAIL_OCCUPIED, .sq = {sq}});
        }
        /* contract 14.3, ruling 60: the player's own phased piece that the new piece may not replace (a King, or
         * no I in the new sequence) fails the order and is revealed, as a MOVE's final step onto it does */
        if (!own || there->g.n[GENE_K] || !o->codes.n[GENE_I]) {
            game_reveal(g, there, (EventWhy){.what = WHY_IN_WAY, .verb = ORD_CREATE});
            return game_fail_why(g, sq, (FailReason){.code = own && !there->g.n[GENE_K] ? FAIL_CREATE_ON_OWN
                                                                                         : FAIL_OCCUPIED,
                                                      .sq = {sq}});
        }
    }
    int64_t cost = piece_cost(&o->codes);
    b->pl[player].e -= cost;
    char *seq = piece_str(&o->codes, false);
    EbookLine line = {.kind = EBOOK_CREATE, .amount = cost, .sq = sq};
    snprintf(line.text, sizeof line.text, "%s", seq);
    game_ebook(g, player, line);
    if (there) {
        Event *ev = game_event(g, EVENT_REPLACED, player, 0, &sq, 1);
        ev->owner[0] = player;
        ev->seq[0] = piece_str(&there->g, false);
        game_ev_moved(ev, 0, sq, -1);
        board_remove_piece(b, sq);
    }
    if (t == TER_IWALL) {
        b->ter[sq] = TER_FLOOR;
        game_event(g, EVENT_IWALL_FLOORED, player, 0, &sq, 1);
    }
    board_add_piece(b, sq, player, &o->codes);
    Event *ev = game_event(g, EVENT_NEW_PIECE, player, 0, &sq, 1);
    ev->owner[0] = game_owner_word(b, board_piece_at(b, sq)); /* a ronin King's piece without P is an orphan */
    ev->seq[0] = seq;
    game_ev_moved(ev, 0, -1, sq);
    return 0;
}

/* ---- MOVE ---- */

/* What capturing an enemy victim brings the mover: the E it digests (pieces.txt G: the victim's cost; a King
 * also brings all its owner's E, eliminated owners (ronin) included, contract 14.6) and, into add, the codes it
 * learns (pieces.txt L: one of each code the victim has and the mover has not). */
static int64_t capture_gain(const Board *b, const Piece *mover, const Piece *victim, Genome *add)
{
    int64_t gain = 0;
    if (mover->g.n[GENE_G]) {
        gain = piece_cost(&victim->g);
        if (victim->g.n[GENE_K])
            gain = sat_add(gain, b->pl[victim->owner].e);
    }
    if (mover->g.n[GENE_L])
        for (int i = 0; i < GENE_COUNT; i++)
            if (victim->g.n[i] && !mover->g.n[i])
                add->n[i] = 1;
    return gain;
}

/* What the moving piece takes when its MOVE ends on sq (enemy, own with I, or an interior wall with O). */
static void capture(Game *g, int player, Piece *mover, int sq)
{
    /* The mover still stands on its start square; sq is the final square. */
    Board *b = g->b;
    Piece *victim = board_piece_at(b, sq);
    if (!victim)
        return;
    bool own = board_controls(b, player, victim);
    int vowner = victim->owner;
    int vword = game_owner_word(b, victim), vsubject = game_piece_subject(b, victim);
    bool phased = victim->g.phased;
    Genome vg = victim->g;
    bool was_king = vg.n[GENE_K] > 0;
    int msq = mover->sq;
    char *vseq = piece_str(&vg, false);
    Genome add = {0};
    int64_t gain = own ? 0 : capture_gain(b, mover, victim, &add);
    int sqs[2] = {sq, msq};
    /* contract 14.6: a King captured by MOVE eliminates its player at once */
    bool eliminates = was_king && !own && b->pl[vowner].status == PS_ACTIVE;
    if (!own && vsubject >= 0)
        game_keep_in_view(g, vsubject, sq); /* contract 8: a captured piece sees what captures it */
    if (phased && !own) {
        /* contract 14.3: the capturer is told only what it gains; the owner is told. */
        game_event(g, EVENT_PHASED_CAPTURED, vsubject, EV_PRIVATE, sqs, 1)->codes = vseq;
        vseq = NULL;
    } else {
        /* contract 8: others hear of the capture only when they see its square; the victim is seen (decoded)
         * only as it stood before, the capturer on its start square before or on the victim's after. */
        Event *ev = game_event(g, eliminates ? EVENT_KING_CAPTURED : EVENT_CAPTURED, vsubject, EV_AT0, sqs, 2);
        ev->owner[0] = vword;
        ev->seq[0] = vseq;
        ev->owner[1] = player;
        ev->seq[1] = piece_str(&mover->g, false);
        game_ev_moved(ev, 0, sq, -1);
        game_ev_moved(ev, 1, msq, sq);
        if (eliminates) { /* one line: who took whose King where, and what it means (contract 8, 14.6) */
            ev->actor = player;
            ev->who[0] = vowner;
            ev->who[1] = player;
        }
    }
    board_remove_piece(b, sq);
    mover = board_piece_at(b, msq);
    if (gain) {
        if (was_king && b->pl[vowner].e) {
            game_ebook(g, vowner, (EbookLine){.kind = EBOOK_DIGESTED, .amount = b->pl[vowner].e});
            b->pl[vowner].e = 0;
        }
        game_add_e(g, player, (EbookLine){.kind = EBOOK_DIGEST, .amount = gain});
    }
    if (piece_total(&add)) {
        for (int i = 0; i < GENE_COUNT; i++)
            mover->g.n[i] = (uint16_t)(mover->g.n[i] + add.n[i]);
        game_event(g, EVENT_GAINED_L, player, EV_PRIVATE, &sq, 1)->codes = piece_str(&add, false);
    }
    if (eliminates && !phased)
        game_eliminate_told(g, vowner, PS_ELIMINATED, player);
    else if (eliminates)
        game_eliminate(g, vowner, PS_ELIMINATED, player);
}

int action_move(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    char nm[16];
    int start = actor->sq;
    const Genome *mg = &actor->g;
    int steps = piece_steps(mg);
    if (o->ndirs != steps)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_STEPS, .sq = {start}, .num = {steps}});
    if (!mg->n[GENE_C])
        for (int i = 0; i < o->ndirs; i++)
            if (grid_dir_diagonal(o->dirs[i])) {
                FailReason why = {.code = FAIL_NO_C, .sq = {start}};
                snprintf(why.word, sizeof why.word, "%s", grid_dir_name[o->dirs[i]]);
                return game_fail_why(g, -1, why);
            }
    bool jump = mg->n[GENE_E] > 0;
    int cur = start;
    for (int i = 0; i < o->ndirs; i++) {
        int next = board_step(b, cur, o->dirs[i]);
        bool last = i == o->ndirs - 1;
        if (next < 0)
            return game_fail_why(g, -1, (FailReason){.code = FAIL_OFF_BOARD});
        game_touch(g, next);
        char t = b->ter[next];
        board_sq_name(b, next, nm);
        if (t == TER_XWALL || t == TER_OUTSIDE)
            return game_fail_why(g, next, (FailReason){.code = FAIL_TERRAIN, .sq = {next}, .ter = TER_XWALL});
        if (t == TER_IWALL) {
            if (!last)
                return game_fail_why(g, next, (FailReason){.code = FAIL_TERRAIN, .sq = {next}, .ter = TER_IWALL});
            if (!mg->n[GENE_O])
                return game_fail_why(g, next, (FailReason){.code = FAIL_IWALL_NO_O, .sq = {next}});
            cur = next;
            break;
        }
        Piece *p = next == start ? NULL : board_piece_at(b, next);
        /* contract 14.3, ruling 60: a phased piece is revealed by any other piece that passes over it or runs into
         * it, its owner's own included, as by a wave, a charge or a blast */
        if (p && !last) {
            if (jump) {
                game_reveal(g, p, (EventWhy){.what = WHY_JUMPED_OVER});
            } else if (p->g.phased) {
                game_reveal(g, p, (EventWhy){.what = WHY_BUMPED_INTO});
                return game_fail_why(g, next, (FailReason){.code = FAIL_PHASED_IN_WAY, .sq = {next}});
            } else {
                return game_fail_why(g, next, (FailReason){.code = FAIL_OCCUPIED, .sq = {next}});
            }
        }
        if (p && last && board_controls(b, player, p) && (p->g.n[GENE_K] || !mg->n[GENE_I])) {
            game_reveal(g, p, (EventWhy){.what = WHY_BUMPED_INTO});
            if (p->g.n[GENE_K])
                return game_fail_why(g, next, (FailReason){.code = FAIL_OWN_KING, .sq = {next}});
            return game_fail_why(g, next, (FailReason){.code = FAIL_OWN_PIECE, .sq = {next}});
        }
        cur = next;
    }
    /* The move is good: take what stands on the final square, then move. */
    int final = cur;
    Event *ev = game_event(g, EVENT_MOVED, player, 0, (int[]){start, final}, 2);
    ev->owner[0] = ev->owner[1] = player;
    ev->seq[0] = piece_str(mg, false);
    ev->seq[1] = piece_str(mg, false);
    game_ev_moved(ev, 0, start, final);
    game_ev_moved(ev, 1, start, final);
    if (final != start) {
        if (b->ter[final] == TER_IWALL) {
            b->ter[final] = TER_FLOOR;
            game_event(g, EVENT_IWALL_MINED, player, 0, &final, 1);
        } else if (board_piece_at(b, final)) {
            capture(g, player, actor, final);
        }
        board_move_piece(b, start, final);
    }
    return 0;
}

/* ---- DIVIDE ---- */

int action_divide(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    char nm[16], nm2[16];
    int sq = actor->sq, sq2 = o->sq2;
    board_sq_name(b, sq, nm);
    board_sq_name(b, sq2, nm2);
    /* contract 14.2 DIVIDE: CODES a sub-multiset of the piece's codes, K and H allowed (ruling 6); both viable. */
    if (!piece_contains(&actor->g, &o->codes)) {
        FailReason why = {.code = FAIL_NOT_HELD, .sq = {sq}};
        char *want = piece_str(&o->codes, false);
        snprintf(why.word, sizeof why.word, "%s", want);
        free(want);
        return game_fail_why(g, -1, why);
    }
    Genome rest = actor->g;
    for (int i = 0; i < GENE_COUNT; i++)
        rest.n[i] = (uint16_t)(rest.n[i] - o->codes.n[i]);
    if (!piece_viable(&rest))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_LEFT_NOT_VIABLE, .sq = {sq}});
    if (!piece_viable(&o->codes))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NEW_NOT_VIABLE});
    game_touch(g, sq2);
    if (board_dist(b, sq, sq2) != 1)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NOT_NEXT_TO, .sq = {sq, sq2}});
    if (need_empty_floor(g, player, sq2, ORD_DIVIDE) < 0)
        return -1;
    for (int i = 0; i < GENE_COUNT; i++)
        actor->g.n[i] = rest.n[i];
    Genome ng = o->codes;
    ng.phased = ng.flare = false;
    board_add_piece(b, sq2, player, &ng); /* may move the piece array: actor is stale from here */
    Piece *left = board_piece_at(b, sq), *born = board_piece_at(b, sq2);
    int sqs[2] = {sq, sq2};
    Event *ev = game_event(g, EVENT_DIVIDED, player, EV_KIN, sqs, 2);
    game_ev_piece(ev, 0, b, left);
    game_ev_piece(ev, 1, b, born);
    game_ev_moved(ev, 1, -1, sq2);
    game_after_change(g, sq);
    game_after_change(g, sq2);
    return 0;
}

/* ---- TRANSFER ---- */

int action_transfer_check(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    if (o->sq2 == actor->sq || !sight_piece_sees(b, actor, o->sq2))
        return 0; /* the handler's failures */
    Piece *t = board_piece_at(b, o->sq2);
    /* contract 14.3: a target square that looks empty is refused, and reveals nothing. */
    if (!t || (t->g.phased && t->owner != player))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NO_PIECE, .sq = {o->sq2}});
    return 0;
}

int action_transfer(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    char nm[16], nm2[16];
    int sq = actor->sq, sq2 = o->sq2;
    board_sq_name(b, sq, nm);
    board_sq_name(b, sq2, nm2);
    int code = -1;
    for (int i = 0; i < GENE_COUNT; i++)
        if (o->codes.n[i])
            code = i;
    if (code < 0 || piece_total(&o->codes) != 1)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_TRANSFER_ONE});
    if (code == GENE_K)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_TRANSFER_K});
    if (sq2 == sq)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_TRANSFER_SELF, .sq = {sq}});
    game_touch(g, sq2);
    if (!sight_piece_sees(b, actor, sq2))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NOT_IN_VIEW, .sq = {sq, sq2}});
    Piece *t = board_piece_at(b, sq2);
    if (!t || (t->g.phased && t->owner != player))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NO_PIECE, .sq = {sq2}}); /* the check refuses this first */
    /* One J is used up first; then CODE must still be there; the giver must stay viable. */
    Genome after = actor->g;
    piece_consume(&after, GENE_J);
    if (!after.n[code])
        return game_fail_why(g, -1, (FailReason){.code = code == GENE_J ? FAIL_NO_J_TO_GIVE : FAIL_NO_CODE_TO_GIVE,
                                               .sq = {sq}, .code_letter = (char)('A' + code)});
    after.n[code]--;
    if (!piece_viable(&after))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_GIVER_NOT_VIABLE, .sq = {sq}, .code_letter = (char)('A' + code)});
    if (t->g.n[code] >= GENOME_MAX_COPIES)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_HOLDS_NO_MORE, .sq = {sq, sq2}, .code_letter = (char)('A' + code)});
    piece_consume(&actor->g, GENE_J);
    int sqs[2] = {sq, sq2};
    /* The player's own phased target: nobody else may learn of it (the public text names the giver only). */
    bool hidden = t->g.phased;
    /* A reader who does not decode the target reads a resisted TRANSFER as a done one: W is a code. */
    if (game_shield_as(g, sq2, (EventWhy){.what = WHAT_TRANSFER}, SHIELD_UNSEEN)) {
        Piece *giver = board_piece_at(b, sq);
        Event *ev = game_event(g, hidden ? EVENT_TRANSFER_RESISTED_HIDDEN : EVENT_TRANSFER_RESISTED, player, 0, sqs,
                               hidden ? 1 : 2);
        game_ev_piece(ev, 0, b, giver);
        if (!hidden)
            game_ev_piece(ev, 1, b, board_piece_at(b, sq2));
        ev->code = (char)('A' + code);
        ev->at = sq2;
        game_after_change(g, sq);
        return 0;
    }
    actor->g.n[code]--;
    t->g.n[code]++;
    Piece *giver = board_piece_at(b, sq);
    Event *ev = game_event(g, hidden ? EVENT_TRANSFERRED_HIDDEN : EVENT_TRANSFERRED, player, 0, sqs, hidden ? 1 : 2);
    game_ev_piece(ev, 0, b, giver);
    ev->code = (char)('A' + code);
    ev->at = sq2;
    if (!hidden)
        game_ev_piece(ev, 1, b, t);
    if (!board_is_orphan(b, t) && t->owner != player) {
        Event *rv = game_event(g, EVENT_TRANSFER_RECEIVED, t->owner, EV_PRIVATE, sqs, 2);
        rv->owner[0] = player;
        rv->code = (char)('A' + code);
    }
    game_after_change(g, sq);
    game_after_change(g, sq2);
    return 0;
}

/* ---- RADIATE ---- */

int action_radiate(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)o;
    int asq = actor->sq;
    Event *ev = game_event(g, EVENT_RADIATED, player, 0, &asq, 1);
    game_ev_piece(ev, 0, b, actor);
    /* The pieces in the radiating piece's view (as it was before), itself included, in reading order. */
    int *sqs = NULL;
    int n = 0;
    {
        int *all = NULL;
        int na = board_piece_squares(b, &all);
        sqs = xmalloc(sizeof(int) * (size_t)(na ? na : 1));
        for (int i = 0; i < na; i++)
            if (sight_piece_sees(b, actor, all[i]))
                sqs[n++] = all[i];
        free(all);
    }
    for (int i = 0; i < n; i++) {
        int sq = sqs[i];
        Piece *p = board_piece_at(b, sq);
        if (!p)
            continue;
        uint16_t cnt[GENE_COUNT];
        int total = piece_removable(&p->g, true, cnt);
        if (total == 0)
            continue; /* a bare K */
        /* contract 14.4: W resists an effect of another piece's order; the radiating piece's own order is not hindered. */
        if (sq != asq && game_shield_as(g, sq, (EventWhy){.what = WHAT_RADIATION}, SHIELD_RADIATION))
            continue;
        int r = (int)rng_below(&b->rng, (uint64_t)total);
        int code = 0;
        while (r >= cnt[code])
            r -= cnt[code++];
        Genome before = p->g;
        p->g.n[code]--;
        Event *e = game_event(g, EVENT_RADIATION_LOSS, game_piece_subject(b, p), p->g.phased ? EV_PRIVATE : 0, &sq, 1);
        e->owner[0] = game_owner_word(b, p);
        e->seq[0] = piece_str(&before, false);
        e->code = (char)('A' + code);
        game_after_change(g, sq);
    }
    free(sqs);
    return 0;
}

/* The landing of TELEPORT and HOME: sq2 must be empty floor (a phased piece there fails the order and
 * is revealed); then the piece jumps, seen as the event how (EVENT_TELEPORTED_ORDER). Returns 0 or fails. */
static int jump(Game *g, int player, Piece *actor, int sq2, OrderVerb verb, EventKind how)
{
    Board *b = g->b;
    int sq = actor->sq;
    if (need_empty_floor(g, player, sq2, verb) < 0)
        return -1;
    int sqs[2] = {sq, sq2};
    Event *ev = game_event(g, how, player, 0, sqs, 2);
    game_ev_piece(ev, 0, b, actor);
    game_ev_piece(ev, 1, b, actor);
    game_ev_moved(ev, 0, sq, sq2);
    game_ev_moved(ev, 1, sq, sq2);
    board_move_piece(b, sq, sq2);
    return 0;
}

/* ---- TELEPORT ---- */

/* The start of a jump (TELEPORT, HOME) to o->sq2: names both squares into nm and nm2, fails when the piece is
 * already there, and notes the target as involved (contract 4.4 failure cases). Returns 0 or -1. */
static int jump_target(Game *g, const Order *o, const Piece *actor, char nm[16], char nm2[16])
{
    board_sq_name(g->b, actor->sq, nm);
    board_sq_name(g->b, o->sq2, nm2);
    if (o->sq2 == actor->sq)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_ALREADY_ON, .sq = {o->sq2}});
    game_touch(g, o->sq2);
    return 0;
}

int action_teleport(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    char nm[16], nm2[16];
    int sq2 = o->sq2;
    if (jump_target(g, o, actor, nm, nm2) < 0)
        return -1;
    if (!sight_piece_sees(b, actor, sq2))
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NOT_IN_VIEW, .sq = {actor->sq, sq2}});
    return jump(g, player, actor, sq2, ORD_TELEPORT, EVENT_TELEPORTED_ORDER);
}

/* ---- PETRIFY ---- */

int action_petrify(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)o;
    int sq = actor->sq;
    if (actor->g.n[GENE_K])
        return game_fail_why(g, -1, (FailReason){.code = FAIL_KING_PETRIFY, .sq = {sq}});
    Event *ev = game_event(g, EVENT_PETRIFIED, player, 0, &sq, 1);
    game_ev_piece(ev, 0, b, actor);
    game_ev_moved(ev, 0, sq, -1);
    board_remove_piece(b, sq);
    b->ter[sq] = TER_IWALL;
    return 0;
}

/* ---- PHASE ---- */

int action_phase(Game *g, int player, const Order *o, Piece *actor)
{
    (void)o;
    int sq = actor->sq;
    piece_consume(&actor->g, GENE_R);
    game_event(g, EVENT_PHASED, player, 0, &sq, 1)->owner[0] = player;
    actor->g.phased = true;
    game_after_change(g, sq);
    return 0;
}

/* ---- CONVERT ---- */

int action_convert(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)o;
    int asq = actor->sq;
    /* contract 14.6: a ronin converter (its owner eliminated) gives every orphan it converts a P. */
    bool ronin = b->pl[player].status != PS_ACTIVE;
    Event *ev = game_event(g, EVENT_CONVERT_CALLED, player, 0, &asq, 1);
    ev->owner[0] = player;
    int *all = NULL;
    int na = board_piece_squares(b, &all);
    int orphans = 0; /* in view: converted or resisting (a resisted CONVERT is told by the shield's own event) */
    for (int i = 0; i < na; i++) {
        Piece *p = board_piece_at(b, all[i]);
        if (!p || !board_is_orphan(b, p) || !sight_piece_sees(b, actor, all[i]))
            continue;
        orphans++;
        /* ruling 9: the P a ronin CONVERT adds changes the orphan's sequence, so a W resists it — and with it the
         * conversion, which is the P; an active player's CONVERT only changes the colour, which W does not stop */
        if (ronin && p->g.n[GENE_P] < GENOME_MAX_COPIES &&
            game_shield(g, all[i], (EventWhy){.what = WHAT_CONVERT}))
            continue;
        int sqs[2] = {all[i], all[i]};
        Event *e = game_event(g, EVENT_CONVERTED, player, p->g.phased ? EV_PRIVATE : 0, sqs, 2);
        e->owner[0] = -2;
        e->seq[0] = piece_str(&p->g, false);
        e->owner[1] = player;
        p->owner = player;
        if (ronin && p->g.n[GENE_P] < GENOME_MAX_COPIES)
            p->g.n[GENE_P]++;
    }
    free(all);
    if (!orphans)
        game_event(g, EVENT_CONVERT_NONE, player, EV_PRIVATE, &asq, 1);
    return 0;
}

/* ---- FLARE ---- */

int action_flare(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)o;
    Player *pl = &b->pl[player];
    int sq = actor->sq;
    piece_consume(&actor->g, GENE_U);
    actor->g.flare = true;
    bool decode = actor->g.n[GENE_F] > 0;
    /* An S5 view gained this turn keeps its decoding. */
    pl->full_decode = (pl->full_view && pl->full_decode) || decode;
    pl->full_view = true;
    board_turn_label(b, pl->full_until);
    game_event(g, decode ? EVENT_FLARE_DECODED : EVENT_FLARE, player, 0, &sq, 1)->owner[0] = player;
    game_after_change(g, sq);
    return 0;
}

/* ---- HOME ---- */

int action_home(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    char nm[16], nm2[16];
    int sq = actor->sq, sq2 = o->sq2;
    if (jump_target(g, o, actor, nm, nm2) < 0)
        return -1;
    bool near_king = false;
    for (int i = 0; i < b->npc && !near_king; i++) {
        const Piece *k = &b->pc[i];
        if (k->sq != sq && k->g.n[GENE_K] && board_controls(b, player, k) && board_dist(b, k->sq, sq2) == 1)
            near_king = true;
    }
    if (!near_king)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NOT_NEXT_TO_OTHER_KING, .sq = {sq, sq2}});
    return jump(g, player, actor, sq2, ORD_HOME, EVENT_JUMPED_HOME);
}

/* ---- SANCTUARY ---- */

int action_sanctuary(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    char nm[16], nm2[16];
    int sq = actor->sq, sq2 = o->sq2;
    board_sq_name(b, sq, nm);
    board_sq_name(b, sq2, nm2);
    if (sq2 == sq)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_SWAP_SELF, .sq = {sq}});
    game_touch(g, sq2);
    Piece *k = board_piece_at(b, sq2);
    if (!k || !board_controls(b, player, k)) {
        /* Outside the view every case reads the same (contract 8): "no King of yours at <SQ> (outside your view)". */
        if (k && k->g.phased) {
            game_reveal(g, k, (EventWhy){.what = WHY_IN_WAY, .verb = ORD_SANCTUARY});
            return game_fail_why(g, sq2, (FailReason){.code = FAIL_SWAP_PHASED, .sq = {sq, sq2}});
        }
        return game_fail_why(g, sq2, (FailReason){.code = FAIL_SWAP_NO_KING, .sq = {sq, sq2}});
    }
    if (!k->g.n[GENE_K]) {
        /* contract 14.3, ruling 60: the player's own phased piece that is no King is in the Y piece's way */
        game_reveal(g, k, (EventWhy){.what = WHY_IN_WAY, .verb = ORD_SANCTUARY});
        return game_fail_why(g, -1, (FailReason){.code = FAIL_NOT_A_KING, .sq = {sq, sq2}});
    }
    int sqs[2] = {sq, sq2};
    /* contract 14.4: the King's W resists (neither moves); the Y piece's own order is not hindered by its W. */
    if (game_shield(g, sq2, (EventWhy){.what = WHAT_SANCTUARY_SWAP})) {
        Event *ev = game_event(g, k->g.phased ? EVENT_SANCTUARY_RESISTED_HIDDEN : EVENT_SANCTUARY_RESISTED, player, 0,
                               sqs, k->g.phased ? 1 : 2);
        ev->owner[0] = ev->owner[1] = player;
        ev->at = sq2;
        return 0;
    }
    /* The player's own phased King: the others only see the Y piece jump. */
    bool hidden = k->g.phased;
    Event *ev = game_event(g, hidden ? EVENT_SANCTUARY_HIDDEN : EVENT_SANCTUARY, player, 0, sqs, 2);
    game_ev_piece(ev, 0, b, actor);
    game_ev_piece(ev, 1, b, k);
    game_ev_moved(ev, 0, sq, sq2);
    game_ev_moved(ev, 1, hidden ? sq : sq2, hidden ? sq2 : sq);
    board_swap_pieces(b, sq, sq2);
    return 0;
}
