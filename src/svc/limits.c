/* limits.c (svc): larder.conf's limits as the services read them, with util/limits.h's defaults when a caller has no configuration. */
#include "svc/svc.h"
#include "util/limits.h"

size_t svc_content_max_bytes(const struct larder_config *cfg)
{
	return cfg ? cfg->content_max_bytes : LIMIT_CONTENT_BYTES;
}
