/* crypto.c: SHA-256 (libcrypto EVP), random bytes, UUID v4 (libuuid), constant-time compare, argon2id passwords. */
#include "util/crypto.h"

#include <string.h>

#include <argon2.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <uuid/uuid.h>

#define PW_SALT_LEN 16
#define PW_HASH_LEN 32

/* n bytes as 2n lower-case hex digits and a NUL */
static void to_hex(const unsigned char *in, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hex[in[i] >> 4];
		out[2 * i + 1] = hex[in[i] & 15];
	}
	out[2 * n] = '\0';
}

void crypto_sha256_hex(const void *data, size_t len, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	/* fetch the implementation once: OpenSSL 3 looks it up again on every call otherwise,
	 * which costs more than hashing a key (on the path of every authenticated request) */
	static EVP_MD *sha256;
	if (sha256 == NULL)
		sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
	if (sha256 == NULL || !EVP_Digest(data, len, md, &mdlen, sha256, NULL) || mdlen != 32) {
		/* cannot happen with a working libcrypto; never hand out a predictable value */
		memset(out, 0, 65);
		return;
	}
	to_hex(md, 32, out);
}

int crypto_random(void *buf, size_t len)
{
	unsigned char *p = buf;
	while (len > 0) {
		int n = len > 0x10000 ? 0x10000 : (int)len;
		if (RAND_bytes(p, n) != 1)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

void crypto_uuid_v4(char out[37])
{
	uuid_t u;
	uuid_generate_random(u);
	uuid_unparse_lower(u, out);
}

bool crypto_is_uuid(const char *s, size_t len)
{
	if (!s || len != 36)
		return false;
	for (size_t i = 0; i < 36; i++) {
		char c = s[i];
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (c != '-')
				return false;
		} else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
			return false;
		}
	}
	return true;
}

bool crypto_equal(const void *a, const void *b, size_t len)
{
	return CRYPTO_memcmp(a, b, len) == 0;
}

int crypto_password_hash(const char *pw, size_t len, uint32_t t_cost, uint32_t m_kib, uint32_t par,
                         char *out, size_t outlen)
{
	unsigned char salt[PW_SALT_LEN];
	size_t need;
	int rc;

	if (!pw || !out || t_cost < 1 || par < 1 || m_kib < 8 * par)
		return -1;
	need = argon2_encodedlen(t_cost, m_kib, par, PW_SALT_LEN, PW_HASH_LEN, Argon2_id);
	if (outlen < need)
		return -1;
	if (crypto_random(salt, sizeof salt) < 0)
		return -1;
	rc = argon2id_hash_encoded(t_cost, m_kib, par, pw, len, salt, sizeof salt, PW_HASH_LEN, out, outlen);
	return rc == ARGON2_OK ? 0 : -1;
}

int crypto_password_verify(const char *encoded, const char *pw, size_t len)
{
	if (!encoded || !pw || strncmp(encoded, "$argon2id$", 10) != 0)
		return -1;
	return argon2id_verify(encoded, pw, len) == ARGON2_OK ? 0 : -1;
}

void crypto_hmac_sha256_hex(const void *key, size_t keylen, const void *data, size_t len, char out[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	if (HMAC(EVP_sha256(), key, (int)keylen, data, len, md, &mdlen) == NULL || mdlen != 32) {
		memset(out, 0, 65);
		return;
	}
	to_hex(md, 32, out);
}

int crypto_random_hex(char *out, size_t nbytes)
{
	unsigned char rnd[32];
	if (nbytes > sizeof rnd || crypto_random(rnd, nbytes) != 0)
		return -1;
	to_hex(rnd, nbytes, out);
	return 0;
}
