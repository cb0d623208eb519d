--
-- schema: a non-superuser installs the trusted extension into a schema of
-- its own, outside the search_path, and every object still works
--
SET client_min_messages = warning;
SET timezone = 'UTC';
DROP EXTENSION snowflake CASCADE;
RESET client_min_messages;

CREATE ROLE regress_sf_owner;
CREATE ROLE regress_sf_minter;
DO $$ BEGIN
	EXECUTE format('GRANT CREATE ON DATABASE %I TO regress_sf_owner', current_database());
END $$;

SET ROLE regress_sf_owner;
CREATE SCHEMA "Snow Flake";
CREATE SCHEMA app;
CREATE EXTENSION snowflake SCHEMA "Snow Flake";
SELECT extname, extversion, extnamespace::regnamespace, extowner::regrole
FROM pg_extension WHERE extname = 'snowflake';

-- The owner holds gen_snowflake(worker) with the grant option (1.3), and
-- passes it on.
GRANT USAGE ON SCHEMA "Snow Flake" TO regress_sf_minter;
GRANT EXECUTE ON FUNCTION "Snow Flake".gen_snowflake(integer) TO regress_sf_minter;
RESET ROLE;
SET ROLE regress_sf_minter;
SELECT "Snow Flake".snowflake_worker("Snow Flake".gen_snowflake(9)) AS worker;
RESET ROLE;
SET ROLE regress_sf_owner;

-- Nothing leaked into public.
SELECT count(*) AS in_public FROM pg_proc WHERE pronamespace = 'public'::regnamespace
  AND proname LIKE 'snowflake%';

-- With the schema off the search_path, qualified use works.
SET search_path = app;
CREATE TABLE t (id "Snow Flake".snowflake PRIMARY KEY);
INSERT INTO t VALUES (319545566822428714), ('9223372036854775808'), (0);
SELECT "Snow Flake".snowflake_timestamp(id), "Snow Flake".snowflake_worker(id)
FROM t WHERE id OPERATOR("Snow Flake".=) 319545566822428714;
SELECT "Snow Flake".min(id), "Snow Flake".max(id) FROM t;
SELECT id FROM t ORDER BY id USING OPERATOR("Snow Flake".>);
CREATE INDEX t_hash ON t USING hash (id);
CREATE INDEX t_brin ON t USING brin (id);
SELECT count(*) FROM t
WHERE id OPERATOR("Snow Flake".>=) "Snow Flake".snowflake_floor('2026-05-31 18:40:00+00')
  AND id OPERATOR("Snow Flake".<=) "Snow Flake".snowflake_ceil('2026-05-31 18:40:00+00');
SELECT "Snow Flake".make_snowflake('2026-05-31 18:40:00+00', 7, 42);
SELECT to_json('319545566822428714'::"Snow Flake".snowflake);

-- And on the search_path, unqualified.
SET search_path = "Snow Flake", app;
SELECT min(id), max(id) FROM t WHERE id < 319545566822428715;
SELECT amvalidate(oid) FROM pg_opclass WHERE opcintype = 'snowflake'::regtype;

RESET search_path;
DROP TABLE app.t;
DROP SCHEMA app;
DROP EXTENSION snowflake;
DROP SCHEMA "Snow Flake";
RESET ROLE;
DO $$ BEGIN
	EXECUTE format('REVOKE CREATE ON DATABASE %I FROM regress_sf_owner', current_database());
END $$;
DROP ROLE regress_sf_owner, regress_sf_minter;
