/* slots.h: caps shared by processes: N numbered lock files under data_dir, a slot taken by an exclusive flock on a free one and given back when its descriptor is closed or its process dies. */
#ifndef LARDER_UTIL_SLOTS_H
#define LARDER_UTIL_SLOTS_H
#include "util/config.h"

/* a free slot of KIND: an exclusive flock on DATA_DIR/NAME-KIND.I for some I in 1..n, NAME the SQLite file's
 * name or "larder" for a PostgreSQL URL (opened read-only, so any user of the database may lock a file another
 * created), DATA_DIR made when missing. KIND is a file name part ("runner", "user-ID"). The descriptor
 * holding it (close-on-exec); -1 when every slot is taken, -2 when no slot file could be opened at all. */
int slots_take(const struct larder_config *cfg, const char *kind, unsigned n);
#endif
