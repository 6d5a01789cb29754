/* genetess: main() — argv -> command table -> pipeline (SPEC 2). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "util.h"

/* The usage: one line, then every command's arguments from the command table (jq's habit). */
static void usage(FILE *f)
{
    fputs("usage: genetess COMMAND [ARGS...]   (genetess help commands; genetess --version)\n", f);
    for (const Command *c = command_table; c->name; c++)
        fprintf(f, "  genetess %s\n", c->usage);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        puts("genetess " GENETESS_VERSION);
        return 0;
    }
    const Command *c = command_find(argv[1]);
    if (!c)
        return pipeline_reject("Unknown command\n", EXIT_REFUSED);
    int n = argc - 2;
    /* SPEC 2.1: the argument count is checked before any file is read. */
    if (n < c->min_args || (c->max_args >= 0 && n > c->max_args)) {
        char usage_line[256];
        snprintf(usage_line, sizeof usage_line, "usage: genetess %s\n", c->usage);
        return pipeline_reject(usage_line, EXIT_USAGE);
    }
    return pipeline_run(c, n, argv + 2);
}
