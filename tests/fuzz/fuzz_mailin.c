/* libFuzzer target: reading an incoming message (mailin). Every field is a string; the Subject and the
 * reply address hold no control character (they reach a command line and a mail header). */
#include <stdlib.h>
#include <string.h>

#include "mailin.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 65536)
        return 0;
    MailIn m;
    mailin_parse((const char *)data, size, NULL, &m);
    if (str_has_control(m.subject) || str_has_control(m.reply_to) || str_has_control(m.message_id))
        abort();
    if (!m.body || !m.loop || !m.envelope || !m.from)
        abort();
    mailin_free(&m);
    return 0;
}
