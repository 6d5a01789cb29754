/* turn: the turn driver — where every order runs; what a player's message does (turn_submit, turn_store); ending a turn and starting the next in one loop; stored orders; time; resignation; the computer opponents' turns; the game's end; replay (contract 4). */
#ifndef GENETESS_TURN_H
#define GENETESS_TURN_H

#include "game.h"
#include "orders.h"

/* Starts a newly set-up game: round 0 when its gamble mode asks for it, else turn 1a begins (and every
 * turn its '*' orders end after it). */
void turn_open(Game *g);
/* Runs one order of a player (replay, tests, the bots): GAMBLE and anything in round 0 are round 0's
 * (gamble.h), HOLIDAY starts a holiday on the player's turn; any other order is played on the player's
 * turn (its move-list line marked " (Auto)" when from_queue, " (Failed)" on failure) and its success ends
 * the turn, the following turns running until one waits or the game ends. Returns 0 done, -1 failed,
 * ORDER_REFUSED refused before any change (g->fail.msg says why). */
int turn_play(Game *g, int player, const Order *o, bool from_queue);
/* Begins the turn of b->seat and runs the turns that follow until one waits. */
void turn_start(Game *g);
/* Processes a board's time (contract 5): first the computer opponents' turns left waiting (turn_play_bots),
 * then expired deadlines, holidays and round 0's deadline up to g->now, each followed by the turns it sets
 * going — never past a bot's turn left waiting (it is not timed out). Returns true if anything changed;
 * *deadlines (when non-NULL) how many deadlines, holiday ends and round 0 ends it processed. */
bool turn_process_time(Game *g, int *deadlines);
/* True when the turn to move waits for a computer opponent (in play, not on holiday): a turn a command left
 * waiting after BOT_TURNS_PER_COMMAND decisions (bot.h, contract 12). */
bool turn_bot_waits(const Board *b);
/* Plays the computer opponents' turns left waiting and the turns that follow, until a turn waits for a person,
 * the game ends, or g has made BOT_TURNS_PER_COMMAND decisions; ends a game left to the computer opponents
 * (ruling 61). Returns true if anything changed. */
bool turn_play_bots(Game *g);
/* Ends the game: result text, everyone's final sheet due. */
void turn_finish(Game *g);

/* What a resignation did (turn_resign). */
typedef enum TurnResign {
    RESIGN_DONE,    /* the player is out of the game (their pieces orphans); the turns that follow ran */
    RESIGN_REMOVED, /* round 0: the player is gone from the board (the others moved up a seat); round 0 restarts */
    RESIGN_DELETE,  /* round 0 with fewer than 2 players left: nothing changed, the board is to be deleted */
    RESIGN_GONE,    /* the player had already left (no pieces, no ronin): nothing changed */
} TurnResign;

/* A player resigns (contract 4). In round 0 the last person on the board leaves it to be deleted (RESIGN_DELETE). */
TurnResign turn_resign(Game *g, int player);

/* What a player's message did (turn_submit, turn_store). */
typedef enum SubmitStatus {
    SUBMIT_DONE,    /* the order ran, the gambles were taken, or the orders were stored */
    SUBMIT_FAILED,  /* the order ran and failed: its side effects stay */
    SUBMIT_REFUSED, /* nothing changed */
} SubmitStatus;

typedef struct Submission {
    SubmitStatus status;
    int player;                   /* the sender's index afterwards (round 0's end reorders the players) */
    char result[ERR_MAX + 300];   /* the reply's first line — the result the sender's sheet opens with — or the
                                     refusal: "<order>: done", "<order>: <why it failed>", "Stored for your next
                                     turn: ...", the gambles taken, "<order>: <why it is refused>" */
    Buf notes;                    /* the reply's further lines (the orders stored after a live one; warnings) */
} Submission;

/* The rules' front door: what player's message l (one or more orders, parsed) does (contract 4). In round 0
 * its gambles are taken, all or none; on the player's turn the first order runs now — a holiday running
 * ends, the order replaces the head of the stored queue and the rest of the message replaces the queue —
 * and the turns that follow run; off their turn the whole message becomes their stored queue (with
 * warnings judged from their own pieces). GAMBLE outside round 0 and any order of a player who has no turn
 * left are refused. A refusal changes nothing. Fills s (release with turn_submission_free); returns
 * s->status. */
int turn_submit(Game *g, int player, const OrderList *l, Submission *s);
/* `queue`: player's stored queue becomes l's orders, or empty when l is NULL, without running any (GAMBLE is
 * refused: it cannot be stored). Fills s as turn_submit does; returns s->status. */
int turn_store(Game *g, int player, const OrderList *l, Submission *s);
/* Frees what s holds. */
void turn_submission_free(Submission *s);
/* Sets pl's stored queue to l's orders from index from on ("*" kept). */
void turn_set_queue(Player *pl, const OrderList *l, int from);

/* Replays b's history from its initial snapshot; on success *out is the replayed board (caller frees).
 * upto: replay only the first upto move-list lines (-1: all). Returns 0 or -1 with err. */
int turn_replay(const Board *b, int upto, Board **out, Err *err);
/* Replays b's history (as turn_replay) to learn why its failed orders failed: why gets one line per move-list
 * line, the reason of a failed order's line (as its player was told) and "" for every other; a history that
 * does not replay from some line on (an admin's edit) leaves those lines "". Changes nothing. */
void turn_failure_reasons(const Board *b, StrList *why);

#endif
