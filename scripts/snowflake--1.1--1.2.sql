/* snowflake--1.1--1.2.sql: integers compare with ids by their own operators,
 * not by an implicit cast; strict instant bounds for the planner; in_range
 * is STABLE */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION snowflake UPDATE TO '1.2'" to load this file. \quit

--
-- 1. Integers no longer convert into snowflake implicitly.
--
-- The implicit casts let an integer stand for an id wherever an id was
-- wanted, so "current_date < 20991231" or "now() > 1700000000" found the
-- operators that compare ids with instants, and ran.  An integer now becomes
-- an id by assignment (INSERT, UPDATE, function results) or explicitly; the
-- comparisons below keep "id = 5", "id > 5" and "id IN (1, 2, 3)" working.
-- Expressions already stored (views, defaults) call the cast functions
-- directly and are unaffected.
--
DROP CAST (smallint AS @extschema@.snowflake);
DROP CAST (integer AS @extschema@.snowflake);
DROP CAST (bigint AS @extschema@.snowflake);
CREATE CAST (smallint AS @extschema@.snowflake)
	WITH FUNCTION @extschema@.snowflake(smallint) AS ASSIGNMENT;
CREATE CAST (integer AS @extschema@.snowflake)
	WITH FUNCTION @extschema@.snowflake(integer) AS ASSIGNMENT;
CREATE CAST (bigint AS @extschema@.snowflake)
	WITH FUNCTION @extschema@.snowflake(bigint) AS ASSIGNMENT;

--
-- 2. Comparisons of ids with bigint (smallint and integer reach them through
-- core's implicit casts to bigint).  An id and an integer compare as the
-- integers they are: a negative one is below every id.  They cannot fail:
-- LEAKPROOF.  The support function turns a constant into an id, so that
-- "id = 5" is planned as "id = '5'::snowflake" (hash indexes and hash
-- partitions included).
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
-- 3. The id bounds of a comparison with an instant, for the planner's index
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

--
-- 4. Window frames by time add an interval to an instant in the session's
-- time zone ('1 day' across a daylight-saving change), so in_range depends
-- on a setting: STABLE, as core's in_range for timestamptz is.
--
ALTER FUNCTION @extschema@.in_range(@extschema@.snowflake, @extschema@.snowflake,
									interval, boolean, boolean) STABLE;
