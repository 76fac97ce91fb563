/* util_crypto.c: tests of SHA-256, random bytes, UUIDs, constant-time compare and argon2id passwords. */
#include <string.h>

#include "util/crypto.h"
#include "t/tap.h"

int main(void)
{
	char hex[65], u1[37], u2[37], enc[CRYPTO_PASSWORD_HASH_MAX];
	unsigned char r1[32], r2[32];

	crypto_sha256_hex("", 0, hex);
	is_str(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "sha256 of empty");
	crypto_sha256_hex("abc", 3, hex);
	is_str(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "sha256 of abc");
	crypto_sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
	is_str(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "sha256 of the 448-bit vector");
	{
		char h1[65], h2[65];
		is_int(crypto_random_hex(h1, 32), 0, "random hex");
		is_int(strlen(h1), 64, "64 digits for 32 bytes");
		is_int(strspn(h1, "0123456789abcdef"), 64, "lower-case hex only");
		crypto_random_hex(h2, 32);
		ok(strcmp(h1, h2) != 0, "two draws differ");
		is_int(crypto_random_hex(h2, 33), -1, "more than 32 bytes refused");
	}
	/* HMAC-SHA256, RFC 4231 test case 2 */
	crypto_hmac_sha256_hex("Jefe", 4, "what do ya want for nothing?", 28, hex);
	is_str(hex, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "HMAC-SHA256 RFC 4231 case 2");

	memset(r1, 0, sizeof r1);
	memset(r2, 0, sizeof r2);
	is_int(crypto_random(r1, sizeof r1), 0, "random bytes");
	is_int(crypto_random(r2, sizeof r2), 0, "random bytes again");
	ok(memcmp(r1, r2, sizeof r1) != 0, "two random draws differ");

	crypto_uuid_v4(u1);
	crypto_uuid_v4(u2);
	is_int(strlen(u1), 36, "uuid has 36 characters");
	ok(crypto_is_uuid(u1, strlen(u1)), "generated uuid is a uuid");
	ok(u1[14] == '4', "version nibble is 4 (%s)", u1);
	ok(strchr("89ab", u1[19]) != NULL, "variant nibble is RFC 4122");
	ok(strcmp(u1, u2) != 0, "two uuids differ");
	{
		int lower = 1;
		for (int i = 0; i < 36; i++)
			if (u1[i] >= 'A' && u1[i] <= 'F')
				lower = 0;
		ok(lower, "uuid is lower-case");
	}
	ok(crypto_is_uuid("123E4567-e89b-12d3-a456-426614174000", 36), "mixed-case uuid accepted");
	ok(!crypto_is_uuid("123e4567-e89b-12d3-a456-42661417400", 35), "short string rejected");
	ok(!crypto_is_uuid("123e4567-e89b-12d3-a456-4266141740000", 37), "long string rejected");
	ok(!crypto_is_uuid("123e4567xe89b-12d3-a456-426614174000", 36), "dash misplaced rejected");
	ok(!crypto_is_uuid("123e4567-e89b-12d3-a456-42661417400g", 36), "non-hex rejected");
	ok(!crypto_is_uuid(NULL, 36), "NULL rejected");

	ok(crypto_equal("abcdef", "abcdef", 6), "equal buffers");
	ok(!crypto_equal("abcdef", "abcdeF", 6), "different buffers");
	ok(crypto_equal("x", "y", 0), "empty buffers equal");

	is_int(crypto_password_hash("s3cret", 6, 1, 64, 1, enc, sizeof enc), 0, "hash password");
	like(enc, "$argon2id$v=19$m=64,t=1,p=1$", "encoded argon2id with its parameters");
	is_int(crypto_password_verify(enc, "s3cret", 6), 0, "verify right password");
	is_int(crypto_password_verify(enc, "s3creT", 6), -1, "verify wrong password");
	is_int(crypto_password_verify(enc, "s3cret!", 7), -1, "verify longer password");
	is_int(crypto_password_verify("$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaA", "s3cret", 6), -1,
	       "non-argon2id hash refused");
	is_int(crypto_password_verify("garbage", "s3cret", 6), -1, "garbage hash refused");
	{
		char enc2[CRYPTO_PASSWORD_HASH_MAX];
		is_int(crypto_password_hash("s3cret", 6, 1, 64, 1, enc2, sizeof enc2), 0, "hash again");
		ok(strcmp(enc, enc2) != 0, "salts differ between hashes");
		char small[20];
		is_int(crypto_password_hash("s3cret", 6, 1, 64, 1, small, sizeof small), -1, "too small buffer refused");
		is_int(crypto_password_hash("s3cret", 6, 0, 64, 1, enc2, sizeof enc2), -1, "t_cost 0 refused");
		is_int(crypto_password_hash("s3cret", 6, 1, 4, 1, enc2, sizeof enc2), -1, "memory below 8 KiB refused");
	}
	return done_testing();
}
