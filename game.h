/* game: one command's working state over a Board — events and their audiences, turns, E, elimination, scoring, failure handling, replay. */
#ifndef GENETESS_GAME_H
#define GENETESS_GAME_H

#include "board.h"
#include "orders.h"

/* Event flags. */
enum {
    EV_PRIVATE = 1, /* only the subject player hears of it (e.g. a phased piece moved by a special) */
    EV_PUBLIC = 2,  /* every player hears of it, whatever they see (eliminations, time-outs) */
};

/* Something that happened, told to each player by what they could see (SPEC 5).
 * text and own_text may hold tokens: {0}..{3} the square sq[i] (named when the reader sees it
 * just before or just after the event, else "outside your view"), {g0}..{g3} " <sequence>" when
 * the reader decodes sq[i] (else nothing), {p0}..{p3} the owner word of the piece: "your" for the
 * reader's own, "<userid>'s" for another's, "an orphan" for orphans (owner[i]). */
typedef struct Event {
    int subject;        /* player always told (-1: none) */
    int flags;
    char *text;
    char *own_text;     /* what the subject is told instead (NULL: text) */
    int sq[4];
    int nsq;
    char *seq[4];       /* sequence text for {gN} */
    int owner[4];       /* owner of the piece for {pN}; -2 orphan; -1 none */
} Event;

/* Why an order failed (SPEC 7.3 / 5). */
typedef struct Failure {
    bool failed;
    bool refused;       /* refused by a check before anything changed (SPEC 2.1) */
    bool outside;       /* the order involved a square outside the player's view: case (ii) */
    char msg[ERR_MAX];
} Failure;

typedef struct Game {
    Board *b;
    int64_t now;
    bool replay;        /* replaying history: no clock, no sheets */
    Event *ev;
    int nev, capev;
    uint8_t **before;   /* per player: view just before the current action (SIGHT_* bits) */
    Failure fail;
    int actor_player;   /* the player whose order is running, for view checks (-1 none) */
    Buf reply;          /* what the commanding player is told */
    bool *sheet_due;    /* per player: send a sheet after this command */
    bool new_turn;      /* a turn started during this command (sheets for everyone) */
    bool ended;         /* the game ended during this command */
    bool *star_done;    /* per player: their * order was processed since their last sheet */
    bool nagged;        /* a nag is due (the board records it) */
    bool *nag_due;      /* per player: send a nag mail after this command (clock_nag) */
    bool s11_done;      /* an S11 already paid in this turn's firing step (firing.c resets it) */
} Game;

/* Starts working on b at time now. */
void game_init(Game *g, Board *b, int64_t now);
void game_done(Game *g);

/* Marks the start of an action: snapshots every player's view. */
void game_begin_action(Game *g);
/* Ends an action: renders its events into each player's news by what they saw before and after. */
void game_end_action(Game *g);
/* Emits an event (see Event); returns it so the caller may set seq/owner/own_text. sqs may be NULL. */
Event *game_event(Game *g, int subject, int flags, const int *sqs, int nsq, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Records an E change of a player for their sheet's breakdown ("+3 accrual (3 K)"). */
void game_ebook(Game *g, int player, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Notes that the acting player's order involves sq: outside their view it makes a failure case (ii). */
void game_touch(Game *g, int sq);
/* True when the acting player saw sq just before the action. */
bool game_saw(const Game *g, int sq);
/* Fails the running order with a reason (returns -1). */
int game_fail(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Fails with a reason about sq: when sq is outside the acting player's view the reason becomes
 * "<what> at <SQ> (outside your view)" and nothing more (SPEC 5). what is e.g. "blocked". */
int game_fail_at(Game *g, int sq, const char *what, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Reveals a phased piece (loses r) with the events it needs. */
void game_reveal(Game *g, Piece *p, const char *why);
/* Removes the piece on sq (killer: the player whose action did it, -1 none); eliminates its owner
 * when it is a King captured by MOVE (capture true). Emits events. */
void game_kill(Game *g, int sq, int killer, bool capture);
/* Applies a code change to the piece on sq, destroying a non-K piece that loses its last A.
 * Returns false when the piece died. */
bool game_after_change(Game *g, int sq);
/* W shield (SPEC 6.2): if the piece on sq has W, consumes one, emits the event, returns true (effect resisted). */
bool game_shield(Game *g, int sq, const char *what);
/* Eliminates a player (status, out order, orphans), checks for the game's end. */
void game_eliminate(Game *g, int player, PlayerStatus how, int by);
/* Adds E (saturating) with a breakdown line. */
void game_add_e(Game *g, int player, int64_t amount, const char *why);

/* ---- turns ---- */
/* Runs a player's order on their turn: records the moves line (marker "(Auto)" when stored),
 * ends the turn on success; on failure records "(Failed)" and applies SPEC 7.3. Returns 0 or -1. */
int game_play(Game *g, int player, const Order *o, bool from_queue);
/* Starts the turn of b->seat (SPEC 7.2 steps 1-5). */
void game_start_turn(Game *g);
/* Ends the current turn and starts the next player's (or ends the game). */
void game_next_turn(Game *g);
/* Appends a moves line "<label> <userid> <text>". */
void game_record(Game *g, int player, const char *text);
/* Score of a player (SPEC 7.6). */
int game_score(const Board *b, int player);
/* The top score into *best; returns the player who alone has it, or -1 for a tie. */
int game_winner(const Board *b, int *best);
/* Ends the game: result text, everyone's final sheet. */
void game_finish(Game *g);
/* Processes expired deadlines, holidays and round 0 (SPEC 2.3) up to g->now. Returns true if anything changed. */
bool game_process_time(Game *g);

/* Start-of-turn step 3: fires the specials the player occupies, by code then reading order (firing.c). */
void game_fire_specials(Game *g, int player);
/* Fires one special for the player whose piece stands on it (firing.c). */
void special_fire(Game *g, int player, Special *sp);

/* ---- replay ---- */
/* Replays b's history from its initial snapshot; on success *out is the replayed board (caller frees).
 * upto: replay only the first upto moves lines (-1: all). Returns 0 or -1 with err. */
int game_replay(const Board *b, int upto, Board **out, Err *err);
/* Applies one moves line during replay. Returns 0 or -1 with err. */
int game_apply_line(Game *g, const char *line, Err *err);

#endif
