
--
-- Several time windows at once: "id <@ multirange" and "multirange @> id"
-- (src/multirange.c).  True when some range of the multirange holds the
-- id ("id <@ r"); false for the empty multirange; NULL for NULL.
--
-- The multirange is taken as snowflake_tstzmultirange, a domain over
-- tstzmultirange with no constraint, for the reasons of snowflake_tstzrange
-- above: a domain is never an exact match for a tstzmultirange, so
-- "mr @> '...'", "'...' <@ mr" and "mr @> timestamptz" go to core's
-- operators, as they do without the extension.  The functions have names
-- of their own: an overloaded snowflake_within() would make
-- "snowflake_within(id, '[a,b)')" ambiguous.
--
-- The planner support is snowflake_range_support, which tells the two
-- kinds of window apart by the type of the argument.  A constant
-- multirange becomes the OR of its windows' comparisons of ids (so a
-- BitmapOr, and pruning by each window); otherwise the first and the last
-- id the multirange holds bound an index scan, which rechecks the
-- operator, and run-time partition pruning.
--
CREATE DOMAIN @extschema@.snowflake_tstzmultirange AS pg_catalog.tstzmultirange;

COMMENT ON DOMAIN @extschema@.snowflake_tstzmultirange IS
	'a tstzmultirange as the time windows of "id <@ mr" and "mr @> id"';

CREATE FUNCTION @extschema@.snowflake_multirange_floor(pg_catalog.tstzmultirange)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_multirange_floor'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_multirange_floor(pg_catalog.tstzmultirange) IS
	'the smallest id whose millisecond lies in the multirange';

CREATE FUNCTION @extschema@.snowflake_multirange_ceil(pg_catalog.tstzmultirange)
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_multirange_ceil'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION @extschema@.snowflake_multirange_ceil(pg_catalog.tstzmultirange) IS
	'the largest id whose millisecond lies in the multirange';

-- Selectivity: the sum over the multirange's windows of the range's
-- estimate (src/selectivity.c).
CREATE FUNCTION @extschema@.snowflake_multirange_sel(pg_catalog.internal, pg_catalog.oid, pg_catalog.internal, pg_catalog.int4)
RETURNS pg_catalog.float8
AS 'MODULE_PATHNAME', 'snowflake_multirange_sel'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION @extschema@.snowflake_within_multirange(@extschema@.snowflake, @extschema@.snowflake_tstzmultirange)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'snowflake_within_multirange'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

COMMENT ON FUNCTION @extschema@.snowflake_within_multirange(@extschema@.snowflake, @extschema@.snowflake_tstzmultirange) IS
	'"id <@ mr": the id''s millisecond lies in a range of the multirange';

CREATE FUNCTION @extschema@.tstzmultirange_contains_snowflake(@extschema@.snowflake_tstzmultirange, @extschema@.snowflake)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'tstzmultirange_contains_snowflake'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
SUPPORT @extschema@.snowflake_range_support;

COMMENT ON FUNCTION @extschema@.tstzmultirange_contains_snowflake(@extschema@.snowflake_tstzmultirange, @extschema@.snowflake) IS
	'"mr @> id": a range of the multirange holds the id''s millisecond';

-- No negator: PostgreSQL has no "not contained by" operator.
CREATE OPERATOR @extschema@.<@ (
	LEFTARG = @extschema@.snowflake,
	RIGHTARG = @extschema@.snowflake_tstzmultirange,
	FUNCTION = @extschema@.snowflake_within_multirange,
	COMMUTATOR = OPERATOR(@extschema@.@>),
	RESTRICT = @extschema@.snowflake_multirange_sel,
	JOIN = @extschema@.snowflake_range_joinsel
);

CREATE OPERATOR @extschema@.@> (
	LEFTARG = @extschema@.snowflake_tstzmultirange,
	RIGHTARG = @extschema@.snowflake,
	FUNCTION = @extschema@.tstzmultirange_contains_snowflake,
	COMMUTATOR = OPERATOR(@extschema@.<@),
	RESTRICT = @extschema@.snowflake_multirange_sel,
	JOIN = @extschema@.snowflake_range_joinsel
);

-- An untyped literal or parameter beside an id, "id <@ '[a,b)'", now fits
-- both operators, whose right operands are both of category R (range),
-- and neither is preferred: PostgreSQL would call it ambiguous (42725),
-- where it read a tstzrange before.  So both domains get a category of
-- their own, 'w' (time windows: no core category, and not an upper-case
-- letter, which core keeps for its own), and snowflake_tstzrange is its
-- preferred type: an untyped operand beside an id is a tstzrange, as
-- before, and a multirange is written as one ("id <@ $1::tstzmultirange").
-- The category of a candidate's declared type is read only at a position
-- whose input is untyped; a typed input is judged by its own category,
-- which is never 'w' (a domain's value is read as its base type's), so no
-- other resolution changes.  CREATE DOMAIN takes the base type's category
-- and has no option for it.
UPDATE pg_catalog.pg_type
   SET typcategory = 'w',
	   typispreferred = (oid OPERATOR(pg_catalog.=) '@extschema@.snowflake_tstzrange'::pg_catalog.regtype::pg_catalog.oid)
 WHERE oid OPERATOR(pg_catalog.=) ANY (ARRAY[
			'@extschema@.snowflake_tstzrange'::pg_catalog.regtype::pg_catalog.oid,
			'@extschema@.snowflake_tstzmultirange'::pg_catalog.regtype::pg_catalog.oid]);
