/* embedded: help texts and built-in maps compiled into the binary (build/embedded.c, made by tools/embed.sh). */
#ifndef GENETESS_EMBEDDED_H
#define GENETESS_EMBEDDED_H

typedef struct EmbeddedFile {
    const char *name; /* "help/orders", "maps/duel" */
    const char *text;
} EmbeddedFile;

/* Terminated by a {NULL, NULL} entry. */
extern const EmbeddedFile embedded_files[];

/* Returns the embedded text of name, or NULL. */
const char *embedded_find(const char *name);

#endif
