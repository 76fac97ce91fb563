/* crypto.h: SHA-256, random bytes, UUID v4, constant-time compare and argon2id password hashing. */
#ifndef LARDER_CRYPTO_H
#define LARDER_CRYPTO_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* buffer size for crypto_password_hash output that always suffices */
#define CRYPTO_PASSWORD_HASH_MAX 256

void crypto_sha256_hex(const void *data, size_t len, char out[65]);
/* HMAC-SHA256 of data under key, as 64 lower-case hex digits */
void crypto_hmac_sha256_hex(const void *key, size_t keylen, const void *data, size_t len, char out[65]);
int crypto_random(void *buf, size_t len);               /* 0 ok */
/* nbytes (at most 32) random bytes as 2*nbytes lower-case hex digits and a NUL; 0 ok */
int crypto_random_hex(char *out, size_t nbytes);
void crypto_uuid_v4(char out[37]);                       /* libuuid, lower-case */
bool crypto_is_uuid(const char *s, size_t len);
bool crypto_equal(const void *a, const void *b, size_t len); /* constant time */
/* argon2id; parameters from struct larder_config (t_cost, m_cost KiB, parallelism); 0 ok */
int crypto_password_hash(const char *pw, size_t len, uint32_t t_cost, uint32_t m_kib, uint32_t par, char *out, size_t outlen);
int crypto_password_verify(const char *encoded, const char *pw, size_t len); /* 0 match */
#endif
