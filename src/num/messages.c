/* The one table of messages (see messages.h for what is in it and why it
 * lives in the number layer). */
#include "messages.h"

static const char *const table[BGC_NMSG] = {
#define BGC_ERR_ROW(code, text) [code] = text,
    BGC_ERR_MESSAGES(BGC_ERR_ROW)
#undef BGC_ERR_ROW
#define BGC_MSG_ROW(id, text) [BGC_MSG_##id] = text,
    BGC_LANG_MESSAGES(BGC_MSG_ROW)
#undef BGC_MSG_ROW
};

const char *bgc_message(int id)
{
    if (id < 0 || id >= BGC_NMSG || table[id] == NULL)
        return "unknown error";
    return table[id];
}
