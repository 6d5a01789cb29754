/* mailtext: the player's own text in a mail's plain-text body — format=flowed lines joined (RFC 3676), and what is not the player's (quoted lines, the attribution line above a quote, a signature, a forwarded or quoted original, a mail client's footer) taken out, wherever the player wrote (top, bottom, inline). Pure: memory in, memory out. */
#ifndef GENETESS_MAILTEXT_H
#define GENETESS_MAILTEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The text s of a format=flowed part (RFC 3676) with its soft line breaks joined, malloc'd: a line that ends in a
 * space (after its quote marks and its space-stuffing are taken off; the signature line "-- " never does) runs on
 * into the next line of the same quote depth; with delsp, the trailing space goes as they are joined. Quoted lines
 * keep their depth ("> " before the joined text). Time linear in s. */
char *mailtext_unflow(const char *s, bool delsp);

/* Keeps, in place, only the player's own lines of text: drops quoted lines ('>' first); an attribution line — a
 * line that ends in ':' with the next non-blank line quoted ("On ... wrote:", "Am ... schrieb ...:", "Le ... a
 * écrit :", ...), and the line above it when a client wrapped it ("... <a@b>" / "wrote:"); everything from a
 * signature line ("-- ", "--") or from the start of a forwarded or quoted original ("-----Original Message-----",
 * "---------- Forwarded message ---------", "Begin forwarded message:", an Outlook "From: ..." block followed by
 * "Sent:" or "Date:", a line of underscores before one) on; and mail clients' footers ("Sent from my iPhone",
 * "Get Outlook for Android", "Von meinem iPhone gesendet", ...). Trims the lines' trailing white space and the
 * trailing empty lines. Returns text. Time linear in text, whatever it holds (mailtext_player_counted). */
char *mailtext_player(char *text);

/* The most lines mailtext_player looks at for each line of its text (contract 15.2). */
#define MAILTEXT_STEPS_PER_LINE 11

/* mailtext_player, with *steps (NULL: not told) the lines it looked at — a line looked at again counted again: at
 * most MAILTEXT_STEPS_PER_LINE times the text's lines, however many of them are blank, quoted or attributions. */
char *mailtext_player_counted(char *text, size_t *steps);

#endif
