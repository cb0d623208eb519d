
--
-- 12. Concealed ids (src/conceal.c): a keyed permutation of the 64-bit id
-- space, a 10-round Feistel network with SipHash-2-4 as its round
-- function, so that an id can be published without its time, worker,
-- sequence or order, and read back with the key.  The key is 16 bytes
-- (22023 otherwise, without the key in the error).  The branded forms
-- carry the concealed id in a namespace, as snowflake_brand does the id:
-- snowflake_conceal(id, key, ns) is snowflake_brand(snowflake_conceal(id,
-- key), ns), and revealing a string that is malformed, out of range or of
-- another namespace is 22P02.  IMMUTABLE: the permutation never changes,
-- since every published id depends on it.  Not LEAKPROOF: the errors
-- quote the string.  EXECUTE stays with PUBLIC, as for every pure function
-- of the extension: the secret is the key, not the function.
--
CREATE FUNCTION @extschema@.snowflake_conceal(id @extschema@.snowflake, key pg_catalog.bytea)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_conceal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_conceal(@extschema@.snowflake, pg_catalog.bytea) IS
	'the concealed form of an id under a 16-byte key: a keyed permutation of the 64-bit ids, reversed by snowflake_reveal';

CREATE FUNCTION @extschema@.snowflake_reveal(opaque @extschema@.snowflake, key pg_catalog.bytea)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_reveal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_reveal(@extschema@.snowflake, pg_catalog.bytea) IS
	'the id whose concealed form under the 16-byte key is the given value';

CREATE FUNCTION @extschema@.snowflake_conceal(id @extschema@.snowflake, key pg_catalog.bytea, namespace pg_catalog.text)
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'snowflake_conceal_branded'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_conceal(@extschema@.snowflake, pg_catalog.bytea, pg_catalog.text) IS
	'the branded string, in a namespace, of an id''s concealed form under a 16-byte key';

CREATE FUNCTION @extschema@.snowflake_reveal(branded pg_catalog.text, key pg_catalog.bytea, namespace pg_catalog.text)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_reveal_branded'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_reveal(pg_catalog.text, pg_catalog.bytea, pg_catalog.text) IS
	'the id of a concealed branded string, which must be in the given namespace, under a 16-byte key';
