--
-- hostile: a schema ahead of everything on the search_path, pg_catalog
-- included, holds functions and operators named like the ones the
-- extension calls: the range constructors, the snowflake_range_* and
-- instant-bound helpers, the comparison operators.  Each one, if called,
-- writes to a marker table.  A database owner who is not a superuser
-- installs the extension with that search_path, and every planner-support
-- path and every function then runs with it: nothing is caught.  The
-- queries name their own operators and functions; what they must not
-- reach is what the extension calls for them.
--
SET timezone = 'UTC';
SET client_min_messages = warning;
DROP EXTENSION IF EXISTS snowflake CASCADE;
RESET client_min_messages;
CREATE ROLE regress_sf_dbo;
CREATE ROLE regress_sf_evil;
DO $$ BEGIN
	EXECUTE format('GRANT CREATE ON DATABASE %I TO regress_sf_dbo, regress_sf_evil', current_database());
END $$;

SET ROLE regress_sf_evil;
CREATE SCHEMA evil;
GRANT USAGE ON SCHEMA evil TO PUBLIC;
CREATE TABLE evil.caught (what text);
GRANT INSERT, SELECT ON evil.caught TO PUBLIC;
CREATE FUNCTION evil.tstzrange(timestamptz, timestamptz, text) RETURNS tstzrange
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('tstzrange/3'); RETURN pg_catalog.tstzrange($1, $2, $3); END $$;
CREATE FUNCTION evil.tstzrange(timestamptz, timestamptz) RETURNS tstzrange
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('tstzrange/2'); RETURN pg_catalog.tstzrange($1, $2); END $$;
CREATE FUNCTION evil.lower(anyrange) RETURNS anyelement
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('lower'); RETURN pg_catalog.lower($1); END $$;
CREATE FUNCTION evil.upper(anyrange) RETURNS anyelement
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('upper'); RETURN pg_catalog.upper($1); END $$;
CREATE FUNCTION evil.int8eq(bigint, bigint) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('int8eq'); RETURN $1 OPERATOR(pg_catalog.=) $2; END $$;
CREATE OPERATOR evil.= (LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = evil.int8eq);
CREATE FUNCTION evil.tstzge(timestamptz, timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('>= on instants'); RETURN $1 OPERATOR(pg_catalog.>=) $2; END $$;
CREATE OPERATOR evil.>= (LEFTARG = timestamptz, RIGHTARG = timestamptz, FUNCTION = evil.tstzge);
-- the helpers' names, on the types they take
CREATE FUNCTION evil.snowflake_range_floor(tstzrange) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_range_floor'); RETURN 0; END $$;
CREATE FUNCTION evil.snowflake_range_ceil(tstzrange) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_range_ceil'); RETURN 0; END $$;
CREATE FUNCTION evil.snowflake_range_floor(timestamptz, timestamptz, text) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_range_floor/3'); RETURN 0; END $$;
CREATE FUNCTION evil.snowflake_range_ceil(timestamptz, timestamptz, text) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_range_ceil/3'); RETURN 0; END $$;
CREATE FUNCTION evil.snowflake_first_after(timestamptz, boolean) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_first_after'); RETURN 0; END $$;
CREATE FUNCTION evil.snowflake_last_before(timestamptz, boolean) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_last_before'); RETURN 0; END $$;
CREATE FUNCTION evil.snowflake_floor(timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_floor'); RETURN 0; END $$;
CREATE FUNCTION evil.snowflake_ceil(timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_ceil'); RETURN 0; END $$;
RESET ROLE;

-- The database owner installs the extension with the hostile schema first.
SET ROLE regress_sf_dbo;
CREATE SCHEMA ext;
CREATE SCHEMA app;
SET search_path = evil, pg_catalog, app, ext;
CREATE EXTENSION snowflake SCHEMA ext;
GRANT USAGE ON SCHEMA ext TO PUBLIC;
SELECT count(*) AS caught_at_install FROM evil.caught;

-- Now the operators on the new type too.
RESET ROLE;
SET ROLE regress_sf_evil;
CREATE FUNCTION evil.sf_cmp(ext.snowflake, ext.snowflake) RETURNS boolean
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('comparison of ids'); RETURN true; END $$;
CREATE OPERATOR evil.>= (LEFTARG = ext.snowflake, RIGHTARG = ext.snowflake, FUNCTION = evil.sf_cmp);
CREATE OPERATOR evil.<= (LEFTARG = ext.snowflake, RIGHTARG = ext.snowflake, FUNCTION = evil.sf_cmp);
CREATE OPERATOR evil.< (LEFTARG = ext.snowflake, RIGHTARG = ext.snowflake, FUNCTION = evil.sf_cmp);
CREATE OPERATOR evil.> (LEFTARG = ext.snowflake, RIGHTARG = ext.snowflake, FUNCTION = evil.sf_cmp);
CREATE OPERATOR evil.= (LEFTARG = ext.snowflake, RIGHTARG = ext.snowflake, FUNCTION = evil.sf_cmp);
CREATE FUNCTION evil.snowflake_timestamp(ext.snowflake) RETURNS timestamptz
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('snowflake_timestamp'); RETURN now(); END $$;
RESET ROLE;

-- Every planner-support path, with the hostile schema first.
SET ROLE regress_sf_dbo;
SET search_path = evil, pg_catalog, app, ext;
CREATE TABLE app.ev (id ext.snowflake PRIMARY KEY);
INSERT INTO app.ev SELECT ext.make_snowflake('2026-05-01 00:00:00+00'::timestamptz OPERATOR(pg_catalog.+) (g OPERATOR(pg_catalog.*) interval '1 minute'), 0, 0)
  FROM pg_catalog.generate_series(1, 2000) g;
CREATE TABLE app.pev (id ext.snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE app.pev_1 PARTITION OF app.pev FOR VALUES FROM (MINVALUE) TO ('308799759974400000');
CREATE TABLE app.pev_2 PARTITION OF app.pev FOR VALUES FROM ('308799759974400000') TO (MAXVALUE);
INSERT INTO app.pev SELECT id FROM app.ev;
ANALYZE app.ev, app.pev;
-- constants, a run-time range, a run-time instant, both ways round
SELECT pg_catalog.count(*) FROM app.ev
 WHERE id OPERATOR(ext.<@) pg_catalog.tstzrange('2026-05-01 01:00+00', '2026-05-01 02:00+00');
SELECT pg_catalog.count(*) FROM app.ev
 WHERE id OPERATOR(ext.<@) pg_catalog.tstzrange(pg_catalog.now() OPERATOR(pg_catalog.-) interval '100 years', pg_catalog.now());
SELECT pg_catalog.count(*) FROM app.ev WHERE id OPERATOR(ext.>=) '2026-05-02 03:00+00'::timestamptz;
SELECT pg_catalog.count(*) FROM app.ev WHERE id OPERATOR(ext.<) pg_catalog.now();
SELECT pg_catalog.count(*) FROM app.ev WHERE pg_catalog.now() OPERATOR(ext.>=) id;
SELECT pg_catalog.count(*) FROM app.ev
 WHERE pg_catalog.tstzrange('2026-05-01 01:00+00', NULL) OPERATOR(ext.@>) id;
SELECT pg_catalog.count(*) FROM app.ev WHERE id OPERATOR(ext.=) 5;
SELECT pg_catalog.count(*) FROM app.ev WHERE id OPERATOR(ext.>) -1;
EXPLAIN (VERBOSE, COSTS OFF) SELECT id FROM app.ev WHERE id OPERATOR(ext.<) pg_catalog.now();
-- a generic plan's parameters
PREPARE g(timestamptz, timestamptz) AS SELECT pg_catalog.count(*) FROM app.ev
 WHERE id OPERATOR(ext.<@) pg_catalog.tstzrange($1, $2) AND id OPERATOR(ext.>=) $1;
SET plan_cache_mode = force_generic_plan;
EXECUTE g('2026-05-01 01:00+00', '2026-05-01 02:00+00');
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE g('2026-05-01 01:00+00', '2026-05-01 02:00+00');
RESET plan_cache_mode;
-- a partitioned table: pruning helpers
SELECT pg_catalog.count(*) FROM app.pev
 WHERE id OPERATOR(ext.<@) pg_catalog.tstzrange('2026-05-01 01:00+00', '2026-05-01 02:00+00');
SELECT pg_catalog.count(*) FROM app.pev WHERE id OPERATOR(ext.>=) (pg_catalog.now() OPERATOR(pg_catalog.-) interval '100 years');
-- window frames (in_range), sorting, aggregates, joins, hashing
SELECT pg_catalog.max(n) FROM (SELECT pg_catalog.count(*) OVER (ORDER BY id USING OPERATOR(ext.<)
                                 RANGE BETWEEN '10 minutes' PRECEDING AND CURRENT ROW) AS n FROM app.ev) s;
SELECT ext.min(id) OPERATOR(ext.<) ext.max(id) FROM app.ev;
SELECT pg_catalog.count(*) FROM app.ev a JOIN app.ev b ON a.id OPERATOR(ext.=) b.id;
SELECT pg_catalog.count(DISTINCT id) FROM app.ev;
CREATE INDEX ON app.ev USING hash (id);
CREATE INDEX ON app.ev USING brin (id);

-- Rolling time partitions: their bodies run with search_path pinned, so
-- nothing of the hostile schema is reached.
CREATE TABLE app.rolling (id ext.snowflake NOT NULL) PARTITION BY RANGE (id);
SELECT ext.snowflake_create_partitions('app.rolling', '1 day', 1, 'Europe/Paris', '2026-06-01 00:00+00');
SELECT * FROM ext.snowflake_retire_partitions('app.rolling', '0', 'drop', 'UTC', '2026-06-02 00:00+00');
DROP TABLE app.rolling;

-- Every function of the extension, called with sample arguments of its
-- types (some raise their documented errors: those are caught and counted).
CREATE TEMP TABLE calls (fn text, error text);
DO $$
DECLARE
	f record;
	args text;
	sample jsonb := jsonb_build_object(
		'snowflake', '''319545566822428714''::ext.snowflake',
		'timestamp with time zone', '''2026-05-31 18:40:00+00''::timestamptz',
		'tstzrange', 'pg_catalog.tstzrange(''2026-05-31 18:00+00'', ''2026-05-31 19:00+00'')',
		'ext.snowflake_tstzrange', 'pg_catalog.tstzrange(''2026-05-31 18:00+00'', ''2026-05-31 19:00+00'')',
		'snowflake_tstzrange', 'pg_catalog.tstzrange(''2026-05-31 18:00+00'', ''2026-05-31 19:00+00'')',
		'text', '''EVT0NbWMtkosp8''', 'integer', '7', 'bigint', '42::bigint', 'smallint', '7::smallint',
		'numeric', '42::numeric', 'boolean', 'true', 'interval', '''1 hour''::interval',
		'cstring', '''42''::cstring', 'bytea', '''\x000102030405060708090a0b0c0d0e0f''::bytea');
BEGIN
	FOR f IN SELECT p.oid::regprocedure AS sig, p.oid, p.proargtypes
	           FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_depend d ON d.objid = p.oid
	          WHERE d.refobjid = (SELECT oid FROM pg_catalog.pg_extension WHERE extname = 'snowflake')
	            AND d.classid = 'pg_catalog.pg_proc'::regclass AND p.prokind = 'f'
	            AND NOT EXISTS (SELECT FROM pg_catalog.unnest(p.proargtypes) t
	                            WHERE NOT sample ? pg_catalog.format_type(t, NULL))
	          ORDER BY 1::text
	LOOP
		SELECT pg_catalog.string_agg(sample ->> pg_catalog.format_type(t, NULL), ', ' ORDER BY n)
		  INTO args FROM pg_catalog.unnest(f.proargtypes) WITH ORDINALITY u(t, n);
		BEGIN
			EXECUTE pg_catalog.format('SELECT %s(%s)', f.oid::regproc, COALESCE(args, ''));
			INSERT INTO calls VALUES (f.sig::text, NULL);
		EXCEPTION WHEN OTHERS THEN
			INSERT INTO calls VALUES (f.sig::text, SQLSTATE || ': ' || SQLERRM);
		END;
	END LOOP;
END $$;
SELECT pg_catalog.count(*) AS functions_called, pg_catalog.count(*) FILTER (WHERE error IS NULL) AS returned FROM calls;
SELECT fn, error FROM calls WHERE error IS NOT NULL ORDER BY fn;

-- Converting a key: the function pins its own search_path, and the
-- CHECK constraint and foreign key it rebuilds resolve without evil's
-- operators.
CREATE TABLE app.hk (id bigserial PRIMARY KEY, CHECK (id OPERATOR(pg_catalog.>) 0));
CREATE TABLE app.hr (hk_id bigint REFERENCES app.hk (id));
INSERT INTO app.hk DEFAULT VALUES;
INSERT INTO app.hr VALUES (1);
SELECT action, detail FROM ext.snowflake_convert_key('app.hk');
SELECT pg_catalog.format_type(atttypid, NULL) FROM pg_catalog.pg_attribute WHERE attrelid = 'app.hr'::regclass AND attname = 'hk_id';
DROP TABLE app.hr, app.hk;

-- Nothing hostile ran.
SELECT pg_catalog.count(*) AS caught FROM evil.caught;
-- The trap works: calling one by name is caught.
SELECT evil.snowflake_floor(pg_catalog.now()) IS NOT NULL AS called;
SELECT what FROM evil.caught;

RESET search_path;
DROP TABLE calls;

-- A catalogue older than the library: 1.1 has no snowflake_first_after or
-- snowflake_last_before, which the planner calls for a run-time instant.
-- The database owner, who owns the schema, plants both there; a superuser
-- then queries.  The planner calls members of the extension only, so it
-- takes the path 1.1's own functions give, and the answer is right.
SET client_min_messages = warning;
DROP TABLE app.ev, app.pev;
DROP EXTENSION snowflake CASCADE;
RESET client_min_messages;
CREATE SCHEMA ext11;
CREATE EXTENSION snowflake VERSION '1.1' SCHEMA ext11;
CREATE FUNCTION ext11.snowflake_first_after(t timestamptz, inclusive boolean) RETURNS ext11.snowflake
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('planted first_after, run by ' || current_user); RETURN '0'; END $$;
CREATE FUNCTION ext11.snowflake_last_before(t timestamptz, inclusive boolean) RETURNS ext11.snowflake
LANGUAGE plpgsql AS $$ BEGIN INSERT INTO evil.caught VALUES ('planted last_before, run by ' || current_user); RETURN '18446744073709551615'; END $$;
-- The database's owner owns the extension, and may make her functions its
-- members: they are still hers, not the superuser's who ran the scripts,
-- and the planner builds no call of them.
ALTER EXTENSION snowflake ADD FUNCTION ext11.snowflake_first_after(timestamptz, boolean);
ALTER EXTENSION snowflake ADD FUNCTION ext11.snowflake_last_before(timestamptz, boolean);
CREATE TABLE app.ev11 (id ext11.snowflake PRIMARY KEY);
INSERT INTO app.ev11 SELECT ext11.make_snowflake(now() - g * interval '1 minute', 1, 0) FROM generate_series(1, 500) g;
ANALYZE app.ev11;
RESET ROLE;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM app.ev11 WHERE id OPERATOR(ext11.>=) (now() - interval '10 minutes');
BEGIN;
SELECT count(*) AS index, (SELECT count(*) FROM app.ev11 WHERE ext11.snowflake_timestamp(id) >= now() - interval '10 minutes') AS definition
  FROM app.ev11 WHERE id OPERATOR(ext11.>=) (now() - interval '10 minutes');
SELECT count(*) AS index, (SELECT count(*) FROM app.ev11 WHERE ext11.snowflake_timestamp(id) <= now() - interval '490 minutes') AS definition
  FROM app.ev11 WHERE id OPERATOR(ext11.<=) (now() - interval '490 minutes');
COMMIT;
RESET enable_seqscan;
SELECT count(*) AS caught FROM evil.caught WHERE what LIKE 'planted%';
RESET ROLE;
SET client_min_messages = warning;
DROP TABLE app.ev11;
DROP SCHEMA app;
DROP EXTENSION snowflake CASCADE;
DROP SCHEMA ext;
DROP SCHEMA ext11 CASCADE;
DROP SCHEMA evil CASCADE;
DO $$ BEGIN
	EXECUTE format('REVOKE CREATE ON DATABASE %I FROM regress_sf_dbo, regress_sf_evil', current_database());
END $$;
DROP ROLE regress_sf_dbo, regress_sf_evil;
RESET client_min_messages;

-- Exact-match planting at install and update.  The scripts run as the
-- bootstrap superuser when the owner of a database installs or updates
-- the trusted extension; their search_path is the extension's schema
-- (pg_catalog is searched first, pg_temp last).  pg_catalog has no
-- "=(oid, regclass)", so an operator of that exact signature in a schema
-- on that path would win the resolution of an unqualified "=" between a
-- catalogue column and a reg* value, and run as the superuser.  The owner
-- of a database of her own plants "=" and "<>" between oid and every reg*
-- type, both ways, and look-alikes of the functions the scripts call,
-- in public and in the schema she installs into.  Each records whether it
-- ran as a superuser and, if it did, makes her one.  Then CREATE
-- EXTENSION from scratch, into public and into her own schema, and
-- ALTER EXTENSION UPDATE from every released version.
\set regress_db :DBNAME
CREATE ROLE regress_sf_planter LOGIN;
CREATE DATABASE regress_sf_planted OWNER regress_sf_planter;
\c regress_sf_planted
SET ROLE regress_sf_planter;
CREATE SCHEMA plant;
CREATE TABLE public.planted_runs (what text, super boolean);
GRANT INSERT ON public.planted_runs TO PUBLIC;
CREATE FUNCTION public.planted_ran(what text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	super boolean := (SELECT r.rolsuper FROM pg_catalog.pg_roles r
					   WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER);
BEGIN
	INSERT INTO public.planted_runs VALUES (what, super);
	IF super THEN
		EXECUTE 'ALTER ROLE regress_sf_planter SUPERUSER';
	END IF;
END $$;
-- the operators: "=" and "<>" between oid and each reg* type, both ways
DO $$
DECLARE
	nsp text;
	reg text;
	op text;
BEGIN
	FOREACH nsp IN ARRAY ARRAY['public', 'plant'] LOOP
		FOREACH reg IN ARRAY ARRAY['regclass', 'regtype', 'regproc', 'regprocedure', 'regoper', 'regoperator',
								   'regnamespace', 'regrole', 'regconfig', 'regdictionary', 'regcollation'] LOOP
			FOREACH op IN ARRAY ARRAY['=', '<>'] LOOP
				EXECUTE pg_catalog.format($f$
					CREATE FUNCTION %1$I.%2$I(pg_catalog.oid, pg_catalog.%3$I) RETURNS boolean LANGUAGE plpgsql AS $b$
					BEGIN PERFORM public.planted_ran(%4$L);
						  RETURN $1 OPERATOR(pg_catalog.%5$s) $2::pg_catalog.oid; END $b$;
					CREATE FUNCTION %1$I.%6$I(pg_catalog.%3$I, pg_catalog.oid) RETURNS boolean LANGUAGE plpgsql AS $b$
					BEGIN PERFORM public.planted_ran(%7$L);
						  RETURN $1::pg_catalog.oid OPERATOR(pg_catalog.%5$s) $2; END $b$;
					CREATE OPERATOR %1$I.%5$s (LEFTARG = pg_catalog.oid, RIGHTARG = pg_catalog.%3$I, FUNCTION = %1$I.%2$I);
					CREATE OPERATOR %1$I.%5$s (LEFTARG = pg_catalog.%3$I, RIGHTARG = pg_catalog.oid, FUNCTION = %1$I.%6$I);$f$,
					nsp, 'planted_oid_' || reg || CASE op WHEN '=' THEN '_eq' ELSE '_ne' END, reg,
					nsp || '.' || op || '(oid, ' || reg || ')', op,
					'planted_' || reg || '_oid' || CASE op WHEN '=' THEN '_eq' ELSE '_ne' END,
					nsp || '.' || op || '(' || reg || ', oid)');
			END LOOP;
		END LOOP;
		-- look-alikes of functions the scripts call, closer to their
		-- arguments than pg_catalog's
		EXECUTE pg_catalog.format($f$
			CREATE FUNCTION %1$I.format(text, pg_catalog.regprocedure, pg_catalog.regrole) RETURNS text LANGUAGE plpgsql AS $b$
			BEGIN PERFORM public.planted_ran(%2$L); RETURN pg_catalog.format($1, $2, $3); END $b$;
			CREATE FUNCTION %1$I.format(text, pg_catalog.regprocedure, text) RETURNS text LANGUAGE plpgsql AS $b$
			BEGIN PERFORM public.planted_ran(%2$L); RETURN pg_catalog.format($1, $2, $3); END $b$;
			CREATE FUNCTION %1$I.array_to_string(pg_catalog.oid[], text) RETURNS text LANGUAGE plpgsql AS $b$
			BEGIN PERFORM public.planted_ran(%3$L); RETURN pg_catalog.array_to_string($1, $2); END $b$;
			CREATE FUNCTION %1$I.pg_get_userbyid(pg_catalog.regrole) RETURNS name LANGUAGE plpgsql AS $b$
			BEGIN PERFORM public.planted_ran(%4$L); RETURN pg_catalog.pg_get_userbyid($1); END $b$;
			CREATE FUNCTION %1$I.array_agg(pg_catalog.aclitem) RETURNS text LANGUAGE plpgsql AS $b$
			BEGIN PERFORM public.planted_ran(%5$L); RETURN ''; END $b$;
			CREATE FUNCTION %1$I.now() RETURNS pg_catalog.timestamptz LANGUAGE plpgsql AS $b$
			BEGIN PERFORM public.planted_ran(%6$L); RETURN pg_catalog.now(); END $b$;$f$,
			nsp, nsp || '.format', nsp || '.array_to_string', nsp || '.pg_get_userbyid',
			nsp || '.array_agg', nsp || '.now');
	END LOOP;
END $$;
SELECT pg_catalog.count(*) AS planted_operators FROM pg_catalog.pg_operator o
  JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) o.oprnamespace
 WHERE n.nspname OPERATOR(pg_catalog.=) ANY (ARRAY['public', 'plant']);
-- A cast between the types the scripts convert is not hers to make.
CREATE FUNCTION plant.reg_to_oid(pg_catalog.regprocedure) RETURNS pg_catalog.oid LANGUAGE sql AS 'SELECT 0::pg_catalog.oid';
CREATE CAST (pg_catalog.regprocedure AS pg_catalog.oid) WITH FUNCTION plant.reg_to_oid(pg_catalog.regprocedure);
-- The trap works: an unqualified "=" between oid and regclass is hers.
SELECT 0::pg_catalog.oid = 'pg_catalog.pg_class'::pg_catalog.regclass AS planted_equal;
SELECT what, super FROM public.planted_runs;
DELETE FROM public.planted_runs;
-- From scratch, into public and into her own schema, with her search_path.
SET search_path = public, plant;
CREATE EXTENSION snowflake;
SELECT extversion FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'snowflake';
DROP EXTENSION snowflake;
CREATE EXTENSION snowflake SCHEMA plant;
DROP EXTENSION snowflake;
-- From every released version.
CREATE EXTENSION snowflake VERSION '1.0';
ALTER EXTENSION snowflake UPDATE;
DROP EXTENSION snowflake;
CREATE EXTENSION snowflake VERSION '1.1' SCHEMA plant;
ALTER EXTENSION snowflake UPDATE;
DROP EXTENSION snowflake;
CREATE EXTENSION snowflake VERSION '1.2';
ALTER EXTENSION snowflake UPDATE TO '1.3';
ALTER EXTENSION snowflake UPDATE;
DROP EXTENSION snowflake;
CREATE EXTENSION snowflake VERSION '1.3' SCHEMA plant;
ALTER EXTENSION snowflake UPDATE;
SELECT extversion FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'snowflake';
DROP EXTENSION snowflake;
RESET search_path;
RESET ROLE;

-- The functions that run as a table's owner (src/owner.c) call PL/pgSQL
-- work that names the extension's objects by its schema's name, and
-- convert_key parses constraints again with that schema on its path.
-- Whoever can create objects in the schema, or owns it (and so may rename
-- it and create another of the old name, mid-call), could have objects of
-- hers run as the table's owner.  With the extension in her schema, a
-- superuser's call on the superuser's own tables refuses (42501), naming
-- her, before anything runs.
\set SHOW_CONTEXT never
SET ROLE regress_sf_planter;
CREATE SCHEMA ren;
CREATE EXTENSION snowflake SCHEMA ren;
RESET ROLE;
CREATE TABLE public.su_events (id ren.snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE public.su_keys (id bigint PRIMARY KEY);
SELECT ren.snowflake_create_partitions('public.su_events', '1 day', 0, as_of => '2026-06-01+00');
SELECT * FROM ren.snowflake_retire_partitions('public.su_events', '1 day');
SELECT * FROM ren.snowflake_convert_key('public.su_keys');
-- Nor can anyone call the PL/pgSQL work but through those (not PUBLIC's).
SET ROLE regress_sf_planter;
SELECT ren.snowflake_create_partitions_as_owner('public.su_events', '1 day', 0);
SELECT * FROM ren.snowflake_retire_partitions_as_owner('public.su_events', '1 day');
SELECT * FROM ren.snowflake_convert_key_as_owner('public.su_keys');
RESET ROLE;
-- Once the schema is a superuser's and only she can create objects in
-- it, they run.  And should a superuser rename it and put look-alikes
-- under the old name, the work refuses (55000) before it calls any.
ALTER SCHEMA ren OWNER TO CURRENT_USER;
SELECT ren.snowflake_create_partitions('public.su_events', '1 day', 0, as_of => '2026-06-01+00');
ALTER SCHEMA ren RENAME TO ren_real;
CREATE SCHEMA ren;
CREATE DOMAIN ren.snowflake AS ren_real.snowflake;
CREATE FUNCTION ren.snowflake_floor(timestamptz) RETURNS ren_real.snowflake LANGUAGE plpgsql AS $$
BEGIN PERFORM public.planted_ran('ren.snowflake_floor'); RETURN ren_real.snowflake_floor($1); END $$;
CREATE FUNCTION ren.snowflake_partitioned_by_id(parent regclass, OUT nspoid oid, OUT nsp name, OUT rel name,
	OUT owner_oid oid, OUT defid oid, OUT keyname name) LANGUAGE plpgsql AS $$
BEGIN
	PERFORM public.planted_ran('ren.snowflake_partitioned_by_id');
	SELECT * INTO nspoid, nsp, rel, owner_oid, defid, keyname FROM ren_real.snowflake_partitioned_by_id(parent);
END $$;
SELECT ren_real.snowflake_create_partitions('public.su_events', '1 day', 1, as_of => '2026-06-01+00');
SELECT * FROM ren_real.snowflake_retire_partitions('public.su_events', '1 day');
SELECT * FROM ren_real.snowflake_convert_key('public.su_keys');
SELECT pg_catalog.count(*) AS ran FROM public.planted_runs WHERE what LIKE 'ren.%';
DROP SCHEMA ren CASCADE;
ALTER SCHEMA ren_real RENAME TO ren;
DROP TABLE public.su_events, public.su_keys;
SET ROLE regress_sf_planter;
DROP EXTENSION snowflake;
RESET ROLE;
DROP SCHEMA ren;

-- The owner of the extension makes an operator of hers a member of it
-- (ALTER EXTENSION ADD) in a schema she may no longer create objects in.
-- A conversion would parse a CHECK (id > 0) again with that operator in
-- reach, and bind it: refused (42501), naming it; nothing changes.
CREATE SCHEMA sfx;
GRANT USAGE, CREATE ON SCHEMA sfx TO regress_sf_planter;
SET ROLE regress_sf_planter;
CREATE EXTENSION snowflake SCHEMA sfx;
CREATE FUNCTION sfx.planted_gt(sfx.snowflake, integer) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN PERFORM public.planted_ran('sfx.>(snowflake, integer)'); RETURN $1::bigint OPERATOR(pg_catalog.>) $2; END $$;
CREATE OPERATOR sfx.> (LEFTARG = sfx.snowflake, RIGHTARG = integer, FUNCTION = sfx.planted_gt);
ALTER EXTENSION snowflake ADD FUNCTION sfx.planted_gt(sfx.snowflake, integer);
ALTER EXTENSION snowflake ADD OPERATOR sfx.> (sfx.snowflake, integer);
RESET ROLE;
REVOKE CREATE ON SCHEMA sfx FROM regress_sf_planter;
CREATE TABLE public.su_checked (id bigint PRIMARY KEY CHECK (id > 0));
INSERT INTO public.su_checked VALUES (1);
SELECT * FROM sfx.snowflake_convert_key('public.su_checked');
SELECT pg_catalog.pg_get_constraintdef(k.oid), pg_catalog.format_type(a.atttypid, NULL)
  FROM pg_catalog.pg_constraint k
  JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) k.conrelid AND a.attname OPERATOR(pg_catalog.=) 'id'
 WHERE k.conrelid OPERATOR(pg_catalog.=) 'public.su_checked'::pg_catalog.regclass::pg_catalog.oid
   AND k.contype OPERATOR(pg_catalog.=) 'c';
SELECT pg_catalog.count(*) AS ran FROM public.planted_runs WHERE what LIKE 'sfx.%';
DROP TABLE public.su_checked;
SET ROLE regress_sf_planter;
DROP EXTENSION snowflake;
RESET ROLE;
DROP SCHEMA sfx;

-- Every role counts, not only those that log in: one that cannot still
-- acts through its SECURITY DEFINER functions, which could create objects
-- in the schema while a call waits for its locks.  A role with CREATE on
-- the extension's schema, and a role that can become it, are named, and a
-- superuser's call on her own table refuses; without them, it runs.
CREATE SCHEMA sfy;
CREATE EXTENSION snowflake SCHEMA sfy;
CREATE ROLE regress_sf_deployer;
CREATE ROLE regress_sf_deploys IN ROLE regress_sf_deployer;
GRANT CREATE ON SCHEMA sfy TO regress_sf_deployer;
CREATE TABLE public.su_k2 (id bigint PRIMARY KEY);
SELECT * FROM sfy.snowflake_convert_key('public.su_k2');
REVOKE CREATE ON SCHEMA sfy FROM regress_sf_deployer;
SELECT action FROM sfy.snowflake_convert_key('public.su_k2');
DROP TABLE public.su_k2;
DROP EXTENSION snowflake;
DROP SCHEMA sfy;
DROP ROLE regress_sf_deploys, regress_sf_deployer;

-- The check of doc/snowflake-security.md for such plants: operators and functions that take a
-- reg* type and belong to a role that is not a superuser.  It finds every
-- one planted here.  It runs with search_path = pg_catalog, so that the
-- plants it looks for cannot answer its own comparisons.
SET search_path = pg_catalog;
SELECT kind, count(*) FROM (
SELECT 'operator' AS kind, o.oid::regoperator::text AS object, r.rolname AS owner
  FROM pg_operator o JOIN pg_roles r ON r.oid = o.oprowner
 WHERE NOT r.rolsuper
   AND EXISTS (SELECT FROM pg_type t
                WHERE t.oid IN (o.oprleft, o.oprright) AND t.typname LIKE 'reg%'
                  AND t.typnamespace = 'pg_catalog'::regnamespace)
UNION ALL
SELECT 'function', p.oid::regprocedure::text, r.rolname
  FROM pg_proc p JOIN pg_roles r ON r.oid = p.proowner
 WHERE NOT r.rolsuper
   AND EXISTS (SELECT FROM pg_type t
                WHERE t.oid = ANY (p.proargtypes) AND t.typname LIKE 'reg%'
                  AND t.typnamespace = 'pg_catalog'::regnamespace)
) found GROUP BY kind ORDER BY kind;
RESET search_path;
-- Nothing planted ran as a superuser, and she is still a plain role.
SELECT pg_catalog.count(*) FILTER (WHERE super) AS ran_as_superuser FROM public.planted_runs;
SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname OPERATOR(pg_catalog.=) 'regress_sf_planter';
\c :regress_db
DROP DATABASE regress_sf_planted;
DROP ROLE regress_sf_planter;
