/* snowflake--1.3.sql: the snowflake type and everything a first-class type needs */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION snowflake" to load this file. \quit

--
-- The type
--
-- An unsigned 64-bit id: timestamp(42) << 22 | worker(10) << 12 | sequence(12),
-- the timestamp in milliseconds since 2024-01-01 00:00:00 UTC.  Eight bytes,
-- passed by value, text form decimal.
--

CREATE TYPE @extschema@.snowflake;

CREATE FUNCTION @extschema@.snowflake_in(cstring)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_in'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_out(@extschema@.snowflake)
RETURNS cstring
AS 'MODULE_PATHNAME', 'snowflake_out'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_recv(internal)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_recv'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_send(@extschema@.snowflake)
RETURNS bytea
AS 'MODULE_PATHNAME', 'snowflake_send'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Category 'N' (numeric), not preferred.  No implicit cast leads into or
-- out of it, so an expression without an id never resolves to an operator
-- of ids.  to_json() decides by type OID, not category, so an id is
-- rendered as a JSON string, which JavaScript cannot round to the nearest
-- double.
CREATE TYPE @extschema@.snowflake (
	INPUT = @extschema@.snowflake_in,
	OUTPUT = @extschema@.snowflake_out,
	RECEIVE = @extschema@.snowflake_recv,
	SEND = @extschema@.snowflake_send,
	INTERNALLENGTH = 8,
	PASSEDBYVALUE,
	ALIGNMENT = double,
	STORAGE = plain,
	CATEGORY = 'N'
);

COMMENT ON TYPE @extschema@.snowflake IS
	'64-bit time-ordered id: ms since 2024-01-01 UTC (42 bits) | worker (10) | sequence (12)';

--
-- Casts
--
-- Integers become ids by assignment (INSERT, UPDATE, a function's result)
-- or explicitly, never implicitly: an implicit cast would let an integer
-- stand for an id wherever one is wanted, and "current_date < 20991231"
-- would find the operators that compare ids with instants.  Comparisons
-- such as "id = 319545566822428714" have operators of their own, below.
-- The way back is never implicit either.
--

CREATE FUNCTION @extschema@.snowflake(smallint)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_from_int2'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake(integer)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_from_int4'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake(bigint)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_from_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake(numeric)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_from_numeric'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.int8(@extschema@.snowflake)
RETURNS bigint
AS 'MODULE_PATHNAME', 'snowflake_to_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.numeric(@extschema@.snowflake)
RETURNS numeric
AS 'MODULE_PATHNAME', 'snowflake_to_numeric'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE CAST (smallint AS @extschema@.snowflake)
	WITH FUNCTION @extschema@.snowflake(smallint) AS ASSIGNMENT;
CREATE CAST (integer AS @extschema@.snowflake)
	WITH FUNCTION @extschema@.snowflake(integer) AS ASSIGNMENT;
CREATE CAST (bigint AS @extschema@.snowflake)
	WITH FUNCTION @extschema@.snowflake(bigint) AS ASSIGNMENT;
CREATE CAST (@extschema@.snowflake AS bigint)
	WITH FUNCTION @extschema@.int8(@extschema@.snowflake) AS ASSIGNMENT;
CREATE CAST (numeric AS @extschema@.snowflake)
	WITH FUNCTION @extschema@.snowflake(numeric);
CREATE CAST (@extschema@.snowflake AS numeric)
	WITH FUNCTION @extschema@.numeric(@extschema@.snowflake);

--
-- Comparison
--
-- Unsigned 64-bit order, which is time order.  None of these can fail, so
-- they are LEAKPROOF and usable through security barrier views and RLS.
--

CREATE FUNCTION @extschema@.snowflake_eq(@extschema@.snowflake, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_eq'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_ne(@extschema@.snowflake, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_ne'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_lt(@extschema@.snowflake, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_lt'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_le(@extschema@.snowflake, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_le'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_gt(@extschema@.snowflake, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_gt'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_ge(@extschema@.snowflake, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_ge'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_cmp(@extschema@.snowflake, @extschema@.snowflake)
RETURNS integer
AS 'MODULE_PATHNAME', 'snowflake_cmp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_sortsupport(internal)
RETURNS void
AS 'MODULE_PATHNAME', 'snowflake_sortsupport'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_hash(@extschema@.snowflake)
RETURNS integer
AS 'MODULE_PATHNAME', 'snowflake_hash'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_hash_extended(@extschema@.snowflake, bigint)
RETURNS bigint
AS 'MODULE_PATHNAME', 'snowflake_hash_extended'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_larger(@extschema@.snowflake, @extschema@.snowflake)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_larger'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE FUNCTION @extschema@.snowflake_smaller(@extschema@.snowflake, @extschema@.snowflake)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_smaller'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

--
-- Operators
--
-- Each names its commutator and negator and the selectivity estimators that
-- core uses for the integer types, so plans match those on bigint.
--

CREATE OPERATOR @extschema@.= (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.snowflake_eq,
	COMMUTATOR = OPERATOR(@extschema@.=),
	NEGATOR = OPERATOR(@extschema@.<>),
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);

CREATE OPERATOR @extschema@.<> (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.snowflake_ne,
	COMMUTATOR = OPERATOR(@extschema@.<>),
	NEGATOR = OPERATOR(@extschema@.=),
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);

CREATE OPERATOR @extschema@.< (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.snowflake_lt,
	COMMUTATOR = OPERATOR(@extschema@.>),
	NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);

CREATE OPERATOR @extschema@.<= (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.snowflake_le,
	COMMUTATOR = OPERATOR(@extschema@.>=),
	NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);

CREATE OPERATOR @extschema@.> (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.snowflake_gt,
	COMMUTATOR = OPERATOR(@extschema@.<),
	NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);

CREATE OPERATOR @extschema@.>= (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.snowflake_ge,
	COMMUTATOR = OPERATOR(@extschema@.<=),
	NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);

--
-- Aggregates
--
-- SORTOP lets the planner answer min(id) and max(id) from one end of a btree.
--

CREATE AGGREGATE @extschema@.min(@extschema@.snowflake) (
	SFUNC = @extschema@.snowflake_smaller,
	STYPE = @extschema@.snowflake,
	COMBINEFUNC = @extschema@.snowflake_smaller,
	SORTOP = OPERATOR(@extschema@.<),
	PARALLEL = SAFE
);

CREATE AGGREGATE @extschema@.max(@extschema@.snowflake) (
	SFUNC = @extschema@.snowflake_larger,
	STYPE = @extschema@.snowflake,
	COMBINEFUNC = @extschema@.snowflake_larger,
	SORTOP = OPERATOR(@extschema@.>),
	PARALLEL = SAFE
);

-- Window frames by time: "ORDER BY id RANGE BETWEEN '5 minutes' PRECEDING
-- AND CURRENT ROW" compares the ids' timestamps.  It raises 22013 for a
-- negative offset, so it is not leakproof.  It adds the interval in the
-- session's time zone ('1 day' across a daylight-saving change), so it is
-- STABLE, as core's in_range for timestamptz is.
CREATE FUNCTION @extschema@.in_range(@extschema@.snowflake, @extschema@.snowflake,
									 interval, boolean, boolean)
RETURNS boolean
AS 'MODULE_PATHNAME', 'in_range_snowflake_interval'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

--
-- Operator classes
--

-- btree: ordering, merge joins, ORDER BY, and deduplication (equalimage:
-- equal ids are bitwise equal).
CREATE OPERATOR CLASS @extschema@.snowflake_ops
	DEFAULT FOR TYPE @extschema@.snowflake USING btree AS
		OPERATOR 1 @extschema@.<,
		OPERATOR 2 @extschema@.<=,
		OPERATOR 3 @extschema@.=,
		OPERATOR 4 @extschema@.>=,
		OPERATOR 5 @extschema@.>,
		FUNCTION 1 @extschema@.snowflake_cmp(@extschema@.snowflake, @extschema@.snowflake),
		FUNCTION 2 @extschema@.snowflake_sortsupport(internal),
		FUNCTION 3 (@extschema@.snowflake, interval)
			@extschema@.in_range(@extschema@.snowflake, @extschema@.snowflake,
								 interval, boolean, boolean),
		FUNCTION 4 btequalimage(oid);

-- hash: hash joins, hash aggregation, hash indexes, PARTITION BY HASH.
CREATE OPERATOR CLASS @extschema@.snowflake_ops
	DEFAULT FOR TYPE @extschema@.snowflake USING hash AS
		OPERATOR 1 @extschema@.=,
		FUNCTION 1 @extschema@.snowflake_hash(@extschema@.snowflake),
		FUNCTION 2 @extschema@.snowflake_hash_extended(@extschema@.snowflake, bigint);

-- BRIN minmax: a tiny index for append-only tables whose ids arrive in time
-- order.  The support functions are core's generic minmax ones.
CREATE OPERATOR CLASS @extschema@.snowflake_minmax_ops
	DEFAULT FOR TYPE @extschema@.snowflake USING brin AS
		OPERATOR 1 @extschema@.<,
		OPERATOR 2 @extschema@.<=,
		OPERATOR 3 @extschema@.=,
		OPERATOR 4 @extschema@.>=,
		OPERATOR 5 @extschema@.>,
		FUNCTION 1 brin_minmax_opcinfo(internal),
		FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
		FUNCTION 4 brin_minmax_union(internal, internal, internal);

--
-- Comparisons of ids with bigint
--
-- Smallint and integer reach them through core's implicit casts to bigint.
-- An id and an integer compare as the integers they are: a negative one is
-- below every id.  They cannot fail: LEAKPROOF.  The support function turns
-- a constant into an id, so that "id = 5" is planned as
-- "id = '5'::snowflake" (hash indexes and hash partitions included).
--
CREATE FUNCTION @extschema@.snowflake_int8_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'snowflake_int8_support'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_eq_int8(@extschema@.snowflake, bigint)
RETURNS boolean AS 'MODULE_PATHNAME', 'snowflake_eq_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.snowflake_ne_int8(@extschema@.snowflake, bigint)
RETURNS boolean AS 'MODULE_PATHNAME', 'snowflake_ne_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.snowflake_lt_int8(@extschema@.snowflake, bigint)
RETURNS boolean AS 'MODULE_PATHNAME', 'snowflake_lt_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.snowflake_le_int8(@extschema@.snowflake, bigint)
RETURNS boolean AS 'MODULE_PATHNAME', 'snowflake_le_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.snowflake_gt_int8(@extschema@.snowflake, bigint)
RETURNS boolean AS 'MODULE_PATHNAME', 'snowflake_gt_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.snowflake_ge_int8(@extschema@.snowflake, bigint)
RETURNS boolean AS 'MODULE_PATHNAME', 'snowflake_ge_int8'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.int8_eq_snowflake(bigint, @extschema@.snowflake)
RETURNS boolean AS 'MODULE_PATHNAME', 'int8_eq_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.int8_ne_snowflake(bigint, @extschema@.snowflake)
RETURNS boolean AS 'MODULE_PATHNAME', 'int8_ne_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.int8_lt_snowflake(bigint, @extschema@.snowflake)
RETURNS boolean AS 'MODULE_PATHNAME', 'int8_lt_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.int8_le_snowflake(bigint, @extschema@.snowflake)
RETURNS boolean AS 'MODULE_PATHNAME', 'int8_le_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.int8_gt_snowflake(bigint, @extschema@.snowflake)
RETURNS boolean AS 'MODULE_PATHNAME', 'int8_gt_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;
CREATE FUNCTION @extschema@.int8_ge_snowflake(bigint, @extschema@.snowflake)
RETURNS boolean AS 'MODULE_PATHNAME', 'int8_ge_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_int8_support;

CREATE FUNCTION @extschema@.snowflake_int8_cmp(@extschema@.snowflake, bigint)
RETURNS integer AS 'MODULE_PATHNAME', 'snowflake_int8_cmp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION @extschema@.int8_snowflake_cmp(bigint, @extschema@.snowflake)
RETURNS integer AS 'MODULE_PATHNAME', 'int8_snowflake_cmp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

-- id first
CREATE OPERATOR @extschema@.= (
	LEFTARG = @extschema@.snowflake, RIGHTARG = bigint,
	FUNCTION = @extschema@.snowflake_eq_int8,
	COMMUTATOR = OPERATOR(@extschema@.=), NEGATOR = OPERATOR(@extschema@.<>),
	RESTRICT = eqsel, JOIN = eqjoinsel, MERGES
);
CREATE OPERATOR @extschema@.<> (
	LEFTARG = @extschema@.snowflake, RIGHTARG = bigint,
	FUNCTION = @extschema@.snowflake_ne_int8,
	COMMUTATOR = OPERATOR(@extschema@.<>), NEGATOR = OPERATOR(@extschema@.=),
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR @extschema@.< (
	LEFTARG = @extschema@.snowflake, RIGHTARG = bigint,
	FUNCTION = @extschema@.snowflake_lt_int8,
	COMMUTATOR = OPERATOR(@extschema@.>), NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR @extschema@.<= (
	LEFTARG = @extschema@.snowflake, RIGHTARG = bigint,
	FUNCTION = @extschema@.snowflake_le_int8,
	COMMUTATOR = OPERATOR(@extschema@.>=), NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR @extschema@.> (
	LEFTARG = @extschema@.snowflake, RIGHTARG = bigint,
	FUNCTION = @extschema@.snowflake_gt_int8,
	COMMUTATOR = OPERATOR(@extschema@.<), NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR @extschema@.>= (
	LEFTARG = @extschema@.snowflake, RIGHTARG = bigint,
	FUNCTION = @extschema@.snowflake_ge_int8,
	COMMUTATOR = OPERATOR(@extschema@.<=), NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- integer first: the commutators of the six above
CREATE OPERATOR @extschema@.= (
	LEFTARG = bigint, RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.int8_eq_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.=), NEGATOR = OPERATOR(@extschema@.<>),
	RESTRICT = eqsel, JOIN = eqjoinsel, MERGES
);
CREATE OPERATOR @extschema@.<> (
	LEFTARG = bigint, RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.int8_ne_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.<>), NEGATOR = OPERATOR(@extschema@.=),
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR @extschema@.< (
	LEFTARG = bigint, RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.int8_lt_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.>), NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR @extschema@.<= (
	LEFTARG = bigint, RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.int8_le_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.>=), NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR @extschema@.> (
	LEFTARG = bigint, RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.int8_gt_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.<), NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR @extschema@.>= (
	LEFTARG = bigint, RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.int8_ge_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.<=), NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- bigint against bigint, under names of their own, only to complete the
-- btree family below: a family that holds (snowflake, bigint) must also
-- hold (bigint, bigint).  Core's own operators are not added to it, since
-- that would change how the planner treats every bigint equality.  The
-- functions are core's.
CREATE OPERATOR @extschema@.#=# (
	LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = pg_catalog.int8eq,
	COMMUTATOR = OPERATOR(@extschema@.#=#), NEGATOR = OPERATOR(@extschema@.#<>#),
	RESTRICT = eqsel, JOIN = eqjoinsel, MERGES
);
CREATE OPERATOR @extschema@.#<># (
	LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = pg_catalog.int8ne,
	COMMUTATOR = OPERATOR(@extschema@.#<>#), NEGATOR = OPERATOR(@extschema@.#=#),
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR @extschema@.#<# (
	LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = pg_catalog.int8lt,
	COMMUTATOR = OPERATOR(@extschema@.#>#), NEGATOR = OPERATOR(@extschema@.#>=#),
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR @extschema@.#<=# (
	LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = pg_catalog.int8le,
	COMMUTATOR = OPERATOR(@extschema@.#>=#), NEGATOR = OPERATOR(@extschema@.#>#),
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR @extschema@.#># (
	LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = pg_catalog.int8gt,
	COMMUTATOR = OPERATOR(@extschema@.#<#), NEGATOR = OPERATOR(@extschema@.#<=#),
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR @extschema@.#>=# (
	LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = pg_catalog.int8ge,
	COMMUTATOR = OPERATOR(@extschema@.#<=#), NEGATOR = OPERATOR(@extschema@.#<#),
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- In the btree family: a bigint parameter or column, and "id IN (...)",
-- use a btree on the id, and partitions by range of the id are pruned.
ALTER OPERATOR FAMILY @extschema@.snowflake_ops USING btree ADD
	OPERATOR 1 @extschema@.< (@extschema@.snowflake, bigint),
	OPERATOR 2 @extschema@.<= (@extschema@.snowflake, bigint),
	OPERATOR 3 @extschema@.= (@extschema@.snowflake, bigint),
	OPERATOR 4 @extschema@.>= (@extschema@.snowflake, bigint),
	OPERATOR 5 @extschema@.> (@extschema@.snowflake, bigint),
	FUNCTION 1 (@extschema@.snowflake, bigint)
		@extschema@.snowflake_int8_cmp(@extschema@.snowflake, bigint),
	OPERATOR 1 @extschema@.< (bigint, @extschema@.snowflake),
	OPERATOR 2 @extschema@.<= (bigint, @extschema@.snowflake),
	OPERATOR 3 @extschema@.= (bigint, @extschema@.snowflake),
	OPERATOR 4 @extschema@.>= (bigint, @extschema@.snowflake),
	OPERATOR 5 @extschema@.> (bigint, @extschema@.snowflake),
	FUNCTION 1 (bigint, @extschema@.snowflake)
		@extschema@.int8_snowflake_cmp(bigint, @extschema@.snowflake),
	OPERATOR 1 @extschema@.#<# (bigint, bigint),
	OPERATOR 2 @extschema@.#<=# (bigint, bigint),
	OPERATOR 3 @extschema@.#=# (bigint, bigint),
	OPERATOR 4 @extschema@.#>=# (bigint, bigint),
	OPERATOR 5 @extschema@.#># (bigint, bigint),
	FUNCTION 1 (bigint, bigint) pg_catalog.btint8cmp(bigint, bigint);

--
-- Fields and time
--
-- Reading a field is a shift and a mask and cannot fail: LEAKPROOF.
--

CREATE FUNCTION @extschema@.snowflake_timestamp(@extschema@.snowflake)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'snowflake_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_timestamp(@extschema@.snowflake) IS
	'the millisecond the id was minted in';

CREATE FUNCTION @extschema@.snowflake_worker(@extschema@.snowflake)
RETURNS integer
AS 'MODULE_PATHNAME', 'snowflake_worker'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_worker(@extschema@.snowflake) IS
	'the worker field (0..1023)';

CREATE FUNCTION @extschema@.snowflake_sequence(@extschema@.snowflake)
RETURNS integer
AS 'MODULE_PATHNAME', 'snowflake_sequence'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_sequence(@extschema@.snowflake) IS
	'the sequence field (0..4095)';

CREATE FUNCTION @extschema@.make_snowflake(ts timestamptz, worker integer, sequence integer)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'make_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.make_snowflake(timestamptz, integer, integer) IS
	'compose an id from an instant (truncated to its millisecond), a worker and a sequence';

-- The two bounds: NULL where no such id exists, so that a comparison with
-- them is simply false.  They cannot fail: LEAKPROOF.
CREATE FUNCTION @extschema@.snowflake_floor(timestamptz)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_floor'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_floor(timestamptz) IS
	'the smallest id of the instant''s millisecond: the inclusive lower bound of a time window';

CREATE FUNCTION @extschema@.snowflake_ceil(timestamptz)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_ceil'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_ceil(timestamptz) IS
	'the largest id of the instant''s millisecond: the inclusive upper bound of a time window';

--
-- Time windows: "id <@ tstzrange"
--
-- "id <@ r" means exactly "snowflake_timestamp(id) <@ r".  Its ids form one
-- run, whose ends these two functions give; for a range that holds no id,
-- the floor is the largest id and the ceil is 0, so the pair selects none.
--

CREATE FUNCTION @extschema@.snowflake_range_floor(tstzrange)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_range_floor'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_range_floor(tstzrange) IS
	'the smallest id whose millisecond lies in the range';

CREATE FUNCTION @extschema@.snowflake_range_ceil(tstzrange)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_range_ceil'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_range_ceil(tstzrange) IS
	'the largest id whose millisecond lies in the range';

-- The planner support function: turns the operator into btree and BRIN
-- index conditions, and into plain comparisons where partition pruning
-- needs them.
CREATE FUNCTION @extschema@.snowflake_range_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'snowflake_range_support'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Selectivity: interpolates the id column's histogram numerically.
CREATE FUNCTION @extschema@.snowflake_range_sel(internal, oid, internal, integer)
RETURNS float8
AS 'MODULE_PATHNAME', 'snowflake_range_sel'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_range_joinsel(internal, oid, internal, smallint, internal)
RETURNS float8
AS 'MODULE_PATHNAME', 'snowflake_range_joinsel'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_within(@extschema@.snowflake, tstzrange)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_within'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.tstzrange_contains_snowflake(tstzrange, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'tstzrange_contains_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

-- No negator: PostgreSQL has no "not contained by" operator.
CREATE OPERATOR @extschema@.<@ (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = tstzrange,
	FUNCTION = @extschema@.snowflake_within,
	COMMUTATOR = OPERATOR(@extschema@.@>),
	RESTRICT = @extschema@.snowflake_range_sel,
	JOIN = @extschema@.snowflake_range_joinsel
);

CREATE OPERATOR @extschema@.@> (
	LEFTARG = tstzrange,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.tstzrange_contains_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.<@),
	RESTRICT = @extschema@.snowflake_range_sel,
	JOIN = @extschema@.snowflake_range_joinsel
);

--
-- Comparisons of ids with instants: "id >= t", "t > id", ...
--
-- "id < t" means exactly "snowflake_timestamp(id) < t", and so on, with the
-- instant on either side.  Each is the one-sided time window it describes
-- ("id >= t" is "id <@ [t,)"), and the support function turns it into an
-- exact btree or BRIN index condition and prunes partitions, as it does for
-- "<@".  The estimators are core's, as for the comparisons of ids, so that
-- "id >= t0 AND id < t1" is still estimated as one range.  There is no "=":
-- one millisecond holds 2^22 ids.
--

-- The ids of tstzrange(lower, upper, flags), read from its bounds without
-- building the range; a NULL bound is unbounded, so they are not STRICT.
CREATE FUNCTION @extschema@.snowflake_range_floor(lower timestamptz, upper timestamptz, flags text)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_bounds_floor'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_range_floor(timestamptz, timestamptz, text) IS
	'snowflake_range_floor(tstzrange(lower, upper, flags)), without building the range';

CREATE FUNCTION @extschema@.snowflake_range_ceil(lower timestamptz, upper timestamptz, flags text)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_bounds_ceil'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_range_ceil(timestamptz, timestamptz, text) IS
	'snowflake_range_ceil(tstzrange(lower, upper, flags)), without building the range';

-- The id bounds of a comparison with an instant, for the planner's index
-- conditions and run-time partition pruning on a parameter or now().  They
-- are strict: a NULL instant gives a NULL bound, which selects no id, as
-- the comparison does.  (The three-argument snowflake_range_floor and
-- snowflake_range_ceil of 1.1 read a NULL bound as unbounded.)
--
CREATE FUNCTION @extschema@.snowflake_first_after(t timestamptz, inclusive boolean)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_first_after'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_first_after(timestamptz, boolean) IS
	'the smallest id whose instant is after t (at or after it, if inclusive); NULL if none';

CREATE FUNCTION @extschema@.snowflake_last_before(t timestamptz, inclusive boolean)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_last_before'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_last_before(timestamptz, boolean) IS
	'the largest id whose instant is before t (at or before it, if inclusive); NULL if none';

-- The comparisons cannot fail, hence LEAKPROOF.
CREATE FUNCTION @extschema@.snowflake_lt_timestamptz(@extschema@.snowflake, timestamptz)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_lt_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.snowflake_le_timestamptz(@extschema@.snowflake, timestamptz)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_le_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.snowflake_gt_timestamptz(@extschema@.snowflake, timestamptz)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_gt_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.snowflake_ge_timestamptz(@extschema@.snowflake, timestamptz)
RETURNS boolean
AS 'MODULE_PATHNAME', 'snowflake_ge_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.timestamptz_lt_snowflake(timestamptz, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'timestamptz_lt_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.timestamptz_le_snowflake(timestamptz, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'timestamptz_le_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.timestamptz_gt_snowflake(timestamptz, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'timestamptz_gt_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

CREATE FUNCTION @extschema@.timestamptz_ge_snowflake(timestamptz, @extschema@.snowflake)
RETURNS boolean
AS 'MODULE_PATHNAME', 'timestamptz_ge_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

-- id first
CREATE OPERATOR @extschema@.< (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = timestamptz,
	FUNCTION = @extschema@.snowflake_lt_timestamptz,
	COMMUTATOR = OPERATOR(@extschema@.>),
	NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);

CREATE OPERATOR @extschema@.<= (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = timestamptz,
	FUNCTION = @extschema@.snowflake_le_timestamptz,
	COMMUTATOR = OPERATOR(@extschema@.>=),
	NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);

CREATE OPERATOR @extschema@.> (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = timestamptz,
	FUNCTION = @extschema@.snowflake_gt_timestamptz,
	COMMUTATOR = OPERATOR(@extschema@.<),
	NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);

CREATE OPERATOR @extschema@.>= (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = timestamptz,
	FUNCTION = @extschema@.snowflake_ge_timestamptz,
	COMMUTATOR = OPERATOR(@extschema@.<=),
	NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);

-- instant first: the commutators of the four above
CREATE OPERATOR @extschema@.< (
	LEFTARG = timestamptz,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.timestamptz_lt_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.>),
	NEGATOR = OPERATOR(@extschema@.>=),
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);

CREATE OPERATOR @extschema@.<= (
	LEFTARG = timestamptz,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.timestamptz_le_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.>=),
	NEGATOR = OPERATOR(@extschema@.>),
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);

CREATE OPERATOR @extschema@.> (
	LEFTARG = timestamptz,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.timestamptz_gt_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.<),
	NEGATOR = OPERATOR(@extschema@.<=),
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);

CREATE OPERATOR @extschema@.>= (
	LEFTARG = timestamptz,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.timestamptz_ge_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.<=),
	NEGATOR = OPERATOR(@extschema@.<),
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);

--
-- Minting
--
-- gen_snowflake() takes its worker from the setting snowflake.worker_id;
-- gen_snowflake(worker) names one.  Both draw on one server-wide state in
-- shared memory, so they are VOLATILE but PARALLEL SAFE: parallel workers
-- share it with their leader.
--

CREATE FUNCTION @extschema@.gen_snowflake()
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'gen_snowflake'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.gen_snowflake() IS
	'a new id, unique and increasing server-wide, for the worker in snowflake.worker_id';

CREATE FUNCTION @extschema@.gen_snowflake(worker integer)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'gen_snowflake_worker'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.gen_snowflake(integer) IS
	'a new id, unique and increasing server-wide, for the given worker (0..1023)';

-- Minting for any worker is what the superuser-only setting
-- snowflake.worker_id guards: two servers minting for one worker id can
-- mint the same id.  So gen_snowflake(worker) is not for PUBLIC: the
-- extension's owner (the role that creates it) gets it with the grant
-- option, and may grant it on.  The owner is read from the catalogue, not
-- substituted into the script, which core refuses for names with quotes.
REVOKE EXECUTE ON FUNCTION @extschema@.gen_snowflake(integer) FROM PUBLIC;
DO $$
BEGIN
	EXECUTE pg_catalog.format('GRANT EXECUTE ON FUNCTION %s TO %s WITH GRANT OPTION',
		(SELECT p.oid::pg_catalog.regprocedure
		   FROM pg_catalog.pg_proc p
		   JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid = p.oid
		   JOIN pg_catalog.pg_extension e ON d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
		                                  AND d.refobjid = e.oid
		  WHERE e.extname = 'snowflake' AND p.proname = 'gen_snowflake' AND p.pronargs = 1),
		(SELECT e.extowner::pg_catalog.regrole FROM pg_catalog.pg_extension e WHERE e.extname = 'snowflake'));
END
$$;

--
-- Text forms ids are handed out in
--
-- Branded strings: a 3-letter namespace and 11 base62 digits, 14 bytes,
-- e.g. EVT0NbWMtkosp8.  Stream ids: "<unix_ms>-<tail>", as Valkey and Redis
-- streams write entry ids.  Errors: 22P02 syntax, 22003 range, 22023 a bad
-- or unexpected namespace.
--

CREATE FUNCTION @extschema@.snowflake_brand(id @extschema@.snowflake, namespace text)
RETURNS text
AS 'MODULE_PATHNAME', 'snowflake_brand'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_brand(@extschema@.snowflake, text) IS
	'the branded string of an id: namespace (3 letters A-Z) and 11 base62 digits';

CREATE FUNCTION @extschema@.snowflake_unbrand(branded text)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_unbrand'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_unbrand(text) IS
	'the id of a branded string, in any namespace';

CREATE FUNCTION @extschema@.snowflake_unbrand(branded text, namespace text)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_unbrand_checked'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_unbrand(text, text) IS
	'the id of a branded string that must be in the given namespace';

CREATE FUNCTION @extschema@.snowflake_namespace(branded text)
RETURNS text
AS 'MODULE_PATHNAME', 'snowflake_namespace'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_namespace(text) IS
	'the namespace of a branded string';

CREATE FUNCTION @extschema@.snowflake_stream_id(@extschema@.snowflake)
RETURNS text
AS 'MODULE_PATHNAME', 'snowflake_stream_id'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_stream_id(@extschema@.snowflake) IS
	'the id as a Valkey/Redis stream entry id: "<unix_ms>-<worker << 12 | sequence>"';

CREATE FUNCTION @extschema@.snowflake_from_stream_id(text)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_from_stream_id'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION @extschema@.snowflake_from_stream_id(text) IS
	'the id of a Valkey/Redis stream entry id';
