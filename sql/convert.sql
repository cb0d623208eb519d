--
-- convert: snowflake_convert_key turns an integer key (an identity, a
-- bigserial, a serial, a plain bigint) and every column that references
-- it into snowflake, in one transaction, or refuses and changes nothing.
--
SET timezone = 'UTC';
\set SHOW_CONTEXT never
CREATE SCHEMA cv;
SET search_path = cv, public;

-- What must not change when a conversion is refused: every column's type,
-- default and identity, the sequences, constraints (and whether they are
-- valid) and indexes of the schema.
CREATE FUNCTION cv_state() RETURNS text LANGUAGE sql AS $$
	SELECT md5(string_agg(item, E'\n' ORDER BY item)) FROM (
		SELECT format('%s.%s %s default %s identity %s', c.relname, a.attname,
					  format_type(a.atttypid, a.atttypmod), pg_get_expr(d.adbin, d.adrelid), a.attidentity) AS item
		  FROM pg_class c
		  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		  LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
		 WHERE c.relnamespace = 'cv'::regnamespace AND c.relkind IN ('r', 'p', 'v')
		UNION ALL
		SELECT format('%s %s', c.relkind, c.relname) FROM pg_class c
		 WHERE c.relnamespace = 'cv'::regnamespace AND c.relkind IN ('S', 'i', 'I')
		UNION ALL
		SELECT format('constraint %s on %s: %s valid %s', k.conname, k.conrelid::regclass,
					  pg_get_constraintdef(k.oid), k.convalidated)
		  FROM pg_constraint k WHERE k.connamespace = 'cv'::regnamespace) s
$$;

-- a <- b <- c: a has an identity and a self-reference, b a bigserial, c a
-- serial (integer) and an integer reference to b.  A view reads b.a_id.
CREATE TABLE cv.a (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	parent_id bigint REFERENCES cv.a (id),
	name text NOT NULL,
	CHECK (id > 0));
CREATE TABLE cv.b (
	id bigserial PRIMARY KEY,
	a_id bigint NOT NULL REFERENCES cv.a (id) ON DELETE CASCADE,
	n integer);
CREATE INDEX b_a_id_idx ON cv.b (a_id);
COMMENT ON CONSTRAINT b_a_id_fkey ON cv.b IS 'each b belongs to an a';
CREATE STATISTICS b_stats ON a_id, n FROM cv.b;
CREATE TABLE cv.c (
	id serial PRIMARY KEY,
	b_id integer REFERENCES cv.b (id) DEFERRABLE INITIALLY DEFERRED,
	note text);
CREATE VIEW cv.b_view AS SELECT id, a_id FROM cv.b;
INSERT INTO cv.a (name) SELECT 'a' || g FROM generate_series(1, 100) g;
UPDATE cv.a SET parent_id = id - 1 WHERE id > 1;
INSERT INTO cv.b (a_id, n) SELECT 1 + g % 100, g FROM generate_series(1, 300) g;
INSERT INTO cv.c (b_id, note) SELECT g, 'c' || g FROM generate_series(1, 300) g;
-- The ids and references of the chain, as a count and a checksum each.
CREATE FUNCTION cv_sums() RETURNS TABLE (tab text, n bigint, sum text) LANGUAGE sql AS $$
	SELECT 'a', count(*), md5(string_agg(format('%s:%s:%s', id, parent_id, name), ',' ORDER BY id)) FROM cv.a
	UNION ALL
	SELECT 'b', count(*), md5(string_agg(format('%s:%s:%s', id, a_id, n), ',' ORDER BY id)) FROM cv.b
	UNION ALL
	SELECT 'c', count(*), md5(string_agg(format('%s:%s:%s', id, b_id, note), ',' ORDER BY id)) FROM cv.c
$$;

-- A function that takes an a's id as an integer, and one whose body
-- names cv.a and calls it, as Pagila's film_in_stock calls
-- inventory_in_stock.  Bodies are text, not checked: the conversion lists
-- those that name a table it converts (cv_sums, below, too), and the
-- caller fails after it, until the callee takes an id.
CREATE FUNCTION cv.a_label(a_id bigint) RETURNS text LANGUAGE sql AS $$ SELECT 'a' || a_id $$;
CREATE FUNCTION cv.a_labels() RETURNS SETOF text LANGUAGE plpgsql AS $$
BEGIN
	RETURN QUERY SELECT cv.a_label(id) FROM cv.a ORDER BY id LIMIT 2;
END $$;
SELECT * FROM cv.a_labels();

CREATE TEMP TABLE sums_before AS SELECT * FROM cv_sums();
SELECT * FROM sums_before ORDER BY tab;

-- A view on a converted column: refused, naming it, and nothing changes.
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.a');
SELECT * FROM snowflake_convert_key('cv.a', dry_run => true);
SELECT cv_state() = :'state' AS unchanged;
DROP VIEW cv.b_view;

-- A dry run says what would change, and changes nothing.
SELECT cv_state() AS state \gset
CREATE TEMP TABLE plan AS SELECT * FROM snowflake_convert_key('cv.a', dry_run => true);
SELECT cv_state() = :'state' AS unchanged;

-- Converting a takes a.parent_id (it references a.id) and b.a_id along.
CREATE TEMP TABLE done AS SELECT * FROM snowflake_convert_key('cv.a');
SELECT * FROM done;
-- the dry run said exactly this
SELECT (SELECT string_agg(p::text, ';' ORDER BY p::text) FROM plan p)
     = (SELECT string_agg(d::text, ';' ORDER BY d::text) FROM done d) AS as_planned;
-- a is done: converting it again is refused
SELECT * FROM snowflake_convert_key('cv.a');
-- the function it listed fails until fixed by hand
SELECT * FROM cv.a_labels();
DROP FUNCTION cv.a_label(bigint);
CREATE FUNCTION cv.a_label(a_id snowflake) RETURNS text LANGUAGE sql AS $$ SELECT 'a' || a_id $$;
SELECT * FROM cv.a_labels();
DROP FUNCTION cv.a_labels(), cv.a_label(snowflake);

-- b (a bigserial; c.b_id, an integer, references it) and c (a serial).
SELECT * FROM snowflake_convert_key('cv.b', 'id');
SELECT * FROM snowflake_convert_key('cv.c');

-- The columns, defaults and sequences now.
SELECT a.attrelid::regclass AS tab, a.attname, format_type(a.atttypid, a.atttypmod) AS type,
	   pg_get_expr(d.adbin, d.adrelid) AS "default", a.attidentity AS identity, a.attnotnull AS notnull
  FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE a.attrelid IN ('cv.a'::regclass, 'cv.b'::regclass, 'cv.c'::regclass) AND a.attnum > 0
 ORDER BY a.attrelid::regclass::text, a.attnum;
SELECT count(*) AS sequences_left FROM pg_class WHERE relnamespace = 'cv'::regnamespace AND relkind = 'S';
-- The constraints: the same definitions, all valid, the comment kept.
SELECT conrelid::regclass AS tab, conname, contype, pg_get_constraintdef(oid) AS definition, convalidated,
	   obj_description(oid, 'pg_constraint') AS comment
  FROM pg_constraint WHERE connamespace = 'cv'::regnamespace AND contype IN ('p', 'f', 'c')
 ORDER BY conrelid::regclass::text, conname;
-- The indexes: rebuilt with the default class of ids.
SELECT x.indexrelid::regclass AS index, o.opcname
  FROM pg_index x, unnest(x.indclass::oid[]) AS k(opc), pg_opclass o
 WHERE o.oid = k.opc AND x.indrelid IN ('cv.a'::regclass, 'cv.b'::regclass, 'cv.c'::regclass)
 ORDER BY x.indexrelid::regclass::text;

-- The same rows: counts and checksums before and after.
SELECT s.tab, s.n, s.sum = b.sum AS same_sum, s.n = b.n AS same_count
  FROM cv_sums() s JOIN sums_before b USING (tab) ORDER BY tab;

-- The foreign keys still hold.
INSERT INTO cv.b (a_id, n) VALUES ('999', 0);
BEGIN;
INSERT INTO cv.c (b_id, note) VALUES ('999', 'deferred');
COMMIT;
UPDATE cv.a SET parent_id = '12345' WHERE id = '5';
BEGIN;
DELETE FROM cv.a WHERE id = '100';
SELECT count(*) AS b_rows_of_a_100 FROM cv.b WHERE a_id = '100';
ROLLBACK;
-- the CHECK (id > 0) still works
SELECT count(*) AS ids_above_0 FROM cv.a WHERE id > 0;

-- A new row in each table gets a snowflake id: after every old id, minted now.
INSERT INTO cv.a (name) VALUES ('new');
INSERT INTO cv.b (a_id, n) SELECT id, -1 FROM cv.a WHERE name = 'new';
INSERT INTO cv.c (b_id, note) SELECT id, 'new' FROM cv.b WHERE n = -1;
SELECT t.tab, t.id > t.old_max AS after_every_old_id,
	   snowflake_timestamp(t.id) BETWEEN now() - interval '1 minute' AND clock_timestamp() AS minted_now
  FROM (SELECT 'a' AS tab, (SELECT id FROM cv.a WHERE name = 'new') AS id, (SELECT max(id) FROM cv.a WHERE name <> 'new') AS old_max
		UNION ALL
		SELECT 'b', (SELECT id FROM cv.b WHERE n = -1), (SELECT max(id) FROM cv.b WHERE n <> -1)
		UNION ALL
		SELECT 'c', (SELECT id FROM cv.c WHERE note = 'new'), (SELECT max(id) FROM cv.c WHERE note <> 'new')) t
 ORDER BY 1;
-- An old id's timestamp means nothing: every one is near the epoch.
SELECT min(snowflake_timestamp(id)) AS oldest, max(snowflake_timestamp(id)) AS newest_old
  FROM cv.a WHERE name <> 'new';
-- The ids minted since the conversion, through the primary key.
SELECT count(*) AS new_since_conversion FROM cv.a WHERE id >= now() - interval '1 hour';

--
-- Refusals.  Each leaves the schema as it was.
--
SELECT cv_state() AS state \gset
-- not a table, no such column
SELECT * FROM snowflake_convert_key('pg_catalog.pg_class', 'oid');
CREATE VIEW cv.v AS SELECT 1::bigint AS id;
SELECT * FROM snowflake_convert_key('cv.v');
DROP VIEW cv.v;
SELECT * FROM snowflake_convert_key('cv.a', 'nope');
SELECT * FROM snowflake_convert_key('cv.a', 'name');
SELECT cv_state() = :'state' AS unchanged;

-- a negative value, in the key or in a column that references it
CREATE TABLE cv.neg (id bigserial PRIMARY KEY);
INSERT INTO cv.neg VALUES (1), (-1);
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.neg');
SELECT cv_state() = :'state' AS unchanged;
DELETE FROM cv.neg WHERE id = -1;
CREATE TABLE cv.negref (r integer);
INSERT INTO cv.negref VALUES (1), (-7);
ALTER TABLE cv.negref ADD FOREIGN KEY (r) REFERENCES cv.neg (id) NOT VALID;
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.neg');
SELECT cv_state() = :'state' AS unchanged;
DROP TABLE cv.negref, cv.neg;

-- a type that is not an integer
CREATE TABLE cv.num (id numeric PRIMARY KEY);
CREATE TABLE cv.numref (id bigint PRIMARY KEY, s smallint);
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.num');
SELECT cv_state() = :'state' AS unchanged;
-- smallint is an integer: it converts
SELECT * FROM snowflake_convert_key('cv.numref', 's');
DROP TABLE cv.num, cv.numref;

-- a value at or above the first id of now would collide with ids minted later
CREATE TABLE cv.huge (id bigint PRIMARY KEY);
INSERT INTO cv.huge VALUES (1), (9000000000000000000);
SELECT cv_state() AS state \gset
\set VERBOSITY terse
SELECT * FROM snowflake_convert_key('cv.huge');
\set VERBOSITY default
SELECT cv_state() = :'state' AS unchanged;
-- the bound is snowflake_floor(now()): one below converts, the first id of now does not
DELETE FROM cv.huge WHERE id > 1;
BEGIN;
INSERT INTO cv.huge SELECT snowflake_floor(now())::bigint;
SELECT sf_try($$SELECT count(*) FROM snowflake_convert_key('cv.huge')$$)
  = format('22003: column "id" of table cv.huge holds %s, which is not below the ids minted from now on',
		   snowflake_floor(now())) AS refused;
ROLLBACK;
BEGIN;
INSERT INTO cv.huge SELECT snowflake_floor(now())::bigint - 1;
SELECT action FROM snowflake_convert_key('cv.huge');
INSERT INTO cv.huge DEFAULT VALUES;
SELECT count(*) AS ids, count(*) FILTER (WHERE id >= snowflake_floor(now())) AS minted_now FROM cv.huge;
ROLLBACK;
-- a bigint column that already holds minted ids converts, and keeps their times
INSERT INTO cv.huge SELECT gen_snowflake()::bigint FROM generate_series(1, 3);
SELECT pg_sleep(0.05);	-- the next transaction's first id of now is above them
SELECT count(*) AS converted FROM snowflake_convert_key('cv.huge');
SELECT count(*) FILTER (WHERE snowflake_timestamp(id) > now() - interval '1 hour') AS minted_recently FROM cv.huge;
DROP TABLE cv.huge;

-- partitioned tables and partitions
CREATE TABLE cv.part (id bigint NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE cv.part_1 PARTITION OF cv.part FOR VALUES FROM (0) TO (1000);
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.part');
SELECT * FROM snowflake_convert_key('cv.part_1');
SELECT cv_state() = :'state' AS unchanged;
-- The way round (the reference's recipe): a new table partitioned by the
-- id, whose old rows go to a partition from MINVALUE to the first id of
-- now.  Old keys decode to 2024-01-01, so a partition by time would hold
-- them all in its first interval, and retiring by age would drop them
-- all; snowflake_retire_partitions never retires a MINVALUE partition.
INSERT INTO cv.part SELECT g FROM generate_series(1, 999) g;
BEGIN;
ALTER TABLE cv.part RENAME TO part_int;
CREATE TABLE cv.part (id snowflake NOT NULL DEFAULT gen_snowflake()) PARTITION BY RANGE (id);
DO $$
BEGIN
	EXECUTE format('CREATE TABLE cv.part_before PARTITION OF cv.part FOR VALUES FROM (MINVALUE) TO (%L)',
				   snowflake_floor(date_trunc('day', now(), 'UTC')));
END
$$;
SELECT count(*) AS created FROM snowflake_create_partitions('cv.part', '1 day', 1);
INSERT INTO cv.part SELECT id FROM cv.part_int;
DROP TABLE cv.part_int;
COMMIT;
INSERT INTO cv.part DEFAULT VALUES;
SELECT tableoid = 'cv.part_before'::regclass AS before, count(*) FROM cv.part GROUP BY 1 ORDER BY 1;
SELECT count(*) AS dropped FROM snowflake_retire_partitions('cv.part', '0 days', 'drop', as_of => now() + interval '10 days');
SELECT tableoid = 'cv.part_before'::regclass AS before, count(*) FROM cv.part GROUP BY 1 ORDER BY 1;
DROP TABLE cv.part;

-- inheritance, a parent or a child
CREATE TABLE cv.parent (id bigint PRIMARY KEY);
CREATE TABLE cv.child () INHERITS (cv.parent);
SELECT * FROM snowflake_convert_key('cv.parent');
SELECT * FROM snowflake_convert_key('cv.child');
DROP TABLE cv.parent CASCADE;

-- a referencing table partitioned by the referencing column: refused, naming
-- it and why (PostgreSQL changes no partition key's type)
CREATE TABLE cv.k (id bigint PRIMARY KEY);
CREATE TABLE cv.kp (k_id bigint REFERENCES cv.k (id)) PARTITION BY LIST (k_id);
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.k');
SELECT cv_state() = :'state' AS unchanged;
DROP TABLE cv.kp, cv.k;

-- A serial's sequence is dropped though another schema has a table and a
-- sequence of the same names (a schema per tenant): a default naming
-- tenant2.orders_id_seq names another sequence.
CREATE SCHEMA cv_t1;
CREATE SCHEMA cv_t2;
CREATE TABLE cv_t1.orders (id bigserial PRIMARY KEY);
CREATE TABLE cv_t2.orders (id bigserial PRIMARY KEY);
SELECT action, detail FROM snowflake_convert_key('cv_t1.orders') WHERE action = 'sequence';
SELECT to_regclass('cv_t1.orders_id_seq') AS t1_seq, to_regclass('cv_t2.orders_id_seq') AS t2_seq;
DROP SCHEMA cv_t1, cv_t2 CASCADE;

-- A partition attached with a serial of its own: its sequence goes with
-- the rest (its column is the key's), and a generic trigger function told
-- the key's name by an argument is listed.
CREATE TABLE cv.ap (id bigserial, at integer NOT NULL) PARTITION BY RANGE (at);
CREATE TABLE cv.ap_2 (id bigserial, at integer NOT NULL);
ALTER TABLE cv.ap ATTACH PARTITION cv.ap_2 FOR VALUES FROM (0) TO (10);
CREATE FUNCTION cv.ap_generic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM (pg_catalog.to_jsonb(NEW) ->> TG_ARGV[0])::integer;
	RETURN NEW;
END
$$;
CREATE TRIGGER ap_generic BEFORE INSERT ON cv.ap FOR EACH ROW EXECUTE FUNCTION cv.ap_generic('ID');
SELECT table_name, column_name, action, detail FROM snowflake_convert_key('cv.ap')
 WHERE action IN ('default', 'sequence', 'trigger');
SELECT to_regclass('cv.ap_id_seq') AS ap_seq, to_regclass('cv.ap_2_id_seq') AS ap_2_seq;
DROP TABLE cv.ap;
DROP FUNCTION cv.ap_generic();

-- Views dropped in the conversion's transaction (the reference's recipe)
-- hold their lock through its tries: the warning says so.
CREATE TABLE cv.vk (id bigserial PRIMARY KEY);
CREATE VIEW cv.vk_view AS SELECT id FROM cv.vk;
BEGIN;
DROP VIEW cv.vk_view;
SELECT count(*) FROM snowflake_convert_key('cv.vk');
CREATE VIEW cv.vk_view AS SELECT id FROM cv.vk;
COMMIT;
DROP TABLE cv.vk CASCADE;

-- A generated column anywhere in the database, even one on a table the
-- conversion does not touch, is no obstacle: its expression names
-- columns, and is not read as a default that could call the sequence.
CREATE TABLE cv.gen (a integer, b integer GENERATED ALWAYS AS (a * 2) STORED);
CREATE TABLE cv.gk (id bigserial PRIMARY KEY, n integer, twice integer GENERATED ALWAYS AS (n * 2) STORED);
INSERT INTO cv.gk (n) VALUES (1), (2);
SELECT table_name, column_name, action, detail FROM snowflake_convert_key('cv.gk', dry_run => true);
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.gk');
SELECT n, twice FROM cv.gk ORDER BY id;
DROP TABLE cv.gen, cv.gk;

-- Partitioned tables, on either side of a key.  cust and rent are plain;
-- pay is partitioned by time, one partition of it by time again, with a
-- default partition; each of its partitions has its copy of the nextval
-- default, and pay_def has a foreign key of its own, on one partition
-- only.  A trigger function names a converted column in its body.
CREATE TABLE cv.cust (id serial PRIMARY KEY, name text);
CREATE TABLE cv.rent (id bigserial PRIMARY KEY, cust_id integer NOT NULL REFERENCES cv.cust);
CREATE TABLE cv.pay (id bigserial, at timestamptz NOT NULL, cust_id integer NOT NULL REFERENCES cv.cust,
					 rent_id bigint REFERENCES cv.rent, amount numeric,
					 cents bigint GENERATED ALWAYS AS ((amount * 100)::bigint) STORED,
					 PRIMARY KEY (id, at)) PARTITION BY RANGE (at);
CREATE TABLE cv.pay_2025 PARTITION OF cv.pay FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE cv.pay_2026 PARTITION OF cv.pay FOR VALUES FROM ('2026-01-01') TO ('2027-01-01') PARTITION BY RANGE (at);
CREATE TABLE cv.pay_2026h1 PARTITION OF cv.pay_2026 FOR VALUES FROM ('2026-01-01') TO ('2026-07-01');
CREATE TABLE cv.pay_2026h2 PARTITION OF cv.pay_2026 FOR VALUES FROM ('2026-07-01') TO ('2027-01-01');
CREATE TABLE cv.pay_def PARTITION OF cv.pay DEFAULT;
CREATE TABLE cv.note (id bigserial PRIMARY KEY);
ALTER TABLE cv.pay ADD COLUMN note_id bigint;
ALTER TABLE cv.pay_def ADD FOREIGN KEY (note_id) REFERENCES cv.note;
INSERT INTO cv.cust (name) SELECT 'c' || g FROM generate_series(1, 4) g;
INSERT INTO cv.rent (cust_id) SELECT 1 + g % 4 FROM generate_series(1, 8) g;
INSERT INTO cv.note SELECT FROM generate_series(1, 3);
INSERT INTO cv.pay (at, cust_id, rent_id, amount, note_id)
SELECT timestamptz '2024-11-01' + g * interval '61 days', 1 + g % 4, g, g, CASE WHEN g > 6 THEN g - 6 END
  FROM generate_series(1, 8) g;
SELECT tableoid::regclass, id, at, cust_id, rent_id, cents, note_id FROM cv.pay ORDER BY id;
CREATE FUNCTION cv.pay_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	c integer := NEW.cust_id;
BEGIN
	RETURN NEW;
END
$$;
CREATE TRIGGER pay_check BEFORE INSERT OR UPDATE ON cv.pay FOR EACH ROW EXECUTE FUNCTION cv.pay_check();
-- a partition, at any depth: refused, naming the table at the top
SELECT * FROM snowflake_convert_key('cv.pay_2026h1');
-- the dry run lists every table of pay's tree, parent first then level by
-- level, and the trigger function; it changes nothing
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.cust', 'id', dry_run => true);
SELECT cv_state() = :'state' AS unchanged;
-- the trigger, once mended, and cust.id converts, with pay.cust_id in every
-- partition, the foreign key rebuilt on pay and cloned to each partition
CREATE OR REPLACE FUNCTION cv.pay_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RETURN NEW;
END
$$;
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.cust') WHERE action <> 'type';
-- unmended, such a trigger fails every write it runs on
CREATE FUNCTION cv.cust_cast() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM NEW.id::integer;
	RETURN NEW;
END
$$;
CREATE TRIGGER cust_cast BEFORE UPDATE ON cv.cust FOR EACH ROW EXECUTE FUNCTION cv.cust_cast();
\set VERBOSITY sqlstate
UPDATE cv.cust SET name = name WHERE id = 1;
\set VERBOSITY default
DROP TRIGGER cust_cast ON cv.cust;
DROP FUNCTION cv.cust_cast();
-- note: the foreign key on pay_def alone converts pay.note_id in the
-- whole tree, and comes back on pay_def alone
SELECT table_name, column_name, action, detail FROM snowflake_convert_key('cv.note') WHERE action IN ('type', 'foreign key');
-- rent, then pay's own key: defaults in every partition, sequence dropped
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.rent') WHERE action <> 'type';
SELECT table_name, column_name, action, detail FROM snowflake_convert_key('cv.pay') WHERE action IN ('default', 'sequence');
SELECT c.oid::regclass AS rel, a.attname, format_type(a.atttypid, NULL) AS type, pg_get_expr(d.adbin, d.adrelid) AS default
  FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE c.relnamespace = 'cv'::regnamespace AND c.relname ~ '^(pay|cust|rent|note)'
   AND c.relkind IN ('r', 'p') AND a.attname IN ('id', 'cust_id', 'rent_id', 'note_id')
 ORDER BY c.relname, a.attname;
SELECT conrelid::regclass, conname, confrelid::regclass, conparentid <> 0 AS clone, convalidated
  FROM pg_constraint WHERE contype = 'f' AND connamespace = 'cv'::regnamespace ORDER BY conrelid::regclass::text, conname;
SELECT count(*) AS sequences_left FROM pg_class WHERE relkind = 'S' AND relnamespace = 'cv'::regnamespace;
-- every row kept, ids and references as they were
SELECT tableoid::regclass, id, at, cust_id, rent_id, cents, note_id FROM cv.pay ORDER BY id;
-- a direct insert into a partition mints an id, as one through the parent does
INSERT INTO cv.pay_2026h2 (at, cust_id, rent_id, amount) VALUES ('2026-08-01', 1, 1, 1)
RETURNING id >= snowflake_floor(now() - interval '1 hour') AS minted;
INSERT INTO cv.pay (at, cust_id, rent_id, amount) VALUES ('2025-08-01', 2, 2, 2)
RETURNING id >= snowflake_floor(now() - interval '1 hour') AS minted;
-- the foreign keys still hold
INSERT INTO cv.pay (at, cust_id, amount) VALUES ('2025-08-01', 99, 1);
DROP TABLE cv.pay, cv.note, cv.rent, cv.cust;
DROP FUNCTION cv.pay_check();

-- A partitioned table's own key when the table is partitioned by it:
-- refused (cv.part above); when a partitioned table's key has a foreign
-- partition, the column changes in the foreign table's definition too, and
-- its rows are read through it (postgres_fdw, looped back to this
-- database).
CREATE EXTENSION postgres_fdw;
DO $$
BEGIN
	EXECUTE format('CREATE SERVER cv_loop FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname %L, port %L, host %L)',
				   current_database(), current_setting('port'),
				   split_part(current_setting('unix_socket_directories'), ',', 1));
END
$$;
CREATE USER MAPPING FOR CURRENT_USER SERVER cv_loop;
CREATE TABLE cv.ev_store (id bigint NOT NULL, at timestamptz NOT NULL);
CREATE TABLE cv.ev (id bigserial, at timestamptz NOT NULL) PARTITION BY RANGE (at);
CREATE INDEX ON cv.ev (id);
CREATE TABLE cv.ev_new PARTITION OF cv.ev FOR VALUES FROM ('2025-01-01') TO (MAXVALUE);
CREATE FOREIGN TABLE cv.ev_old PARTITION OF cv.ev FOR VALUES FROM (MINVALUE) TO ('2025-01-01')
	SERVER cv_loop OPTIONS (schema_name 'cv', table_name 'ev_store');
INSERT INTO cv.ev (at) VALUES ('2024-06-01'), ('2025-06-01');
SELECT table_name, column_name, action, detail FROM snowflake_convert_key('cv.ev');
SELECT c.oid::regclass AS rel, c.relkind, format_type(a.atttypid, NULL) AS type, pg_get_expr(d.adbin, d.adrelid) AS default
  FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id'
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE c.oid IN ('cv.ev'::regclass, 'cv.ev_new'::regclass, 'cv.ev_old'::regclass) ORDER BY c.relname;
INSERT INTO cv.ev (at) VALUES ('2024-07-01') RETURNING id >= snowflake_floor(now() - interval '1 hour') AS minted;
SELECT tableoid::regclass, id < 1000 AS old_id FROM cv.ev ORDER BY at;
DROP TABLE cv.ev, cv.ev_store;
DROP SERVER cv_loop CASCADE;
DROP EXTENSION postgres_fdw;

-- the key references a table that would stay bigint
CREATE TABLE cv.z (id bigint PRIMARY KEY);
CREATE TABLE cv.zext (id bigint PRIMARY KEY REFERENCES cv.z (id));
CREATE TABLE cv.zref (zext_id bigint REFERENCES cv.zext (id));
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.zext');
SELECT cv_state() = :'state' AS unchanged;
-- converting z takes zext.id along, and zref.zext_id with it (recursively)
SELECT * FROM snowflake_convert_key('cv.z');
DROP TABLE cv.zref, cv.zext, cv.z;

-- a rule, a trigger on UPDATE OF the column, a policy, a generated column:
-- all named at once
CREATE TABLE cv.r (id bigint PRIMARY KEY, twice bigint GENERATED ALWAYS AS (id * 2) STORED);
CREATE TABLE cv.rr (r_id bigint REFERENCES cv.r (id));
CREATE RULE no_negative AS ON UPDATE TO cv.rr WHERE new.r_id < 0 DO INSTEAD NOTHING;
CREATE FUNCTION cv.nothing() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER r_moved BEFORE UPDATE OF id ON cv.r FOR EACH ROW EXECUTE FUNCTION cv.nothing();
CREATE POLICY small ON cv.r USING (id < 1000);
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.r');
SELECT cv_state() = :'state' AS unchanged;
DROP TABLE cv.rr, cv.r;
DROP FUNCTION cv.nothing();

-- an isolation level whose snapshot could miss rows: refused, but a dry run is fine
CREATE TABLE cv.iso (id bigint PRIMARY KEY);
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT * FROM snowflake_convert_key('cv.iso');
ROLLBACK;
BEGIN ISOLATION LEVEL SERIALIZABLE;
SELECT * FROM snowflake_convert_key('cv.iso', dry_run => true);
ROLLBACK;
DROP TABLE cv.iso;

-- A sequence that something else still uses is kept.
CREATE TABLE cv.s1 (id bigserial PRIMARY KEY);
CREATE TABLE cv.s2 (id bigint PRIMARY KEY DEFAULT nextval('cv.s1_id_seq'));
SELECT * FROM snowflake_convert_key('cv.s1');
SELECT relname FROM pg_class WHERE relnamespace = 'cv'::regnamespace AND relkind = 'S';
DROP TABLE cv.s2, cv.s1;

-- Sequences that the key's default calls but the column does not own (no
-- OWNED BY: a schema made by hand, or Pagila's): dropped when only this
-- default used one, and said so, in the dry run too; kept, with the
-- reason, when another default uses it, or when another role owns it.
CREATE SEQUENCE cv.u1_seq;
CREATE TABLE cv.u1 (id integer PRIMARY KEY DEFAULT nextval('cv.u1_seq'));
INSERT INTO cv.u1 DEFAULT VALUES;
SELECT action, detail FROM snowflake_convert_key('cv.u1', dry_run => true) WHERE action = 'sequence';
SELECT action, detail FROM snowflake_convert_key('cv.u1') WHERE action IN ('default', 'sequence');
SELECT to_regclass('cv.u1_seq') AS u1_seq;
CREATE TABLE cv.u2 (id bigserial PRIMARY KEY);
CREATE TABLE cv.u3 (id bigint PRIMARY KEY DEFAULT nextval('cv.u2_id_seq'));
SELECT action, detail FROM snowflake_convert_key('cv.u3') WHERE action = 'sequence';
SELECT to_regclass('cv.u2_id_seq') AS u2_id_seq;
CREATE ROLE regress_sf_cv_seq;
CREATE SEQUENCE cv.u4_seq;
ALTER SEQUENCE cv.u4_seq OWNER TO regress_sf_cv_seq;
CREATE TABLE cv.u4 (id bigint PRIMARY KEY DEFAULT nextval('cv.u4_seq'));
SELECT action, detail FROM snowflake_convert_key('cv.u4') WHERE action = 'sequence';
SELECT to_regclass('cv.u4_seq') AS u4_seq;
DROP TABLE cv.u1, cv.u2, cv.u3, cv.u4;
DROP SEQUENCE cv.u4_seq;
DROP ROLE regress_sf_cv_seq;
-- Kept too: a sequence that another default names in a string (no
-- dependency recorded), another column's identity, an extension's member.
CREATE SEQUENCE cv.u5_seq;
CREATE TABLE cv.u5 (id bigint PRIMARY KEY DEFAULT nextval('cv.u5_seq'));
CREATE TABLE cv.u5text (n bigint DEFAULT nextval('cv.u5_seq'::text));
SELECT action, detail FROM snowflake_convert_key('cv.u5') WHERE action = 'sequence';
CREATE TABLE cv.u6i (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY);
CREATE TABLE cv.u6 (id bigint PRIMARY KEY DEFAULT nextval('cv.u6i_id_seq'));
SELECT action, detail FROM snowflake_convert_key('cv.u6') WHERE action = 'sequence';
CREATE SEQUENCE cv.u7_seq;
ALTER EXTENSION snowflake ADD SEQUENCE cv.u7_seq;
CREATE TABLE cv.u7 (id bigint PRIMARY KEY DEFAULT nextval('cv.u7_seq'));
SELECT action, detail FROM snowflake_convert_key('cv.u7') WHERE action = 'sequence';
ALTER EXTENSION snowflake DROP SEQUENCE cv.u7_seq;
SELECT count(*) AS kept FROM pg_class WHERE oid IN (to_regclass('cv.u5_seq'), to_regclass('cv.u6i_id_seq'), to_regclass('cv.u7_seq'));
DROP TABLE cv.u5, cv.u5text, cv.u6, cv.u6i, cv.u7;
DROP SEQUENCE cv.u5_seq, cv.u7_seq;
-- A name that ends another's is not that one: t9_id_seq is dropped though
-- subt9_id_seq's default names a sequence whose name ends with it.
CREATE TABLE cv.t9 (id bigserial PRIMARY KEY);
CREATE TABLE cv.subt9 (id bigserial PRIMARY KEY);
SELECT action, detail FROM snowflake_convert_key('cv.t9', dry_run => true) WHERE action = 'sequence';
DROP TABLE cv.t9, cv.subt9;
-- deadlock_timeout as ALTER ROLE may give it, in any form the server
-- reads: the conversion reads them too (the tries are half the smallest).
CREATE ROLE regress_sf_cv_dt;
ALTER ROLE regress_sf_cv_dt SET deadlock_timeout = '0x1F4';
ALTER ROLE regress_sf_cv_dt IN DATABASE postgres SET deadlock_timeout = '1e3';
CREATE TABLE cv.dt (id bigserial PRIMARY KEY);
SELECT count(*) AS planned FROM snowflake_convert_key('cv.dt', dry_run => true);
ALTER ROLE regress_sf_cv_dt SET deadlock_timeout = '1.4';
SELECT count(*) AS planned FROM snowflake_convert_key('cv.dt', dry_run => true);
ALTER ROLE regress_sf_cv_dt SET deadlock_timeout = '2min';
SELECT count(*) AS planned FROM snowflake_convert_key('cv.dt', dry_run => true);
DROP TABLE cv.dt;
DROP ROLE regress_sf_cv_dt;

-- The function's own string literals do not depend on the session's
-- standard_conforming_strings (a session of its own: a function is
-- compiled once per session).
CREATE TABLE cv.scs (id bigint PRIMARY KEY);
CREATE FUNCTION cv.scs_count() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM cv.scs $$;
\c -
SET timezone = 'UTC';
SET search_path = cv, public;
SET standard_conforming_strings = off;
SELECT action, detail FROM snowflake_convert_key('cv.scs', dry_run => true) WHERE action = 'function';
RESET standard_conforming_strings;
DROP FUNCTION cv.scs_count();
DROP TABLE cv.scs;

--
-- Privileges: the conversion runs as the owner of the table, for a caller
-- with the owner's privileges, and every table it alters must have that
-- owner.  A refusal leaves everything as it was.
--
CREATE ROLE regress_sf_cv_ann;
CREATE ROLE regress_sf_cv_ben;
GRANT USAGE, CREATE ON SCHEMA cv TO regress_sf_cv_ann, regress_sf_cv_ben;
SET ROLE regress_sf_cv_ann;
CREATE TABLE cv.o1 (id bigserial PRIMARY KEY, note text);
INSERT INTO cv.o1 (note) VALUES ('shown'), ('hidden');
GRANT REFERENCES ON cv.o1 TO regress_sf_cv_ben;
RESET ROLE;
SET ROLE regress_sf_cv_ben;
CREATE TABLE cv.o2 (o1_id bigint REFERENCES cv.o1 (id));
RESET ROLE;
SELECT cv_state() AS state \gset
SET ROLE regress_sf_cv_ann;
SELECT * FROM snowflake_convert_key('cv.o1');
SELECT * FROM snowflake_convert_key('cv.o1', dry_run => true);
RESET ROLE;
-- a superuser's conversion runs as ann too; refused within an exception
-- block, it leaves the session's user and search_path as they were
SELECT * FROM snowflake_convert_key('cv.o1');
DO $$ BEGIN
	PERFORM snowflake_convert_key('cv.o1');
EXCEPTION WHEN insufficient_privilege THEN
	RAISE NOTICE 'refused as %: %', current_user, SQLERRM;
END $$;
SELECT current_user, current_setting('search_path');
SELECT cv_state() = :'state' AS unchanged;
-- once ann owns both, it converts
ALTER TABLE cv.o2 OWNER TO regress_sf_cv_ann;
-- a policy that would hide rows from the owner's checks: an error, not a misread
SET ROLE regress_sf_cv_ann;
ALTER TABLE cv.o1 ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY shown ON cv.o1 USING (note = 'shown');
SELECT * FROM snowflake_convert_key('cv.o1');
ALTER TABLE cv.o1 NO FORCE ROW LEVEL SECURITY;
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.o1');
SELECT count(*) AS rows FROM cv.o1;
RESET ROLE;
DROP TABLE cv.o2, cv.o1;
REVOKE ALL ON SCHEMA cv FROM regress_sf_cv_ann, regress_sf_cv_ben;
DROP ROLE regress_sf_cv_ann, regress_sf_cv_ben;

-- The owner's code never runs with a caller's greater rights.  ALTER
-- COLUMN TYPE evaluates the table's CHECK constraints again over every
-- row; this one calls its owner's function, which records who ran it,
-- tries RESET ROLE (back to the session's role, a superuser here), and
-- makes its owner a superuser whenever it runs as one.  A superuser and a
-- member of the owner's role convert: the function runs as the owner, in
-- a security-restricted operation that refuses RESET ROLE.  A role
-- without the owner's privileges is refused, and so is a superuser who
-- calls the PL/pgSQL conversion directly, which would run it as herself.
CREATE ROLE regress_sf_cv_own;
CREATE ROLE regress_sf_cv_mem IN ROLE regress_sf_cv_own;
CREATE ROLE regress_sf_cv_out;
GRANT USAGE, CREATE ON SCHEMA cv TO regress_sf_cv_own;
GRANT USAGE ON SCHEMA cv TO regress_sf_cv_out;
SET ROLE regress_sf_cv_own;
CREATE TABLE cv.ran (who name, super boolean, reset_role text);
GRANT INSERT ON cv.ran TO PUBLIC;
-- (armed once the rows are in: here the session's role is a superuser,
-- and an owner's INSERT under SET ROLE is no place to test a trap)
CREATE TABLE cv.armed ();
GRANT SELECT ON cv.armed TO PUBLIC;
CREATE FUNCTION cv.own_check(v text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
	reset_role text := 'allowed';
BEGIN
	IF NOT EXISTS (SELECT FROM cv.armed) THEN
		RETURN true;
	END IF;
	BEGIN
		RESET ROLE;
	EXCEPTION WHEN OTHERS THEN
		reset_role := SQLSTATE || ': ' || SQLERRM;
	END;
	INSERT INTO cv.ran SELECT current_user, rolsuper, reset_role FROM pg_roles WHERE rolname = current_user;
	IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
		EXECUTE 'ALTER ROLE regress_sf_cv_own SUPERUSER';
	END IF;
	RETURN v <> '';
END $$;
CREATE TABLE cv.esc1 (id bigint PRIMARY KEY CHECK (cv.own_check(id::text)));
CREATE TABLE cv.esc2 (id bigint PRIMARY KEY CHECK (cv.own_check(id::text)));
INSERT INTO cv.esc1 VALUES (1), (2);
INSERT INTO cv.esc2 VALUES (1), (2);
INSERT INTO cv.armed DEFAULT VALUES;
RESET ROLE;
SELECT cv_state() AS state \gset
SET ROLE regress_sf_cv_out;
SELECT * FROM snowflake_convert_key('cv.esc1');
RESET ROLE;
SELECT * FROM snowflake_convert_key_as_owner('cv.esc1');
SELECT * FROM snowflake_convert_key_as_owner('cv.esc1', dry_run => true);
SELECT cv_state() = :'state' AS unchanged;
SELECT count(*) AS check_ran FROM cv.ran;
-- a superuser converts esc1, a member of the owner's role esc2
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.esc1');
SET ROLE regress_sf_cv_mem;
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.esc2');
RESET ROLE;
SELECT who, super, reset_role, count(*) FROM cv.ran GROUP BY 1, 2, 3;
SELECT rolsuper FROM pg_roles WHERE rolname = 'regress_sf_cv_own';
SELECT c.relname, pg_get_userbyid(c.relowner) AS owner, format_type(a.atttypid, NULL)
  FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id'
 WHERE c.oid IN ('cv.esc1'::regclass, 'cv.esc2'::regclass) ORDER BY 1;
-- the session is as it was: the caller's role, its search_path
SELECT current_user, current_setting('search_path');
DROP TABLE cv.esc1, cv.esc2, cv.ran, cv.armed;
DROP FUNCTION cv.own_check(text);
REVOKE ALL ON SCHEMA cv FROM regress_sf_cv_own, regress_sf_cv_out;
DROP ROLE regress_sf_cv_mem, regress_sf_cv_own, regress_sf_cv_out;

-- A login role that can create objects in the extension's schema could
-- plant an operator there (">(snowflake, integer)", which the extension
-- lacks) that the rebuilt CHECK would bind and run as the caller, on every
-- later write too: refused, naming the role, changing nothing.  Without it,
-- the CHECK compares with the extension's operator on bigint.
CREATE ROLE regress_sf_cv_mal LOGIN;
GRANT CREATE ON SCHEMA public TO regress_sf_cv_mal;
CREATE TABLE cv.hj (id bigint PRIMARY KEY CHECK (id > 0));
INSERT INTO cv.hj VALUES (1);
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.hj');
SELECT * FROM snowflake_convert_key('cv.hj', dry_run => true);
SELECT cv_state() = :'state' AS unchanged;
-- PUBLIC that can create there (every database created before PostgreSQL
-- 15, and one restored from such a dump): said, with the fix, and no
-- role listed
GRANT CREATE ON SCHEMA public TO PUBLIC;
SELECT * FROM snowflake_convert_key('cv.hj', dry_run => true);
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
REVOKE CREATE ON SCHEMA public FROM regress_sf_cv_mal;
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.hj');
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'cv.hj'::regclass AND contype = 'c';
DROP TABLE cv.hj;
DROP ROLE regress_sf_cv_mal;
-- ... nor while the schema holds a function or operator that such a role
-- made while it could: revoking CREATE leaves them there.
CREATE ROLE regress_sf_cv_eve LOGIN;
GRANT CREATE ON SCHEMA public TO regress_sf_cv_eve;
SET ROLE regress_sf_cv_eve;
CREATE FUNCTION public.cv_eve_gt(snowflake, integer) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE OPERATOR public.> (LEFTARG = snowflake, RIGHTARG = integer, FUNCTION = public.cv_eve_gt);
RESET ROLE;
REVOKE CREATE ON SCHEMA public FROM regress_sf_cv_eve;
CREATE TABLE cv.hj2 (id bigint PRIMARY KEY CHECK (id > 0));
SELECT cv_state() AS state \gset
SELECT * FROM snowflake_convert_key('cv.hj2');
SELECT cv_state() = :'state' AS unchanged;
DROP OPERATOR public.> (snowflake, integer);
DROP FUNCTION public.cv_eve_gt(snowflake, integer);
DROP ROLE regress_sf_cv_eve;
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.hj2');
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'cv.hj2'::regclass AND contype = 'c';
DROP TABLE cv.hj2;

-- A dry run that meets a view lists it and goes on: one call shows the
-- view, and the trigger and function notes after it; a real run refuses.
CREATE TABLE cv.vt (id serial PRIMARY KEY, v integer);
CREATE VIEW cv.vt_view AS SELECT id FROM cv.vt;
CREATE FUNCTION cv.vt_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN IF NEW.id IS NULL THEN RETURN NULL; END IF; RETURN NEW; END $$;
CREATE TRIGGER vt_check BEFORE INSERT ON cv.vt FOR EACH ROW EXECUTE FUNCTION cv.vt_check();
CREATE FUNCTION cv.vt_count() RETURNS bigint LANGUAGE sql AS 'SELECT count(*) FROM cv.vt';
SELECT cv_state() AS state \gset
SELECT table_name, column_name, action, detail FROM snowflake_convert_key('cv.vt', dry_run => true)
 WHERE action IN ('refused', 'trigger', 'function');
SELECT * FROM snowflake_convert_key('cv.vt');
SELECT cv_state() = :'state' AS unchanged;
DROP VIEW cv.vt_view;
DROP TABLE cv.vt;
DROP FUNCTION cv.vt_check(), cv.vt_count();

-- A column that holds a key's values without a foreign key (Pagila's
-- store.manager_staff_id holds staff.staff_id values) stays an integer:
-- a note says so, marked as a guess from its name, in a dry run and in a
-- real run; a column of a foreign key is converted, and not noted.
CREATE TABLE cv.staff (staff_id serial PRIMARY KEY);
CREATE TABLE cv.store (store_id serial PRIMARY KEY, manager_staff_id integer NOT NULL,
					   staff_id integer REFERENCES cv.staff, staffing integer);
INSERT INTO cv.staff DEFAULT VALUES;
INSERT INTO cv.store (manager_staff_id, staff_id) VALUES (1, 1);
SELECT table_name, column_name, action, detail FROM snowflake_convert_key('cv.staff', 'staff_id', dry_run => true)
 WHERE action = 'note';
SELECT table_name, column_name, action FROM snowflake_convert_key('cv.staff', 'staff_id');
SELECT attname, format_type(atttypid, NULL) FROM pg_attribute
 WHERE attrelid = 'cv.store'::regclass AND attname IN ('manager_staff_id', 'staff_id') ORDER BY 1;
DROP TABLE cv.store, cv.staff;

-- The functions: C that runs as the owner, and the PL/pgSQL conversion,
-- which acts as its caller with a pinned search_path; both STRICT.
SELECT p.oid::regprocedure, l.lanname, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef, p.proconfig
  FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
 WHERE p.proname IN ('snowflake_convert_key', 'snowflake_convert_key_as_owner') ORDER BY 1::text;
SELECT count(*) AS rows_for_null FROM snowflake_convert_key(NULL);
SELECT count(*) AS rows_for_null FROM snowflake_convert_key_as_owner(NULL);

RESET search_path;
SET client_min_messages = warning;
DROP SCHEMA cv CASCADE;
RESET client_min_messages;
