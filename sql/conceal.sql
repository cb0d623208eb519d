--
-- conceal: concealed ids (src/conceal.c), a keyed permutation of the 64-bit
-- ids, a 10-round Feistel network with SipHash-2-4 (test/unit/test_siphash.c
-- checks it against the published vectors) as its round function.
--
-- (the suites before it leave the extension behind; alone, after
-- install, the suite creates it)
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS snowflake;
RESET client_min_messages;
-- Every statement here has a time limit; the 10^6 ids take a few seconds.
SET statement_timeout = '60s';
\set key '\\x000102030405060708090a0b0c0d0e0f'
-- the same key with its last bit flipped, and with its first byte changed
\set key2 '\\x000102030405060708090a0b0c0d0e0e'
\set key3 '\\xff0102030405060708090a0b0c0d0e0f'

-- The permutation, pinned: these values must never change, since every
-- concealed id ever published depends on them.  They were computed again by
-- a separate implementation of SipHash-2-4 and the network (in Python, from
-- the paper and src/conceal.c's header), which agreed on every concealed
-- and revealed value this suite shows.  The edges: 0, 2^63, 2^64-1,
-- 2^63-1, and the seed id of the textforms suite.
SELECT id, snowflake_conceal(id, :'key') AS concealed
FROM unnest('{0, 9223372036854775808, 18446744073709551615, 9223372036854775807, 319545566822428714}'::snowflake[]) AS id;
-- Both ways round at the edges, and at 1, 2^32-1 and 2^32 (a carry
-- between the two 32-bit halves).
SELECT id,
       snowflake_reveal(snowflake_conceal(id, :'key'), :'key') = id AS conceal_reveal,
       snowflake_conceal(snowflake_reveal(id, :'key'), :'key') = id AS reveal_conceal
FROM unnest('{0, 1, 4294967295, 4294967296, 9223372036854775807, 9223372036854775808, 18446744073709551615}'::snowflake[]) AS id;

-- 10^6 random ids over the whole unsigned range, each made of two random
-- 32-bit halves (random() has 52 bits, so one call cannot fill 64).
SELECT setseed(0.43);
CREATE TEMP TABLE ids AS
SELECT id, snowflake_conceal(id, :'key') AS c
FROM (SELECT (floor(random() * 4294967296)::numeric * 4294967296
              + floor(random() * 4294967296)::numeric)::snowflake AS id
      FROM generate_series(1, 1000000)) g;
-- The ids are spread over the range: half of them, +- 0.01 (20 standard
-- deviations of a fraction of 10^6), are 2^63 or above; every one is
-- revealed; no two concealed ids are equal (the ids are distinct, so a
-- collision would be the permutation's), and none is its own id.
SELECT count(*) AS ids,
       count(DISTINCT id) AS distinct_ids,
       count(DISTINCT c) AS distinct_concealed,
       count(*) FILTER (WHERE snowflake_reveal(c, :'key') = id) AS revealed,
       count(*) FILTER (WHERE c = id) AS unchanged,
       abs(avg((id >= '9223372036854775808')::int) - 0.5) < 0.01 AS ids_fill_the_range
FROM ids;

-- Avalanche.  The xor of two ids as 64 bits: an id's bits are those of the
-- bigint id - 2^63 with the top bit flipped, and the flip cancels in a xor.
CREATE FUNCTION pg_temp.bits(snowflake) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT ($1::numeric - 9223372036854775808)::bigint $$;
-- 10^5 adjacent pairs (id, id + 1).  If the concealed forms are independent
-- uniform values, each of their 64 bits differs with probability 1/2, the
-- popcount of their xor is binomial(64, 1/2), of mean 32 and standard
-- deviation 4, and the mean of 10^5 of them has a standard deviation of
-- 4 / sqrt(10^5) = 0.013: the tolerance 32 +- 0.5 is about 40 of those,
-- so a sound permutation never misses it, while an order-keeping or weakly
-- mixing one (adjacent ids differ in 2 bits on average) misses it by far.
-- Each bit alone differs in 0.5 of the pairs, +- 0.01 (the standard
-- deviation of a fraction of 10^5 is 0.0016, so 6 of them): no output bit
-- is stuck or copied from the input.  And the concealed order of the pair
-- is a coin toss: 0.5 +- 0.01.
CREATE TEMP TABLE pairs AS
SELECT a, b, pg_temp.bits(snowflake_conceal(a, :'key')) # pg_temp.bits(snowflake_conceal(b, :'key')) AS x,
       snowflake_conceal(a, :'key') < snowflake_conceal(b, :'key') AS same_order
FROM (SELECT id AS a, (id::numeric + 1)::snowflake AS b
      FROM ids WHERE id < '18446744073709551615' LIMIT 100000) p;
SELECT count(*) AS pairs,
       abs(avg(bit_count(x::bit(64))) - 32) < 0.5 AS mean_popcount_32,
       abs(avg(same_order::int) - 0.5) < 0.01 AS order_is_a_coin_toss
FROM pairs;
SELECT count(*) AS bits,
       bool_and(abs(flipped - 0.5) < 0.01) AS each_flips_half_the_time
FROM (SELECT k, avg(get_bit(x::bit(64), k)) AS flipped
      FROM pairs, generate_series(0, 63) k GROUP BY k) f;
-- The same for ids as they are minted, which differ in their low bits:
-- the 4095 pairs of successive sequence numbers in one millisecond on
-- each of 4 workers, and the 1023 pairs of successive workers at sequence
-- 0, 17,403 pairs (the mean's standard deviation is 4 / sqrt(17403) =
-- 0.03, so 32 +- 0.5 is 16 of them).
SELECT count(*) AS pairs,
       abs(avg(bit_count((pg_temp.bits(snowflake_conceal(a, :'key'))
                          # pg_temp.bits(snowflake_conceal(b, :'key')))::bit(64))) - 32) < 0.5 AS mean_popcount_32
FROM (SELECT make_snowflake('2026-05-31 18:40:00+00', w, s) AS a,
             make_snowflake('2026-05-31 18:40:00+00', w, s + 1) AS b
      FROM generate_series(0, 3, 1) w, generate_series(0, 4094) s
      UNION ALL
      SELECT make_snowflake('2026-05-31 18:40:00+00', w, 0), make_snowflake('2026-05-31 18:40:00+00', w + 1, 0)
      FROM generate_series(0, 1022) w) m;

-- No time shows: ids of 2026 all lie below 2^62, yet their concealed forms
-- have the top bit in half the cases (0.5 +- 0.01, 6 standard deviations
-- of 10^5), and sorting by the concealed form does not sort by time: of
-- the adjacent pairs in concealed order, half are in time order (0.5 +- 0.01).
CREATE TEMP TABLE minted AS
SELECT id, snowflake_conceal(id, :'key') AS c
FROM (SELECT make_snowflake('2026-01-01+00'::timestamptz + g * interval '311 ms', g % 1024, g % 4096) AS id
      FROM generate_series(1, 100000) g) m;
SELECT count(*) AS ids,
       max(id) < '4611686018427387904' AS ids_below_2_62,
       abs(avg((c >= '9223372036854775808')::int) - 0.5) < 0.01 AS concealed_top_bit_half
FROM minted;
SELECT count(*) AS pairs, abs(avg((id > prev)::int) - 0.5) < 0.01 AS time_order_a_coin_toss
FROM (SELECT id, lag(id) OVER (ORDER BY c) AS prev FROM minted) s
WHERE prev IS NOT NULL;
-- Over the 10^6 random ids too: of the ids adjacent in id order, the
-- concealed forms are in the same order in half the pairs (0.5 +- 0.01,
-- 20 standard deviations of 10^6).
SELECT count(*) AS pairs, abs(avg((c > prev)::int) - 0.5) < 0.01 AS concealed_order_a_coin_toss
FROM (SELECT c, lag(c) OVER (ORDER BY id) AS prev FROM ids) s
WHERE prev IS NOT NULL;

-- Another key, another permutation: keys one bit apart (key2) or one byte
-- apart (key3) give no equal concealed id over 10^5 ids (a random pair of
-- permutations would agree on 10^5 / 2^64 of them, none), and their outputs
-- differ in 32 bits on average (+- 0.5, as above).  Revealing with the
-- wrong key is no error: it gives another id, since every 64-bit value
-- is the concealed form of some id.
SELECT k AS other_key, count(*) AS ids,
       count(*) FILTER (WHERE c = c2) AS equal,
       abs(avg(bit_count((pg_temp.bits(c) # pg_temp.bits(c2))::bit(64))) - 32) < 0.5 AS mean_popcount_32,
       count(*) FILTER (WHERE snowflake_reveal(c, other) = id) AS revealed_by_the_other_key
FROM (SELECT id, c FROM ids LIMIT 100000) i,
     (VALUES ('key2', :'key2'::bytea), ('key3', :'key3'::bytea)) AS o(k, other),
     LATERAL (SELECT snowflake_conceal(id, other) AS c2) x
GROUP BY k ORDER BY k;

-- The branded forms carry the concealed id: the payload of
-- snowflake_conceal(id, key, ns) is snowflake_conceal(id, key), in the
-- namespace, and snowflake_reveal(string, key, ns) gives the id back.
SELECT snowflake_conceal('319545566822428714', :'key', 'ORD') AS concealed,
       snowflake_brand('319545566822428714', 'ORD') AS plain_brand,
       snowflake_reveal('ORD6NwFmaONbTI', :'key', 'ORD') AS revealed;
SELECT count(*) AS ids,
       count(*) FILTER (WHERE snowflake_reveal(s, :'key', 'ORD') = id) AS revealed,
       count(*) FILTER (WHERE snowflake_unbrand(s, 'ORD') = c) AS payload_is_concealed,
       count(*) FILTER (WHERE s = snowflake_brand(c, 'ORD')) AS brand_of_concealed,
       count(DISTINCT s) AS distinct_strings
FROM (SELECT id, c, snowflake_conceal(id, :'key', 'ORD') AS s FROM ids LIMIT 100000) b;
-- The edges, branded.
SELECT id, snowflake_conceal(id, :'key', 'ZZZ') AS concealed,
       snowflake_reveal(snowflake_conceal(id, :'key', 'ZZZ'), :'key', 'ZZZ') = id AS round_trip
FROM unnest('{0, 9223372036854775808, 18446744073709551615, 9223372036854775807}'::snowflake[]) AS id;

-- Errors.  A key of any length but 16 bytes: 22023, its length named and
-- nothing of its bytes.  A namespace argument not of 3 letters A-Z: 22023,
-- as snowflake_brand's.  A string that snowflake_conceal(id, key, ns)
-- cannot have made, in that namespace: 22P02, the string quoted -- a
-- wrong length, a character outside the alphabet, a payload above
-- LygHa16AHYF (2^64-1; snowflake_unbrand says 22003 there, but no
-- concealed string is out of range: it is malformed), another namespace.
-- The key is checked first, then the namespace argument, then the string.
SELECT q, sf_try(q) AS result
FROM (VALUES
	('SELECT snowflake_conceal(''1'', ''\x000102030405060708090a0b0c0d0e'')'),
	('SELECT snowflake_conceal(''1'', ''\x000102030405060708090a0b0c0d0e0f10'')'),
	('SELECT snowflake_conceal(''1'', '''')'),
	('SELECT snowflake_reveal(''1'', ''\x00'')'),
	('SELECT snowflake_conceal(''1'', ''\x00'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORD6NwFmaONbTI'', ''\x00'', ''ORD'')'),
	('SELECT snowflake_reveal(''junk'', ''\x00'', ''ord'')'),
	('SELECT snowflake_conceal(''1'', ''\x000102030405060708090a0b0c0d0e0f'', ''ord'')'),
	('SELECT snowflake_conceal(''1'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORDX'')'),
	('SELECT snowflake_reveal(''ORD6NwFmaONbTI'', ''\x000102030405060708090a0b0c0d0e0f'', ''usr'')'),
	('SELECT snowflake_reveal(''junk'', ''\x000102030405060708090a0b0c0d0e0f'', ''US'')'),
	('SELECT snowflake_reveal(''ORD6NwFmaONbTI'', ''\x000102030405060708090a0b0c0d0e0f'', ''USR'')'),
	('SELECT snowflake_reveal(''ORD6NwFmaONbT'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORD6NwFmaONbTII'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORD6NwFmaONbTI '', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ord6NwFmaONbTI'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORD6NwFmaO-bTI'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORDLygHa16AHYG'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORDzzzzzzzzzzz'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal('''', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORDLygHa16AHYF'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')'),
	('SELECT snowflake_reveal(''ORD00000000000'', ''\x000102030405060708090a0b0c0d0e0f'', ''ORD'')')
) AS t(q);
\set VERBOSITY sqlstate
SELECT snowflake_conceal('1', '\x00');
SELECT snowflake_reveal('ORD6NwFmaONbTI', :'key', 'USR');
\set VERBOSITY default

-- The key never shows in an error: every error above, raised with keys of
-- 15, 17 and 16 bytes (of printable ASCII, "S3cr3tK3y..."), passed as a
-- parameter; its message, detail, hint and context hold neither the key's
-- text, nor its hex, nor any 4 consecutive bytes of either.
CREATE TEMP TABLE leaks (call text, key_len int, sqlstate text, message text, leaked boolean);
DO $$
DECLARE
	k bytea;
	c text;
	st text;
	msg text;
	det text;
	hnt text;
	ctx text;
	everything text;
	leaked boolean;
BEGIN
	FOREACH k IN ARRAY ARRAY['S3cr3tK3yS3cr3t'::bytea, 'S3cr3tK3yS3cr3tK3'::bytea, 'S3cr3tK3yS3cr3tK'::bytea] LOOP
		FOREACH c IN ARRAY ARRAY[
			'SELECT snowflake_conceal(''1'', $1)',
			'SELECT snowflake_reveal(''1'', $1)',
			'SELECT snowflake_conceal(''1'', $1, ''ORD'')',
			'SELECT snowflake_conceal(''1'', $1, ''ord'')',
			'SELECT snowflake_reveal(''ORD6NwFmaONbTI'', $1, ''USR'')',
			'SELECT snowflake_reveal(''ORDzzzzzzzzzzz'', $1, ''ORD'')',
			'SELECT snowflake_reveal(''junk'', $1, ''ORD'')'] LOOP
			BEGIN
				EXECUTE c USING k;
				CONTINUE;		-- a 16-byte key makes no error of the first three
			EXCEPTION WHEN OTHERS THEN
				GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT,
					det = PG_EXCEPTION_DETAIL, hnt = PG_EXCEPTION_HINT, ctx = PG_EXCEPTION_CONTEXT;
			END;
			everything := lower(concat_ws(' ', msg, det, hnt, ctx));
			SELECT bool_or(strpos(everything, lower(piece)) > 0) INTO leaked
			FROM (SELECT substr(convert_from(k, 'SQL_ASCII'), i, 4) AS piece
				  FROM generate_series(1, length(k) - 3) i
				  UNION ALL
				  SELECT substr(encode(k, 'hex'), i, 8)
				  FROM generate_series(1, 2 * length(k) - 7) i) p;
			INSERT INTO leaks VALUES (c, length(k), st, msg, leaked);
		END LOOP;
	END LOOP;
END $$;
SELECT key_len, sqlstate, count(*) AS errors, bool_or(leaked) AS key_shown
FROM leaks GROUP BY 1, 2 ORDER BY 1, 2;
SELECT DISTINCT message FROM leaks WHERE key_len <> 16 ORDER BY 1;

-- NULL in any argument: NULL (STRICT).
SELECT snowflake_conceal(NULL, :'key') IS NULL AS a,
       snowflake_conceal('1', NULL) IS NULL AS b,
       snowflake_reveal(NULL, :'key') IS NULL AS c,
       snowflake_reveal('1', NULL) IS NULL AS d,
       snowflake_conceal(NULL, :'key', 'ORD') IS NULL AS e,
       snowflake_conceal('1', NULL, 'ORD') IS NULL AS f,
       snowflake_conceal('1', :'key', NULL) IS NULL AS g,
       snowflake_reveal(NULL::text, :'key', 'ORD') IS NULL AS h,
       snowflake_reveal('ORD6NwFmaONbTI', NULL, 'ORD') IS NULL AS i,
       snowflake_reveal('ORD6NwFmaONbTI', :'key', NULL) IS NULL AS j;
-- A NULL key is NULL, not an error, even with an invalid string: STRICT
-- returns before any check.
SELECT snowflake_reveal('junk', NULL, 'ORD') IS NULL AS null_key_before_checks;

-- The flags: IMMUTABLE, STRICT, PARALLEL SAFE, not LEAKPROOF (the errors
-- quote their input), and EXECUTE for PUBLIC as every pure function.
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proisstrict AS strict,
       p.proparallel AS par, p.proleakproof AS leakproof,
       has_function_privilege('public', p.oid, 'EXECUTE') AS public_execute
FROM pg_proc p
WHERE p.proname IN ('snowflake_conceal', 'snowflake_reveal')
ORDER BY p.oid::regprocedure::text;

DROP TABLE ids, pairs, minted, leaks;
RESET statement_timeout;
