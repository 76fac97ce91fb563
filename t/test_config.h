/* test_config.h: the configuration the C tests hand to the services and resolvers: util/config.c's defaults, as an empty larder.conf gives them. */
#ifndef LARDER_T_TEST_CONFIG_H
#define LARDER_T_TEST_CONFIG_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/config.h"

/* c filled with every default (config_free it at the end); dir non-NULL: the test's folder becomes data_dir,
 * so that uploads, imports and kept files stay in it */
__attribute__((unused)) static void test_config(struct larder_config *c, const char *dir)
{
	if (config_defaults(c) != 0) {
		printf("Bail out! config_defaults: out of memory\n");
		exit(1);
	}
	if (dir != NULL) {
		free(c->data_dir);
		if ((c->data_dir = strdup(dir)) == NULL) {
			printf("Bail out! test_config: out of memory\n");
			exit(1);
		}
	}
}
#endif
