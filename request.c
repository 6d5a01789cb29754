/* request: what one command was given, passed down from where the process starts (request.h). */
#include "request.h"

Request request_init(int64_t now)
{
    return (Request){.now = now, .lock_wait = -1, .max_users = -1, .max_pending = -1};
}
