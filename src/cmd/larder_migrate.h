/* larder_migrate.h: `larder migrate-store`, a whole library moved from one database to another (SQLite to PostgreSQL, or back). */
#ifndef LARDER_CMD_MIGRATE_H
#define LARDER_CMD_MIGRATE_H

#define U_MIGRATE "larder migrate-store --from sqlite:PATH|postgresql://… --to postgresql://…|sqlite:PATH [--force]"
/* argv holds what follows `migrate-store`; the exit code (0 copied and counted alike, 1 failed, 2 usage) */
int larder_cmd_migrate(int argc, char **argv);
#endif
