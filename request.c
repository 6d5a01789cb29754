/* request: what one command was given, passed down from where the process starts (request.h). */
#include "request.h"

#include <stdio.h>

Host request_host_init(void)
{
    return (Host){.lock_wait = -1, .max_users = -1, .max_pending = -1};
}

Request request_init(int64_t now)
{
    return (Request){.now = now};
}

uint64_t request_command_key(const char *message_id, const char *sender, int line)
{
    if (!message_id || !*message_id)
        return 0;
    char num[16];
    snprintf(num, sizeof num, "%d", line);
    const char *parts[] = {message_id, sender ? sender : "", num};
    uint64_t h = 14695981039346656037u; /* FNV-1a, a separator after each part */
    for (int i = 0; i < 3; i++) {
        for (const char *c = parts[i]; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211u;
        h = (h ^ 0xff) * 1099511628211u;
    }
    return h ? h : 1;
}
