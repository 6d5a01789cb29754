/* genetess: main() — argv -> command table -> pipeline (SPEC 2). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "util.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: genetess COMMAND [ARGS...]   (genetess help commands)\n", stderr);
        return EXIT_USAGE;
    }
    const Command *c = command_find(argv[1]);
    if (!c)
        return pipeline_reject("Unknown command\n", EXIT_REFUSED);
    int n = argc - 2;
    /* SPEC 2.1: the argument count is checked before any file is read. */
    if (n < c->min_args || (c->max_args >= 0 && n > c->max_args)) {
        char usage[256];
        snprintf(usage, sizeof usage, "usage: genetess %s\n", c->usage);
        return pipeline_reject(usage, EXIT_USAGE);
    }
    return pipeline_run(c, n, argv + 2);
}
