/* larder.c: the admin command line (init, users, API keys, worker). */
int main(void) { return 0; }
