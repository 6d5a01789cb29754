/* game: one command's working state over a Board and the per-action core of the rules — events and their audiences, E, reveal, kill, shield, elimination, failure, the moves record, scoring. */
#ifndef GENETESS_GAME_H
#define GENETESS_GAME_H

#include "board.h"
#include "event.h"
#include "failure.h"
#include "movelist.h"
#include "orders.h"

/* Why a phased piece was revealed, or what a W shield resisted: the words' code and its arguments. */
typedef struct EventWhy {
    EventWhat what;
    int special;        /* WHAT_SPECIAL, WHAT_PUSHED_ASIDE, WHY_ON_TARGET, WHY_BLOCKED_SPECIAL: the special's code */
    OrderVerb verb;     /* WHY_IN_WAY: the order */
} EventWhy;

/* Why an order failed (contract 4.4, 8). */
typedef struct Failure {
    bool failed;
    bool refused;       /* refused by a check before anything changed (contract 3) */
    bool outside;       /* the order involved a square outside the player's view: case (ii) */
    bool fresh;         /* the failure restarted the deadline in full (case (i), once a turn) */
    FailReason why;     /* the reason, a code with its arguments (FAIL_NONE: nothing failed); its English is
                         * failure_say's, where it is presented */
} Failure;

/* What a rules step leaves for the turn driver (turn.c) to do next. */
typedef enum TurnOutcome {
    TURN_WAITS,     /* nothing more: the turn waits for its player (or no turn changed) */
    TURN_OVER,      /* the turn of b->seat is over: the next player's begins, or the game ends */
    TURN_BEGINS,    /* the turn of b->seat begins (contract 14.5 steps 1-5), e.g. 1a after round 0 */
    TURN_GAME_OVER, /* the game ends */
} TurnOutcome;

/* News for a player held back until the turns under way are settled (see game_defer_news). */
typedef struct DeferredNews {
    int player;
    NewsKind kind;
    char *text;
} DeferredNews;

typedef struct Game {
    Board *b;
    int64_t now;
    bool replay;        /* replaying history: no clock, no sheets */
    Event *ev;
    int nev, capev;
    uint8_t **before;   /* per player: view just before the current action (SIGHT_* bits) */
    int *sight_key;     /* the sight_key of the view maps last made (NULL: none yet), and those maps, player */
    int nsight_key;     /* after player (game_sight) */
    uint8_t *sight_maps;
    Failure fail;
    int actor_player;   /* the player whose order is running, for view checks (-1 none) */
    bool from_queue;    /* that order ran from the stored queue: "Your stored order ... was processed" says so */
    StrList *why;       /* when set, the reason of each failed order, by its move-list line ("" for the others) */
    Buf reply;          /* what the commanding player is told */
    bool *sheet_due;    /* per player: send a sheet after this command */
    bool new_turn;      /* a turn started during this command (sheets for everyone) */
    bool ended;         /* the game ended during this command */
    bool *star_done;    /* per player: their * order was processed since their last sheet */
    bool nagged;        /* a nag is due (the board records it) */
    bool *nag_due;      /* per player: send a nag mail after this command (deadline_nag) */
    bool s11_done;      /* an S11 already paid in this turn's firing step (firing.c resets it) */
    int bot_decisions;  /* computer opponents' orders chosen with this Game (turn.c bounds them: bot.h) */
    const Store *store; /* where a computer opponent about to decide reads what it remembers of the history
                         * that b->moves lacks (movelist_memory_load), or NULL (game_init): b->moves holds it all */
    struct BotMeasure *bot_measure; /* selfplay's measurement of the bots' decisions and its round cap (bot.h), or
                                     * NULL (game_init): none, the cap BOT_ROUND_CAP */
    DeferredNews *later; /* news told once the turns under way are settled, newest first */
    int nlater, caplater;
    int *pre;           /* the pieces just before the current action, (square, owner) pairs: -2 an orphan, -3 a
                         * phased piece (news of sight: game_end_action) */
    int npre, cappre;
    bool pre_taken;     /* pre holds the current action's pieces */
    int *kept;          /* (player, square) pairs that stay in that player's view just after the action */
    int nkept, capkept;
} Game;

/* Starts working on b at time now. */
void game_init(Game *g, Board *b, int64_t now);
/* Frees what g holds (not the board). */
void game_done(Game *g);

/* Marks the start of an action: snapshots every player's view (and fixes the start terrain, board_start_fix). */
void game_begin_action(Game *g);
/* Ends an action: renders its events into each player's news by what they saw before and after, and each
 * player remembers the terrain and the special of those squares as they are now (Player.known, Player.kspecial,
 * contract 8). */
void game_end_action(Game *g);
/* Drops the events of an action that was refused (nothing happened, nobody hears of it). */
void game_drop_events(Game *g);
/* Emits an event of kind (see Event); returns it so the caller may set its pieces and arguments. sqs may be NULL. */
Event *game_event(Game *g, EventKind kind, int subject, int flags, const int *sqs, int nsq);
/* A piece of player's was captured on sq: the square stays in their view just after the action, as it was just
 * before (contract 8: a captured piece sees what captures it). */
void game_keep_in_view(Game *g, int player, int sq);
/* Sets ev's what, special and verb from why (EVENT_REVEALED, EVENT_SHIELD*). */
void game_ev_why(Event *ev, EventWhy why);
/* Token i of ev is a piece that moved from `from` to `to` during the event (-1: created / gone). */
void game_ev_moved(Event *ev, int i, int from, int to);
/* Records an E change of a player for their sheet's breakdown ("+3 accrual at 2a (3 K)"), in its words (event.h). */
void game_ebook(Game *g, int player, EbookLine line);

/* Notes that the acting player's order involves sq: outside their view it makes a failure case (ii). */
void game_touch(Game *g, int sq);
/* True when the acting player saw sq just before the action. */
bool game_saw(const Game *g, int sq);
/* Fails the running order with the reason why (its code and arguments; hidden_at is set here): when why is about
 * a square sq (>= 0) outside the acting player's view, the reason says "<what> at <SQ> (outside your view)" and
 * nothing more (contract 8), and the failure is case (ii). Returns -1. */
int game_fail_why(Game *g, int sq, FailReason why);
/* Refuses the running order before anything changed, with the reason why (returns ORDER_REFUSED). */
int game_refuse_why(Game *g, FailReason why);
/* Appends a line to what the commanding player is told (g->reply: lines separated by '\n', none at the end). */
void game_reply(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Makes a sheet due at once to every player still in the game, quiet or not (contract 4.4: a holiday started or
 * ended, a resignation, a time-out, a forfeit). */
void game_tell_all(Game *g);
/* Appends an item of kind to player's news on b, told to them alone and whatever they see (the clock's news:
 * holidays, round 0, stored orders). */
void game_news(Board *b, int player, NewsKind kind, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Reveals a phased piece (loses r) with the events it needs: its owner reads why. */
void game_reveal(Game *g, Piece *p, EventWhy why);
/* Removes the piece on sq (killer: the player whose action did it, -1 none); eliminates its owner
 * when it is a King captured by MOVE (capture true). Emits events. */
void game_kill(Game *g, int sq, int killer, bool capture);
/* Applies a code change to the piece on sq, destroying a non-K piece that loses its last A.
 * Returns false when the piece died. */
bool game_after_change(Game *g, int sq);
/* W shield (contract 14.4): if the piece on sq has W, consumes one, emits the event, returns true (effect resisted). */
bool game_shield(Game *g, int sq, EventWhy what);
/* What a reader who does not decode a shielded piece reads instead of its W, which is a code and not named
 * (contract 8): the effect's own blind text, as for a piece that did not resist. */
typedef enum ShieldBlind {
    SHIELD_WITHSTOOD,  /* "<piece> withstood <what>." (game_shield): EVENT_SHIELD */
    SHIELD_RADIATION,  /* as RADIATE's code loss: "<piece> lost a code to radiation." */
    SHIELD_IRRADIATED, /* as S9's: "<piece> was irradiated." */
    SHIELD_UNSEEN,     /* nothing: the order's own event tells (TRANSFER) */
} ShieldBlind;
/* game_shield, with blind saying what a reader who does not decode the piece reads. */
bool game_shield_as(Game *g, int sq, EventWhy what, ShieldBlind blind);
/* Eliminates a player (status, out order, orphans) with a public event; the game's end is the turn driver's. */
void game_eliminate(Game *g, int player, PlayerStatus how, int by);
/* game_eliminate without the event: the caller has told it (a King captured in view, actions.c). */
void game_eliminate_told(Game *g, int player, PlayerStatus how, int by);
/* Adds line.amount E (saturating; nothing when it is not positive) with line as its breakdown line. */
void game_add_e(Game *g, int player, EbookLine line);

/* Appends r as a move-list line of player (-1: nobody) at the current turn: its label and who are filled here. */
void game_record(Game *g, int player, MoveRecord r);
/* Holds back a line of news for the player (text is taken over) until game_tell_deferred: a stored order
 * that ends its turn is reported after the turns its end sets going, as the player reads it. */
void game_defer_news(Game *g, int player, NewsKind kind, char *text);
/* Tells the held-back news, the newest first, and forgets it. */
void game_tell_deferred(Game *g);
/* Score of a player (contract 14.7). */
int game_score(const Board *b, int player);
/* The top score into *best; returns the player who alone has it, or -1 for a tie. */
int game_winner(const Board *b, int *best);

/* ---- pieces in events: the order handlers' words ---- */

/* The {pN} owner word of a piece: its owner, or -2 for an orphan. */
int game_owner_word(const Board *b, const Piece *p);
/* The player always told about a piece: its owner, nobody (-1) for an orphan. */
int game_piece_subject(const Board *b, const Piece *p);
/* Sets token i of ev to the piece p (owner word and sequence as it is now). */
void game_ev_piece(Event *ev, int i, const Board *b, const Piece *p);

#endif
