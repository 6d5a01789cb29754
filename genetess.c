/* genetess: main() — argv -> command table -> pipeline (SPEC 2); `mail` and `multiple` -> the mail front. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "mailfront.h"
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
    if (str_ieq(argv[1], "mail"))
        return mailfront_main(argc - 2, argv + 2);
    if (str_ieq(argv[1], "multiple"))
        return mailfront_multiple(argc - 2, argv + 2);
    return command_run(argc - 1, argv + 1);
}
