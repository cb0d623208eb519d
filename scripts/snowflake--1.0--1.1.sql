/* snowflake--1.0--1.1.sql: compare ids with instants ("id >= now() - interval '1 day'") */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION snowflake UPDATE TO '1.1'" to load this file. \quit

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
-- With a parameter or now(), the support function's conditions for
-- "id >= t" and its kin call these, and in a filter that is once a row.
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
