
-- 8. snowflake_convert_key(tbl, col, dry_run): a bigint key (plain,
-- bigserial or an identity) becomes a snowflake key, with every column
-- that references it, in one transaction.
--
-- The columns converted are the key and, recursively, every column that
-- references one of them by a foreign key.  A column that references
-- something outside that set (the key itself referencing another table,
-- or a referencing column that also references a third table) is refused:
-- a foreign key from snowflake to integer cannot be implemented, and
-- converting that other column is a separate decision.  The foreign keys
-- are dropped and re-added from their definitions (and comments), so each
-- is validated once, against the converted columns; ALTER COLUMN TYPE
-- rebuilds the indexes, CHECK constraints and statistics objects.
--
-- The key's default becomes gen_snowflake().  An identity is dropped with
-- its sequence (an identity column must be an integer); the sequence a
-- bigserial owns is dropped too, unless something recorded still uses
-- it, so nextval() and currval() on it fail loudly instead of handing out
-- ids of 2024-01-01.  Existing values stay: they must lie in
-- [0, snowflake_floor(now())), so that they sort before every id minted
-- from now on and no minted id can ever equal one of them.
--
-- ALTER COLUMN TYPE evaluates code the table's owner wrote (CHECK
-- constraints, index expressions and predicates) over every row; run by
-- a superuser, or a member of the owner's role, that code would run with
-- the caller's greater rights.  So the conversion runs as the owner:
-- snowflake_convert_key (C, src/owner.c) checks that the caller has the
-- owner's privileges, then calls snowflake_convert_key_as_owner with the
-- owner's user id in a security-restricted operation, as VACUUM and
-- ANALYZE run index expressions.  snowflake_convert_key_as_owner runs as
-- its caller (no SECURITY DEFINER) and refuses unless that role owns
-- every table it would alter, before any lock is taken: called directly
-- by any other role, it would run the owners' code as that role.
--
-- Its search_path is pinned to pg_catalog: ALTER COLUMN TYPE re-parses
-- the definitions of the
-- indexes and constraints it rebuilds, and a CHECK (id > 0) on an id
-- needs the extension's operators, so the extension's schema is on the
-- path for those statements only.  row_security is off, so a table whose
-- policies would hide rows from the checks of its values raises an error
-- instead of being misread.
--
CREATE FUNCTION @extschema@.snowflake_convert_key_as_owner(
	tbl pg_catalog.regclass,
	col pg_catalog.name DEFAULT 'id',
	dry_run boolean DEFAULT false)
RETURNS TABLE (table_name pg_catalog.regclass, column_name pg_catalog.name,
			   action pg_catalog.text, detail pg_catalog.text)
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $convert$
DECLARE
	root_rel pg_catalog.oid := tbl;
	root_att pg_catalog.int2;
	root_kind "char";
	lockmode pg_catalog.text := CASE WHEN dry_run THEN 'ACCESS SHARE' ELSE 'ACCESS EXCLUSIVE' END;
	s_rel pg_catalog.oid[];				-- the columns converted: (s_rel[i], s_att[i])
	s_att pg_catalog.int2[];
	t_rel pg_catalog.oid[];				-- their tables
	k_rel pg_catalog.oid[];				-- the key's column in its table and in each
	k_att pg_catalog.int2[];			-- partition under it, at any depth
	o_rel pg_catalog.oid[];				-- the tables in the order they are locked
	rp_rel pg_catalog.oid[];			-- and reported: by the OID of their top, then as locked
	top_rel pg_catalog.oid[];			-- the tables that are no partition
	tr_rel pg_catalog.oid[];			-- each of their trees' tables, level by level,
	tr_top pg_catalog.oid[];			-- and its top
	p_rel pg_catalog.oid[];				-- the partitioned tables, altered without ONLY
	locked pg_catalog.oid[] := '{}';
	listed_fns pg_catalog.oid[] := '{}';	-- the functions of the trigger and function rows
	lock_rels pg_catalog.regclass[];	-- the locks, in the order taken, and their modes
	lock_modes pg_catalog.text[];
	e_from pg_catalog.oid[];			-- the foreign keys among the tables: e_from references e_to
	e_to pg_catalog.oid[];
	depth pg_catalog.int4[];
	changed boolean;
	lock_seqs pg_catalog.oid[];
	floor_id @extschema@.snowflake;
	fk_rel pg_catalog.oid[];			-- the foreign keys dropped and added again
	fk_name pg_catalog.name[];
	fk_def pg_catalog.text[];
	fk_note pg_catalog.text[];
	c_identity "char";
	k_def pg_catalog.text[];			-- the key's default in each of k_rel
	r record;
	c record;
	msg pg_catalog.text;
	lo bigint;
	hi bigint;
	seq pg_catalog.oid;
	seqs pg_catalog.oid[];
	seq_keep pg_catalog.text[];
	me pg_catalog.oid := (SELECT a.oid FROM pg_catalog.pg_roles a WHERE a.rolname = CURRENT_USER);
	ext_nsp pg_catalog.text := (SELECT t.typnamespace::pg_catalog.regnamespace::pg_catalog.text
								  FROM pg_catalog.pg_type t
								 WHERE t.oid = '@extschema@.snowflake'::pg_catalog.regtype);
BEGIN
	-- The schema that this body names by name must still be the
	-- extension's: the schema's owner could rename it and create another
	-- of the old name, whose functions the body would then call as the
	-- table's owner.
	IF pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid IS DISTINCT FROM
	   (SELECT e.extnamespace FROM pg_catalog.pg_extension e WHERE e.extname = 'snowflake') THEN
		RAISE EXCEPTION 'snowflake_convert_key refuses to run: the schema of the snowflake extension is no longer named %', '@extschema@'
			USING ERRCODE = '55000',
				  HINT = 'Rename the extension''s schema back.';
	END IF;
	floor_id := @extschema@.snowflake_floor(pg_catalog.now());
	IF NOT dry_run AND pg_catalog.current_setting('transaction_isolation') <> 'read committed' THEN
		RAISE EXCEPTION 'snowflake_convert_key must run at the READ COMMITTED isolation level'
			USING ERRCODE = 'invalid_transaction_state',
				  DETAIL = pg_catalog.format('This transaction is %s: the checks of the values would read a snapshot taken before the tables were locked, and could miss rows committed since.',
											 pg_catalog.upper(pg_catalog.current_setting('transaction_isolation'))),
				  HINT = 'Run it in a READ COMMITTED transaction, or with dry_run => true.';
	END IF;

	-- ALTER COLUMN TYPE parses the constraints, indexes and defaults it
	-- rebuilds again, with the extension's schema on the search_path.  An
	-- operator that another role created there (">(snowflake, integer)",
	-- say, which the extension lacks) would be bound into them and run as
	-- the owner, now and on every later write.  snowflake_convert_key
	-- (src/owner.c) refuses while a role other than the owner and
	-- superusers can create objects in that schema; this function, not
	-- granted to PUBLIC, is called through it.
	-- Nor may the schema already hold a function or operator that another
	-- role owns: one created while the schema was open stays there after
	-- CREATE is revoked, and the extension's owner can make hers members of
	-- the extension (ALTER EXTENSION ADD).  The extension's own are the
	-- superuser's who ran its scripts.
	SELECT pg_catalog.string_agg(x.obj, ', ' ORDER BY x.obj)
	  INTO msg
	  FROM (SELECT p.oid::pg_catalog.regprocedure::pg_catalog.text AS obj, p.proowner AS owner
			  FROM pg_catalog.pg_proc p
			 WHERE p.pronamespace = (SELECT t.typnamespace FROM pg_catalog.pg_type t
									  WHERE t.oid = '@extschema@.snowflake'::pg_catalog.regtype)
			UNION ALL
			SELECT o.oid::pg_catalog.regoperator::pg_catalog.text, o.oprowner
			  FROM pg_catalog.pg_operator o
			 WHERE o.oprnamespace = (SELECT t.typnamespace FROM pg_catalog.pg_type t
									  WHERE t.oid = '@extschema@.snowflake'::pg_catalog.regtype)) x
	  JOIN pg_catalog.pg_roles o ON o.oid = x.owner
	 WHERE NOT o.rolsuper AND o.rolname OPERATOR(pg_catalog.<>) CURRENT_USER;
	IF msg IS NOT NULL THEN
		RAISE EXCEPTION 'snowflake_convert_key refuses to run while the extension''s schema holds functions or operators of other roles'
			USING ERRCODE = 'insufficient_privilege',
				  DETAIL = pg_catalog.format('Owned by a role that is neither you nor a superuser: %s. The constraints and indexes a conversion rebuilds are parsed again with that schema on the search_path, where they could be chosen and would run as you.', msg),
				  HINT = 'Drop them or move them to another schema, or run the conversion as their owner.';
	END IF;

	SELECT k.relkind INTO root_kind FROM pg_catalog.pg_class k WHERE k.oid = root_rel;
	IF root_rel OPERATOR(pg_catalog.<) 16384 THEN	-- FirstNormalObjectId: refused before it is locked
		RAISE EXCEPTION 'cannot convert a key of system catalog %', tbl
			USING ERRCODE = 'feature_not_supported';
	ELSIF root_kind IS DISTINCT FROM 'r' AND root_kind IS DISTINCT FROM 'p' THEN
		RAISE EXCEPTION '"%" is not a table', tbl
			USING ERRCODE = 'wrong_object_type';
	END IF;
	-- A partition's column changes with its partitioned table's, from the
	-- top: ALTER COLUMN TYPE starts there, and converts every partition.
	-- (the parent and the top from core's pg_partition_ancestors and
	-- pg_partition_root; the partitions below a table from
	-- snowflake_partition_tree, the one reader of pg_inherits for them)
	SELECT x.relid INTO seq
	  FROM pg_catalog.pg_partition_ancestors(tbl) WITH ORDINALITY AS x(relid, n)
	 WHERE x.n OPERATOR(pg_catalog.=) 2
	   AND (SELECT k.relispartition FROM pg_catalog.pg_class k WHERE k.oid = root_rel);
	IF FOUND THEN
		RAISE EXCEPTION 'cannot convert table %: it is a partition of %', tbl, seq::pg_catalog.regclass
			USING ERRCODE = 'feature_not_supported',
				  HINT = pg_catalog.format('Convert the column of the partitioned table at the top, which converts it in every partition: snowflake_convert_key(%L, %L).',
										  pg_catalog.pg_partition_root(tbl)::pg_catalog.text, col);
	END IF;
	SELECT a.attnum INTO root_att FROM pg_catalog.pg_attribute a
	 WHERE a.attrelid = root_rel AND a.attname = col AND a.attnum > 0 AND NOT a.attisdropped;
	IF root_att IS NULL THEN
		RAISE EXCEPTION 'column "%" of relation "%" does not exist', col, tbl
			USING ERRCODE = 'undefined_column';
	END IF;

	-- The key's column in its table and in every partition under it (each
	-- has a default of its own, copied from the parent's or its own).
	SELECT pg_catalog.array_agg(x.relid ORDER BY x.relid), pg_catalog.array_agg(x.attnum ORDER BY x.relid)
	  INTO k_rel, k_att
	  FROM (WITH down(relid) AS (
				VALUES (root_rel)
				UNION ALL
				SELECT t.relid::pg_catalog.oid FROM @extschema@.snowflake_partition_tree(tbl) t
				  JOIN pg_catalog.pg_class k ON k.oid OPERATOR(pg_catalog.=) t.relid
				 WHERE k.relispartition)
			SELECT d.relid, a.attnum FROM down d
			  JOIN pg_catalog.pg_attribute a ON a.attrelid = d.relid AND a.attname = col AND NOT a.attisdropped) x;

	-- The sequences of the key: the one a serial owns (OWNED BY the
	-- column), and any its defaults call, owned or not (a serial made by
	-- hand, or restored without OWNED BY), the partitions' included; and
	-- whether each must be kept, and why.  Found before the locks, so that
	-- the tries lock only those it drops (a kept one, shared with another
	-- table, stays free).
	seqs := ARRAY(
		SELECT d.objid FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_class q ON q.oid = d.objid
		 WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
		   AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
		   AND d.refobjid = root_rel AND d.refobjsubid = root_att
		   AND d.deptype = 'a' AND q.relkind = 'S'
		UNION
		SELECT d.refobjid FROM pg_catalog.pg_depend d
		  JOIN pg_catalog.pg_attrdef ad ON ad.oid = d.objid
		  JOIN pg_catalog.pg_class q ON q.oid = d.refobjid
		 WHERE d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
		   AND (ad.adrelid, ad.adnum) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))
		   AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND q.relkind = 'S'
		ORDER BY 1);
	seq_keep := pg_catalog.array_fill(NULL::pg_catalog.text, ARRAY[COALESCE(pg_catalog.cardinality(seqs), 0)]);
	FOR k IN 1 .. COALESCE(pg_catalog.cardinality(seqs), 0) LOOP
		seq := seqs[k];
		-- what else uses it: defaults of other columns, views, functions
		SELECT pg_catalog.string_agg(pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid), ', '
									 ORDER BY pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid))
		  INTO msg
		  FROM pg_catalog.pg_depend d
		 WHERE d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.refobjid = seq
		   AND NOT (d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
					AND d.objid IN (SELECT ad.oid FROM pg_catalog.pg_attrdef ad
									 WHERE (ad.adrelid, ad.adnum) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))));
		-- another column that owns it, as a serial's or as its identity,
		-- or an extension it belongs to
		IF msg IS NULL THEN
			SELECT CASE WHEN d.deptype = 'e'
						THEN pg_catalog.format('a member of extension %I', (SELECT x.extname FROM pg_catalog.pg_extension x WHERE x.oid = d.refobjid))
						ELSE pg_catalog.format(CASE d.deptype WHEN 'i' THEN 'the identity of column %I of table %s' ELSE 'owned by column %I of table %s' END,
											   (SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = d.refobjid AND t.attnum = d.refobjsubid),
											   d.refobjid::pg_catalog.regclass) END
			  INTO msg
			  FROM pg_catalog.pg_depend d
			 WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.objid = seq
			   AND ((d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.deptype IN ('a', 'i')
					 AND (d.refobjid, d.refobjsubid) NOT IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att::pg_catalog.int4[]))))
					OR (d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.deptype = 'e'))
			 ORDER BY d.deptype, d.refobjid LIMIT 1;
		ELSE
			msg := 'used by ' || msg;
		END IF;
		-- a default of another column that names it in a string
		-- (nextval('s'::text)), which records no dependency
		IF msg IS NULL THEN
			-- (pg_get_expr with no relation takes no lock, and reads
			-- every default but a generated column's, which names
			-- columns and so needs its relation, and calls no sequence:
			-- a CASE, since SQL does not evaluate the conditions of a
			-- WHERE in the order written; the name is a whole string
			-- constant, with a schema or without, quoted or not, in any
			-- case)
			SELECT pg_catalog.format('named by the default of column %I of table %s', t.attname, ad.adrelid::pg_catalog.regclass)
			  INTO msg
			  FROM pg_catalog.pg_attrdef ad
			  JOIN pg_catalog.pg_attribute t ON t.attrelid = ad.adrelid AND t.attnum = ad.adnum
			 WHERE (ad.adrelid, ad.adnum) NOT IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))
			   AND CASE WHEN t.attgenerated = '' THEN pg_catalog.pg_get_expr(ad.adbin, 0) END OPERATOR(pg_catalog.~*)
				   -- (with the sequence's own schema, or none: the same name
				   -- in another schema is another sequence)
				   ('''("?'
					OPERATOR(pg_catalog.||) pg_catalog.regexp_replace((SELECT n.nspname FROM pg_catalog.pg_class q
																		 JOIN pg_catalog.pg_namespace n ON n.oid = q.relnamespace
																		WHERE q.oid = seq),
																	  '([^[:alnum:]_])', '\\\1', 'g')
					OPERATOR(pg_catalog.||) '"?\.)?"?'
					OPERATOR(pg_catalog.||) pg_catalog.regexp_replace((SELECT q.relname FROM pg_catalog.pg_class q WHERE q.oid = seq),
																	  '([^[:alnum:]_])', '\\\1', 'g')
					OPERATOR(pg_catalog.||) '"?''')
			 ORDER BY ad.adrelid, ad.adnum LIMIT 1;
		END IF;
		-- or another role, which the conversion, run as the table's owner,
		-- cannot drop it for
		IF msg IS NULL THEN
			SELECT pg_catalog.format('owned by role %I, not by the table''s owner', o.rolname)
			  INTO msg
			  FROM pg_catalog.pg_class q JOIN pg_catalog.pg_roles o ON o.oid = q.relowner
			 WHERE q.oid = seq AND q.relowner OPERATOR(pg_catalog.<>) me;
		END IF;
		seq_keep[k] := msg;
	END LOOP;

	-- Locks this transaction took before the call stay held while the
	-- tries wait, and a writer that waits for one can deadlock with them.
	IF NOT dry_run THEN
		-- (a relation this transaction dropped, a view dropped for the
		-- conversion say, is no longer in pg_class, and its lock counts)
		SELECT pg_catalog.string_agg(DISTINCT COALESCE(k.oid::pg_catalog.regclass::pg_catalog.text,
													   'a relation dropped in this transaction'), ', ')
		  INTO msg
		  FROM pg_catalog.pg_locks l LEFT JOIN pg_catalog.pg_class k ON k.oid OPERATOR(pg_catalog.=) l.relation
		 WHERE l.pid OPERATOR(pg_catalog.=) pg_catalog.pg_backend_pid() AND l.locktype = 'relation' AND l.granted
		   AND l.mode <> 'AccessShareLock' AND k.relpersistence IS DISTINCT FROM 't'
		   AND l.database OPERATOR(pg_catalog.=) (SELECT d.oid FROM pg_catalog.pg_database d
												   WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())
		   AND l.relation OPERATOR(pg_catalog.>=) 16384;	-- FirstNormalObjectId
		IF msg IS NOT NULL THEN
			RAISE WARNING 'snowflake_convert_key runs in a transaction that already holds locks on %', msg
				USING DETAIL = 'They stay held while it waits for its own locks, which it gives back after each try, so a transaction that waits for one of them while it holds a lock the conversion needs can deadlock with it, or make it give up.',
					  HINT = 'Convert each key in a transaction of its own, with nothing locked before it; for views dropped for it, see "Views around a conversion" in the reference.';
		END IF;
	END IF;

	-- The columns and their tables; the current user must be the owner of
	-- each (not a member of the owner's role, not a superuser: the owners'
	-- code must not run with more rights than theirs).  Then the locks, all
	-- in one call of snowflake_lock_relations (tries of half deadlock_timeout,
	-- settings restored, 55P03 naming the holders), in the order writers
	-- take them; then a look again once they are held, since a foreign key
	-- added before they were granted brings more tables, and another call
	-- for the longer list (the locks held are granted again at once).
	locked := '{}';
	LOOP
		-- A column that references one of the set by a foreign key of
		-- its own (not a partition's clone of its parent's, which
		-- goes with the parent's), and the same column in a
		-- partition and in a partitioned table, both ways: a
		-- partition's column has its parent's type, and a foreign
		-- key defined on one partition alone converts its whole
		-- partitioned table.
		WITH RECURSIVE s(relid, attnum) AS (
			VALUES (root_rel, root_att)
			UNION
			SELECT n.relid, n.attnum
			  FROM s, LATERAL (
					SELECT f.conrelid, f.conkey[k.i]
					  FROM pg_catalog.pg_constraint f, pg_catalog.generate_subscripts(f.confkey, 1) AS k(i)
					 WHERE f.contype = 'f' AND f.conparentid = 0
					   AND f.confrelid = s.relid AND f.confkey[k.i] = s.attnum
					UNION ALL
					-- (every table of its partition tree, the top included)
					SELECT b.attrelid, b.attnum
					  FROM pg_catalog.pg_attribute a,
						   LATERAL (SELECT COALESCE(pg_catalog.pg_partition_root(s.relid::pg_catalog.regclass)::pg_catalog.oid, s.relid) AS root) rt,
						   LATERAL (SELECT rt.root AS relid
									UNION ALL
									SELECT t.relid::pg_catalog.oid FROM @extschema@.snowflake_partition_tree(rt.root::pg_catalog.regclass) t
									  JOIN pg_catalog.pg_class k ON k.oid OPERATOR(pg_catalog.=) t.relid
									 WHERE k.relispartition) m,
						   pg_catalog.pg_attribute b
					 WHERE a.attrelid = s.relid AND a.attnum = s.attnum
					   AND b.attrelid = m.relid AND b.attrelid OPERATOR(pg_catalog.<>) s.relid
					   AND b.attname = a.attname AND NOT b.attisdropped) AS n(relid, attnum))
		SELECT pg_catalog.array_agg(s.relid ORDER BY s.relid, s.attnum),
			   pg_catalog.array_agg(s.attnum ORDER BY s.relid, s.attnum)
		  INTO s_rel, s_att FROM s;
		t_rel := ARRAY(SELECT DISTINCT u.relid FROM pg_catalog.unnest(s_rel) AS u(relid) ORDER BY u.relid);

		SELECT k.oid INTO r FROM pg_catalog.pg_class k
		 WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel)
		   AND k.relowner IS DISTINCT FROM me
		 ORDER BY k.oid LIMIT 1;
		IF FOUND THEN
			RAISE EXCEPTION 'must be owner of table %', r.oid::pg_catalog.regclass
				USING ERRCODE = 'insufficient_privilege',
					  DETAIL = pg_catalog.format('Converting %s.%I alters these tables: %s. Their constraints and indexes are evaluated again over every row, as %s, which must therefore own every one of them.',
								tbl, col,
								(SELECT pg_catalog.string_agg(u.relid::pg_catalog.regclass::pg_catalog.text, ', ' ORDER BY u.relid)
								   FROM pg_catalog.unnest(t_rel) AS u(relid)),
								CURRENT_USER),
					  HINT = 'Give the tables one owner (ALTER TABLE ... OWNER TO), and call snowflake_convert_key, which runs as that owner, as the owner, a member of its role, or a superuser.';
		END IF;

		-- (not EXIT WHEN, which pgspot cannot parse)
		IF t_rel OPERATOR(pg_catalog.<@) locked THEN
			EXIT;
		END IF;

		-- The lock order, the order writers take theirs: a table
		-- after the tables it references, as a transaction that
		-- writes a row and then the rows that reference it takes
		-- them (an INSERT of a referencing row alone takes its own
		-- table, then the referenced one's: that writer and the
		-- conversion can wait for each other crosswise, until a try
		-- gives up).  A table's depth is the longest chain of
		-- foreign keys that leads to it from a table that none
		-- references (found by relaxing each key until nothing
		-- changes, at most once per table, which also ends a cycle);
		-- the deepest go first.  A partition goes with the
		-- partitioned table at its top (its foreign keys are that
		-- table's), after it: parents before their partitions, level
		-- by level, in the order of find_all_inheritors, as a writer
		-- through the parent and ALTER TABLE take them.  The locks go
		-- by depth, then by the top's OID, then in that order.
		top_rel := ARRAY(SELECT k.oid FROM pg_catalog.pg_class k
						  WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel) AND NOT k.relispartition
						  ORDER BY k.oid);
		SELECT pg_catalog.array_agg(x.relid ORDER BY x.lvl, x.top, x.ord), pg_catalog.array_agg(x.top ORDER BY x.lvl, x.top, x.ord)
		  INTO tr_rel, tr_top
		  FROM (SELECT u.relid, u.relid AS top, 0 AS lvl, 0 AS ord FROM pg_catalog.unnest(top_rel) AS u(relid)
				UNION ALL
				SELECT t.relid::pg_catalog.oid, u.relid, t.level, t.ord
				  FROM pg_catalog.unnest(top_rel) AS u(relid),
					   @extschema@.snowflake_partition_tree(u.relid::pg_catalog.regclass) t
				  JOIN pg_catalog.pg_class k ON k.oid OPERATOR(pg_catalog.=) t.relid
				 WHERE k.relispartition) x;
		SELECT pg_catalog.array_agg(f.tfrom), pg_catalog.array_agg(f.tto)
		  INTO e_from, e_to
		  FROM (SELECT DISTINCT tr_top[pg_catalog.array_position(tr_rel, k.conrelid)] AS tfrom,
								tr_top[pg_catalog.array_position(tr_rel, k.confrelid)] AS tto
				  FROM pg_catalog.pg_constraint k
				 WHERE k.contype = 'f'
				   AND k.conrelid OPERATOR(pg_catalog.=) ANY (tr_rel)
				   AND k.confrelid OPERATOR(pg_catalog.=) ANY (tr_rel)) f
		 WHERE f.tfrom OPERATOR(pg_catalog.<>) f.tto;
		depth := pg_catalog.array_fill(0, ARRAY[pg_catalog.cardinality(top_rel)]);
		FOR n IN 1 .. pg_catalog.cardinality(top_rel) LOOP
			changed := false;
			FOR i IN 1 .. COALESCE(pg_catalog.cardinality(e_from), 0) LOOP
				IF depth[pg_catalog.array_position(top_rel, e_to[i])] OPERATOR(pg_catalog.<)
				   (depth[pg_catalog.array_position(top_rel, e_from[i])] OPERATOR(pg_catalog.+) 1) THEN
					depth[pg_catalog.array_position(top_rel, e_to[i])] :=
						depth[pg_catalog.array_position(top_rel, e_from[i])] OPERATOR(pg_catalog.+) 1;
					changed := true;
				END IF;
			END LOOP;
			IF NOT changed THEN
				EXIT;
			END IF;
		END LOOP;
		o_rel := ARRAY(
			SELECT x.relid
			  FROM ROWS FROM (pg_catalog.unnest(tr_rel), pg_catalog.unnest(tr_top)) WITH ORDINALITY AS x(relid, top, n)
			 WHERE x.relid OPERATOR(pg_catalog.=) ANY (t_rel)
			 ORDER BY depth[pg_catalog.array_position(top_rel, x.top)] DESC, x.top, x.n);
		rp_rel := ARRAY(
			SELECT x.relid
			  FROM ROWS FROM (pg_catalog.unnest(tr_rel), pg_catalog.unnest(tr_top)) WITH ORDINALITY AS x(relid, top, n)
			 WHERE x.relid OPERATOR(pg_catalog.=) ANY (t_rel)
			 ORDER BY x.top, x.n);

		-- The sequences the conversion drops (the identity's, and
		-- those found above that are not kept): locked with the
		-- tables, after them, so that DROP SEQUENCE at the end does
		-- not wait while the tables are held.
		lock_seqs := ARRAY(
			SELECT d.objid FROM pg_catalog.pg_depend d
			 WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
			   AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
			   AND d.refobjid = root_rel AND d.refobjsubid = root_att AND d.deptype = 'i'
			UNION
			SELECT u.seq FROM ROWS FROM (pg_catalog.unnest(seqs), pg_catalog.unnest(seq_keep)) AS u(seq, keep)
			 WHERE u.keep IS NULL
			ORDER BY 1);

		-- The list, in the order writers take locks: the tables in the order
		-- above, then the sequences, since an INSERT takes its table before
		-- the nextval() of its default takes the sequence (locking the
		-- sequence first made the conversion and serial inserters wait for
		-- each other crosswise until a try gave up).  A dry run takes ACCESS
		-- SHARE on the tables and no sequence.
		lock_rels := ARRAY(SELECT u.relid::pg_catalog.regclass FROM pg_catalog.unnest(o_rel) WITH ORDINALITY AS u(relid, n) ORDER BY u.n)
					 OPERATOR(pg_catalog.||)
					 ARRAY(SELECT s.relid::pg_catalog.regclass FROM pg_catalog.unnest(lock_seqs) AS s(relid)
							WHERE NOT dry_run ORDER BY s.relid);
		lock_modes := pg_catalog.array_fill(lockmode, ARRAY[pg_catalog.cardinality(o_rel)])
					  OPERATOR(pg_catalog.||)
					  pg_catalog.array_fill('ACCESS EXCLUSIVE'::pg_catalog.text,
											 ARRAY[pg_catalog.cardinality(lock_rels) OPERATOR(pg_catalog.-) pg_catalog.cardinality(o_rel)]);
		PERFORM @extschema@.snowflake_lock_relations(lock_rels, lock_modes, 'snowflake_convert_key');
		locked := t_rel OPERATOR(pg_catalog.||) lock_seqs;
	END LOOP;


	p_rel := ARRAY(SELECT k.oid FROM pg_catalog.pg_class k
					WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel) AND k.relkind = 'p');

	-- Refusals.  Nothing has changed yet.  Partitioned tables and their
	-- partitions are converted, a foreign table among them too; a table of
	-- inheritance that is not partitioning is not (ALTER COLUMN TYPE would
	-- convert its children, whose keys are not part of this one's), nor a
	-- partition that DETACH ... CONCURRENTLY left half detached, which
	-- ALTER TABLE on its parent no longer reaches.
	FOR r IN SELECT k.oid, k.relkind, k.relispartition,
					EXISTS (SELECT FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class ch ON ch.oid = i.inhrelid
							 WHERE (i.inhrelid = k.oid OR i.inhparent = k.oid) AND NOT ch.relispartition) AS inherits,
					(SELECT x.relid FROM pg_catalog.pg_partition_ancestors(k.oid::pg_catalog.regclass) WITH ORDINALITY AS x(relid, n)
					  WHERE x.n OPERATOR(pg_catalog.=) 2
						AND EXISTS (SELECT FROM @extschema@.snowflake_partition_tree(pg_catalog.pg_partition_root(k.oid::pg_catalog.regclass)) t
									 WHERE t.relid OPERATOR(pg_catalog.=) k.oid AND t.pending_detach)) AS detaching
			   FROM pg_catalog.pg_class k
			  WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel)
			  ORDER BY pg_catalog.array_position(rp_rel, k.oid) LOOP
		msg := CASE WHEN r.inherits THEN 'it has an inheritance parent or child'
					WHEN r.detaching IS NOT NULL THEN pg_catalog.format('it is being detached from %s', r.detaching::pg_catalog.regclass)
					WHEN r.relkind = 'f' AND r.relispartition THEN NULL
					WHEN r.relkind NOT IN ('r', 'p') THEN 'it is not a table' END;
		IF msg IS NULL AND pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
			EXECUTE 'SELECT ''it is distributed by Citus'' FROM pg_catalog.pg_dist_partition WHERE logicalrelid OPERATOR(pg_catalog.=) $1'
			   INTO msg USING r.oid;
		END IF;
		IF msg IS NOT NULL AND r.detaching IS NOT NULL THEN
			RAISE EXCEPTION 'cannot convert table %: %', r.oid::pg_catalog.regclass, msg
				USING ERRCODE = 'feature_not_supported',
					  DETAIL = pg_catalog.format('Converting %s.%I converts its column %I.', tbl, col,
												 (SELECT t.attname FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
												   JOIN pg_catalog.pg_attribute t ON t.attrelid = u.relid AND t.attnum = u.attnum
												  WHERE u.relid = r.oid ORDER BY u.attnum LIMIT 1)),
					  HINT = pg_catalog.format('Finish the detach first: ALTER TABLE %s DETACH PARTITION %s FINALIZE.',
											   r.detaching::pg_catalog.regclass, r.oid::pg_catalog.regclass);
		ELSIF msg IS NOT NULL AND r.oid OPERATOR(pg_catalog.=) root_rel THEN
			RAISE EXCEPTION 'cannot convert table %: %', r.oid::pg_catalog.regclass, msg
				USING ERRCODE = 'feature_not_supported';
		ELSIF msg IS NOT NULL THEN
			RAISE EXCEPTION 'cannot convert table %: %', r.oid::pg_catalog.regclass, msg
				USING ERRCODE = 'feature_not_supported',
					  DETAIL = pg_catalog.format('It references %s.%I, directly or through other foreign keys, or is a partition of a table that does.', tbl, col);
		END IF;
	END LOOP;

	-- PostgreSQL changes the type of no column of a partition key: a table
	-- partitioned by the key, or by a column that references it, keeps
	-- its integers.  (A column of the key, or one its expressions use,
	-- depends on its table: the table cannot lose it.)
	SELECT u.relid, t.attname INTO r
	  FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
	  JOIN pg_catalog.pg_partitioned_table p ON p.partrelid = u.relid
	  JOIN pg_catalog.pg_attribute t ON t.attrelid = u.relid AND t.attnum = u.attnum
	 WHERE u.attnum OPERATOR(pg_catalog.=) ANY (p.partattrs::pg_catalog.int2[])
		OR EXISTS (SELECT FROM pg_catalog.pg_depend d
					WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
					  AND d.objid = u.relid AND d.objsubid = u.attnum
					  AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
					  AND d.refobjid = u.relid AND d.refobjsubid = 0)
	 ORDER BY pg_catalog.array_position(rp_rel, u.relid) LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'cannot convert column "%" of table %: the table is partitioned by it', r.attname, r.relid::pg_catalog.regclass
			USING ERRCODE = 'feature_not_supported',
				  DETAIL = 'PostgreSQL cannot change the type of a column of a partition key.',
				  HINT = 'Create a table of the same columns partitioned by the column as a snowflake, move the rows into it, and convert the key there; see "Partitioned tables" in the reference.';
	END IF;

	FOR r IN SELECT u.relid, u.attnum, a.attname, a.atttypid, a.attidentity, a.attgenerated
			   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			  ORDER BY u.relid, u.attnum LOOP
		IF r.atttypid = '@extschema@.snowflake'::pg_catalog.regtype THEN
			RAISE EXCEPTION 'column "%" of table % is already of type snowflake', r.attname, r.relid::pg_catalog.regclass
				USING ERRCODE = 'datatype_mismatch';
		ELSIF r.atttypid NOT IN ('pg_catalog.int2'::pg_catalog.regtype, 'pg_catalog.int4'::pg_catalog.regtype,
								 'pg_catalog.int8'::pg_catalog.regtype) THEN
			RAISE EXCEPTION 'column "%" of table % is of type %, not an integer type', r.attname,
				r.relid::pg_catalog.regclass, pg_catalog.format_type(r.atttypid, NULL)
				USING ERRCODE = 'datatype_mismatch',
					  HINT = 'smallint, integer and bigint columns can be converted.';
		ELSIF r.attgenerated <> '' THEN
			RAISE EXCEPTION 'column "%" of table % is a generated column', r.attname, r.relid::pg_catalog.regclass
				USING ERRCODE = 'feature_not_supported';
		ELSIF r.attidentity <> '' AND (r.relid, r.attnum) IS DISTINCT FROM (root_rel, root_att) THEN
			RAISE EXCEPTION 'column "%" of table % is an identity column that references %.%', r.attname,
				r.relid::pg_catalog.regclass, tbl, pg_catalog.quote_ident(col)
				USING ERRCODE = 'feature_not_supported';
		END IF;
	END LOOP;

	-- A converted column that references a column staying as it is.
	SELECT f.conname, f.conrelid, f.conkey[k.i] AS attnum, f.confrelid, f.confkey[k.i] AS refattnum INTO r
	  FROM pg_catalog.pg_constraint f, pg_catalog.generate_subscripts(f.conkey, 1) AS k(i)
	 WHERE f.contype = 'f'
	   AND (f.conrelid, f.conkey[k.i]) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)))
	   AND (f.confrelid, f.confkey[k.i]) NOT IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)))
	 ORDER BY f.conrelid, f.conname LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'cannot convert column "%" of table %: its foreign key % references %.%, which would stay %',
			(SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = r.conrelid AND t.attnum = r.attnum), r.conrelid::pg_catalog.regclass,
			pg_catalog.quote_ident(r.conname), r.confrelid::pg_catalog.regclass,
			pg_catalog.quote_ident((SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = r.confrelid AND t.attnum = r.refattnum)),
			pg_catalog.format_type((SELECT a.atttypid FROM pg_catalog.pg_attribute a
									 WHERE a.attrelid = r.confrelid AND a.attnum = r.refattnum), NULL)
			USING ERRCODE = 'feature_not_supported',
				  HINT = pg_catalog.format('Convert %s.%s instead: that converts the columns referencing it too.',
										  r.confrelid::pg_catalog.regclass,
										  pg_catalog.quote_ident((SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = r.confrelid AND t.attnum = r.refattnum)));
	END IF;

	-- Objects that ALTER COLUMN TYPE cannot rebuild: views and rules,
	-- triggers naming the column, policies, generated columns, publication
	-- row filters, SQL-standard function bodies.  All are named at once:
	-- a real run refuses; a dry run lists each in a row of its own and goes
	-- on, so that one call shows the whole plan, notes included.
	SELECT pg_catalog.string_agg(x.what, E'\n' ORDER BY x.what) INTO msg
	  FROM (SELECT DISTINCT
				   CASE
				   WHEN d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass THEN
						(SELECT CASE WHEN w.rulename = '_RETURN' AND v.relkind = 'v' THEN 'view ' || v.oid::pg_catalog.regclass::pg_catalog.text
									 WHEN w.rulename = '_RETURN' AND v.relkind = 'm' THEN 'materialized view ' || v.oid::pg_catalog.regclass::pg_catalog.text
									 ELSE pg_catalog.format('rule %I on table %s', w.rulename, v.oid::pg_catalog.regclass) END
						   FROM pg_catalog.pg_rewrite w JOIN pg_catalog.pg_class v ON v.oid = w.ev_class
						  WHERE w.oid = d.objid)
				   WHEN d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass THEN
						(SELECT pg_catalog.format('generated column %I of table %s', g.attname, g.attrelid::pg_catalog.regclass)
						   FROM pg_catalog.pg_attrdef ad
						   JOIN pg_catalog.pg_attribute g ON g.attrelid = ad.adrelid AND g.attnum = ad.adnum
						  WHERE ad.oid = d.objid)
				   ELSE pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid) END
				   || pg_catalog.format(' uses column %I of table %s', (SELECT t.attname FROM pg_catalog.pg_attribute t WHERE t.attrelid = u.relid AND t.attnum = u.attnum),
										u.relid::pg_catalog.regclass) AS what
			  FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			  JOIN pg_catalog.pg_depend d
				ON d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
			   AND d.refobjid = u.relid AND d.refobjsubid = u.attnum
			 WHERE d.classid IN ('pg_catalog.pg_rewrite'::pg_catalog.regclass,
								 'pg_catalog.pg_trigger'::pg_catalog.regclass,
								 'pg_catalog.pg_policy'::pg_catalog.regclass,
								 'pg_catalog.pg_proc'::pg_catalog.regclass,
								 'pg_catalog.pg_publication_rel'::pg_catalog.regclass)
				OR (d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
					AND NOT EXISTS (SELECT FROM pg_catalog.pg_attrdef ad
									 WHERE ad.oid = d.objid AND ad.adrelid = u.relid AND ad.adnum = u.attnum))) AS x;
	IF msg IS NOT NULL AND dry_run THEN
		RETURN QUERY SELECT tbl, col, 'refused'::pg_catalog.text,
							x.what OPERATOR(pg_catalog.||) ': a real run refuses while it does; drop it, convert, and create it again'
					   FROM pg_catalog.unnest(pg_catalog.string_to_array(msg, E'\n')) AS x(what);
	ELSIF msg IS NOT NULL THEN
		RAISE EXCEPTION 'cannot convert %.%: other objects use the columns it converts', tbl, pg_catalog.quote_ident(col)
			USING ERRCODE = 'feature_not_supported',
				  DETAIL = msg,
				  HINT = 'Drop them, convert, and create them again.';
	END IF;

	-- The values: none negative, and all below the first id of now, so
	-- that every id minted from now on sorts after them and none equals one.
	-- (Each table that holds rows: a partitioned table holds none.)
	FOR r IN SELECT u.relid, a.attname
			   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			   JOIN pg_catalog.pg_class k ON k.oid = u.relid
			  WHERE k.relkind <> 'p'
			  ORDER BY pg_catalog.array_position(rp_rel, u.relid), u.attnum LOOP
		EXECUTE pg_catalog.format('SELECT pg_catalog.min(%1$I)::pg_catalog.int8, pg_catalog.max(%1$I)::pg_catalog.int8 FROM ONLY %2$s',
								  r.attname, r.relid::pg_catalog.regclass)
		   INTO lo, hi;
		IF lo < 0 THEN
			RAISE EXCEPTION 'column "%" of table % holds a negative value, %', r.attname, r.relid::pg_catalog.regclass, lo
				USING ERRCODE = 'numeric_value_out_of_range',
					  DETAIL = 'An id is never negative.';
		ELSIF hi OPERATOR(@extschema@.>=) floor_id THEN
			RAISE EXCEPTION 'column "%" of table % holds %, which is not below the ids minted from now on',
				r.attname, r.relid::pg_catalog.regclass, hi
				USING ERRCODE = 'numeric_value_out_of_range',
					  DETAIL = pg_catalog.format('Ids minted from now on start at %s, snowflake_floor(now()). A value at or above it would sort after ids minted later, and gen_snowflake() could one day mint it again.',
												 floor_id),
					  HINT = 'Every value must be below snowflake_floor(now()): the ids of a converted key are never handed out twice.';
		END IF;
	END LOOP;

	-- The plan: each row says what changes; a dry run stops at saying it.
	-- A row is returned by RETURN QUERY of the OUT parameters, not a bare
	-- RETURN NEXT, which pgspot's PL/pgSQL parser (libpg_query's, blind to
	-- OUT parameters) cannot read.
	-- Foreign keys first, dropped and kept for the end: each defined on a
	-- table, not the clones that PostgreSQL makes of a partitioned table's
	-- for each partition, and for each partition of a partitioned table
	-- referenced, which go and come back with it.  ONLY, where a table is
	-- no partitioned one (PostgreSQL refuses ONLY for the keys of those).
	SELECT pg_catalog.array_agg(f.conrelid ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname),
		   pg_catalog.array_agg(f.conname ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname),
		   pg_catalog.array_agg(pg_catalog.pg_get_constraintdef(f.oid) ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname),
		   pg_catalog.array_agg(pg_catalog.obj_description(f.oid, 'pg_constraint') ORDER BY pg_catalog.array_position(rp_rel, f.conrelid), f.conname)
	  INTO fk_rel, fk_name, fk_def, fk_note
	  FROM pg_catalog.pg_constraint f
	 WHERE f.contype = 'f' AND f.conparentid = 0
	   AND EXISTS (SELECT FROM pg_catalog.generate_subscripts(f.conkey, 1) AS k(i)
					WHERE (f.conrelid, f.conkey[k.i]) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)))
					   OR (f.confrelid, f.confkey[k.i]) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att))));
	FOR i IN 1 .. COALESCE(pg_catalog.array_length(fk_rel, 1), 0) LOOP
		IF NOT dry_run THEN
			EXECUTE pg_catalog.format('ALTER TABLE %s%s DROP CONSTRAINT %I',
									  CASE WHEN fk_rel[i] OPERATOR(pg_catalog.=) ANY (p_rel) THEN '' ELSE 'ONLY ' END,
									  fk_rel[i]::pg_catalog.regclass, fk_name[i]);
		END IF;
	END LOOP;

	-- The key's identity or default goes before its type changes: the
	-- table's and its partitions', each read first.
	SELECT a.attidentity INTO c_identity
	  FROM pg_catalog.pg_attribute a
	 WHERE a.attrelid = root_rel AND a.attnum = root_att;
	SELECT pg_catalog.array_agg(u.relid ORDER BY pg_catalog.array_position(rp_rel, u.relid)),
		   pg_catalog.array_agg(u.attnum ORDER BY pg_catalog.array_position(rp_rel, u.relid)),
		   pg_catalog.array_agg(pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) ORDER BY pg_catalog.array_position(rp_rel, u.relid))
	  INTO k_rel, k_att, k_def
	  FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
	  JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
	  LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid = u.relid AND ad.adnum = u.attnum
	 WHERE tr_top[pg_catalog.array_position(tr_rel, u.relid)] = root_rel AND a.attname = col;
	IF c_identity <> '' THEN
		table_name := tbl; column_name := col; action := 'identity';
		detail := pg_catalog.format('GENERATED %s AS IDENTITY dropped, with its sequence %s',
				CASE c_identity WHEN 'a' THEN 'ALWAYS' ELSE 'BY DEFAULT' END,
				(SELECT d.objid::pg_catalog.regclass FROM pg_catalog.pg_depend d
				  WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
					AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
					AND d.refobjid = root_rel AND d.refobjsubid = root_att AND d.deptype = 'i'));
		RETURN QUERY SELECT table_name, column_name, action, detail;
		IF NOT dry_run THEN
			EXECUTE pg_catalog.format('ALTER TABLE %s%s ALTER COLUMN %I DROP IDENTITY',
									  CASE WHEN root_kind = 'p' THEN '' ELSE 'ONLY ' END, tbl, col);
		END IF;
	END IF;
	-- the defaults, the partitions' too, go before the types change
	IF NOT dry_run AND EXISTS (SELECT FROM pg_catalog.pg_attrdef ad
								WHERE (ad.adrelid, ad.adnum) IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(k_rel), pg_catalog.unnest(k_att)))) THEN
		EXECUTE pg_catalog.format('ALTER TABLE %s%s ALTER COLUMN %I DROP DEFAULT',
								  CASE WHEN root_kind = 'p' THEN '' ELSE 'ONLY ' END, tbl, col);
	END IF;

	-- The types: what changes in each table, partitions included, said
	-- before any changes (a partitioned table's ALTER changes its
	-- partitions).
	FOR r IN SELECT DISTINCT u.relid, pg_catalog.array_position(rp_rel, u.relid) AS n
			   FROM pg_catalog.unnest(s_rel) AS u(relid)
			  ORDER BY 2 LOOP
		FOR c IN SELECT a.attname, pg_catalog.format_type(a.atttypid, NULL) AS typ
				   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
				   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
				  WHERE u.relid = r.relid ORDER BY u.attnum LOOP
			table_name := r.relid; column_name := c.attname; action := 'type';
			detail := c.typ || ' -> snowflake';
			RETURN QUERY SELECT table_name, column_name, action, detail;
		END LOOP;
		-- what ALTER COLUMN TYPE rebuilds: indexes (and the constraints
		-- they back), CHECK constraints, statistics objects
		FOR c IN SELECT 'index' AS what, pg_catalog.format('%I rebuilt', i.relname) AS note, i.relname AS name
				   FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid
				  WHERE x.indrelid = r.relid
					AND EXISTS (SELECT FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
								 WHERE u.relid = r.relid
								   AND (u.attnum OPERATOR(pg_catalog.=) ANY (x.indkey::pg_catalog.int2[])
										OR EXISTS (SELECT FROM pg_catalog.pg_depend d
													WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
													  AND d.objid = x.indexrelid
													  AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
													  AND d.refobjid = r.relid AND d.refobjsubid = u.attnum)))
				 UNION ALL
				 SELECT 'check', pg_catalog.format('%I rebuilt: %s', k.conname, pg_catalog.pg_get_constraintdef(k.oid)), k.conname
				   FROM pg_catalog.pg_constraint k
				  WHERE k.conrelid = r.relid AND k.contype = 'c'
					AND EXISTS (SELECT FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
								 WHERE u.relid = r.relid AND u.attnum OPERATOR(pg_catalog.=) ANY (k.conkey))
				 UNION ALL
				 SELECT 'statistics', pg_catalog.format('%I rebuilt', e.stxname), e.stxname
				   FROM pg_catalog.pg_statistic_ext e
				  WHERE e.stxrelid = r.relid
					AND EXISTS (SELECT FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
								 WHERE u.relid = r.relid
								   AND (u.attnum OPERATOR(pg_catalog.=) ANY (e.stxkeys::pg_catalog.int2[])
										OR EXISTS (SELECT FROM pg_catalog.pg_depend d
													WHERE d.classid = 'pg_catalog.pg_statistic_ext'::pg_catalog.regclass
													  AND d.objid = e.oid
													  AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
													  AND d.refobjid = r.relid AND d.refobjsubid = u.attnum)))
				 ORDER BY 1, 3 LOOP
			table_name := r.relid; column_name := NULL; action := c.what; detail := c.note;
			RETURN QUERY SELECT table_name, column_name, action, detail;
		END LOOP;
	END LOOP;
	-- Then one ALTER TABLE (one rewrite) per table that is no partition, in
	-- lock order; a partitioned table's converts its partitions, at every
	-- depth, and PostgreSQL takes it from there only.
	FOR r IN SELECT u.relid,
					pg_catalog.string_agg(pg_catalog.format('ALTER COLUMN %I TYPE @extschema@.snowflake', a.attname),
										  ', ' ORDER BY u.attnum) AS alters
			   FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum)
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			  WHERE u.relid OPERATOR(pg_catalog.=) ANY (top_rel) AND NOT dry_run
			  GROUP BY u.relid ORDER BY pg_catalog.array_position(o_rel, u.relid) LOOP
		-- the extension's schema on the path for this statement only
		-- (SET LOCAL lasts until this function returns, which puts back
		-- its own search_path; the next SET LOCAL does it at once)
		EXECUTE pg_catalog.format('SET LOCAL search_path = pg_catalog, %s, pg_temp', ext_nsp);
		EXECUTE pg_catalog.format('ALTER TABLE %s%s %s',
								  CASE WHEN r.relid OPERATOR(pg_catalog.=) ANY (p_rel) THEN '' ELSE 'ONLY ' END,
								  r.relid::pg_catalog.regclass, r.alters);
		SET LOCAL search_path = pg_catalog, pg_temp;
	END LOOP;

	-- The key's default, in its table and in every partition, whose copies
	-- would otherwise keep calling the sequence (and a direct insert into
	-- a partition would take an integer of 2024-01-01 as an id); and the
	-- sequence a bigserial owned.
	FOR k IN 1 .. pg_catalog.cardinality(k_rel) LOOP
		table_name := k_rel[k]; column_name := col; action := 'default';
		detail := COALESCE(k_def[k], CASE WHEN k_rel[k] = root_rel AND c_identity <> '' THEN 'identity' ELSE 'none' END)
				  || ' -> gen_snowflake()';
		RETURN QUERY SELECT table_name, column_name, action, detail;
	END LOOP;
	IF NOT dry_run THEN
		EXECUTE pg_catalog.format('ALTER TABLE %s%s ALTER COLUMN %I SET DEFAULT @extschema@.gen_snowflake()',
								  CASE WHEN root_kind = 'p' THEN '' ELSE 'ONLY ' END, tbl, col);
	END IF;
	FOR k IN 1 .. COALESCE(pg_catalog.cardinality(seqs), 0) LOOP
		seq := seqs[k];
		msg := seq_keep[k];
		table_name := tbl; column_name := col; action := 'sequence';
		IF msg IS NULL THEN
			detail := pg_catalog.format('%s dropped', seq::pg_catalog.regclass)
					  || CASE WHEN EXISTS (SELECT FROM pg_catalog.pg_depend d
											WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.objid = seq
											  AND d.deptype = 'a')
							  THEN ''
							  ELSE ': only this column''s default used it (it was not OWNED BY the column)' END;
			RETURN QUERY SELECT table_name, column_name, action, detail;
			IF NOT dry_run THEN
				EXECUTE pg_catalog.format('DROP SEQUENCE %s', seq::pg_catalog.regclass);
			END IF;
		ELSE
			detail := pg_catalog.format('%s kept: %s', seq::pg_catalog.regclass, msg);
			RETURN QUERY SELECT table_name, column_name, action, detail;
		END IF;
	END LOOP;

	-- The foreign keys again, each validated once against the new types.
	FOR i IN 1 .. COALESCE(pg_catalog.array_length(fk_rel, 1), 0) LOOP
		table_name := fk_rel[i]; column_name := NULL; action := 'foreign key';
		detail := pg_catalog.format('%I rebuilt: %s', fk_name[i], fk_def[i]);
		RETURN QUERY SELECT table_name, column_name, action, detail;
		IF NOT dry_run THEN
			EXECUTE pg_catalog.format('ALTER TABLE %s%s ADD CONSTRAINT %I %s',
									  CASE WHEN fk_rel[i] OPERATOR(pg_catalog.=) ANY (p_rel) THEN '' ELSE 'ONLY ' END,
									  fk_rel[i]::pg_catalog.regclass, fk_name[i], fk_def[i]);
			IF fk_note[i] IS NOT NULL THEN
				EXECUTE pg_catalog.format('COMMENT ON CONSTRAINT %I ON %s IS %L', fk_name[i], fk_rel[i]::pg_catalog.regclass, fk_note[i]);
			END IF;
		END IF;
	END LOOP;

	-- The trigger functions of the converted tables whose bodies name a
	-- converted column of the table (NEW.id::integer, or an integer
	-- variable that takes it), which every write would run and fail: a
	-- function body kept as text is neither checked nor recorded as a
	-- dependency.  A search of the text for the column's name as a word,
	-- in any case, quoted or not; a trigger a partition has as a clone of
	-- its parent's is its parent's.
	FOR r IN SELECT t.tgrelid, t.tgname, a.attname, t.tgfoid::pg_catalog.regprocedure::pg_catalog.text AS fn,
					t.tgfoid AS foid, p.proowner
			   FROM pg_catalog.pg_trigger t
			   JOIN pg_catalog.pg_proc p ON p.oid = t.tgfoid
			   JOIN pg_catalog.pg_language l ON l.oid = p.prolang
			   JOIN ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)) AS u(relid, attnum) ON u.relid = t.tgrelid
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = u.relid AND a.attnum = u.attnum
			  WHERE NOT t.tgisinternal AND t.tgparentid = 0
				AND l.lanname NOT IN ('internal', 'c')
				AND (p.prosrc OPERATOR(pg_catalog.~*)
						('(^|[^[:alnum:]_$])"?'
						 OPERATOR(pg_catalog.||) pg_catalog.regexp_replace(a.attname, '([^[:alnum:]_])', '\\\1', 'g')
						 OPERATOR(pg_catalog.||) '"?($|[^[:alnum:]_$])')
					 -- or a generic function, told the column by an argument
					 -- of the trigger (EXECUTE FUNCTION f('customer_id'))
					 OR pg_catalog.lower(a.attname) OPERATOR(pg_catalog.=) ANY (
						SELECT pg_catalog.lower(x.arg)
						  FROM pg_catalog.unnest(pg_catalog.string_to_array(pg_catalog.encode(t.tgargs, 'escape'), '\000')) AS x(arg)))
			  ORDER BY pg_catalog.array_position(rp_rel, t.tgrelid), t.tgname, u.attnum LOOP
		table_name := r.tgrelid; column_name := r.attname; action := 'trigger';
		detail := pg_catalog.format('trigger %I calls %s, whose body or arguments name the column and are not checked: fix what there still takes it as an integer',
									r.tgname, r.fn)
				  OPERATOR(pg_catalog.||) CASE WHEN r.proowner OPERATOR(pg_catalog.=) me THEN ''
											   ELSE pg_catalog.format('; it belongs to %I, so sessions that ran it before fail until it is created again', pg_catalog.pg_get_userbyid(r.proowner)) END;
		listed_fns := listed_fns OPERATOR(pg_catalog.||) r.foid;
		RETURN QUERY SELECT table_name, column_name, action, detail;
	END LOOP;

	-- Function bodies kept as text (PL/pgSQL, SQL, other languages) are
	-- neither checked nor recorded as dependencies: a variable, parameter
	-- or cast of the old integer type there may fail once the key is an
	-- id.  Those whose text names a converted table after FROM, JOIN,
	-- INTO, UPDATE, TABLE, ONLY or a comma, with its schema or without,
	-- are listed so they can be looked at.  A search of the text, not a
	-- parse: it can list a function that does not read the table, and miss
	-- one that builds the name.  Temporary functions, other sessions', are
	-- left out.
	FOR r IN SELECT k.oid AS relid, p.oid::pg_catalog.regprocedure::pg_catalog.text AS fn, p.oid AS foid, p.proowner
			   FROM pg_catalog.pg_class k, pg_catalog.pg_proc p
			   JOIN pg_catalog.pg_language l ON l.oid = p.prolang
			  WHERE k.oid OPERATOR(pg_catalog.=) ANY (t_rel)
				AND l.lanname NOT IN ('internal', 'c')
				AND p.pronamespace NOT IN ('pg_catalog'::pg_catalog.regnamespace, 'information_schema'::pg_catalog.regnamespace)
				AND NOT EXISTS (SELECT FROM pg_catalog.pg_namespace n
								 WHERE n.oid = p.pronamespace AND n.nspname OPERATOR(pg_catalog.~) '^pg_(toast_)?temp_')
				AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend e
								 WHERE e.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND e.objid = p.oid
								   AND e.deptype = 'e')
				-- the regular expression only where the name is in the text
				AND CASE WHEN pg_catalog.strpos(pg_catalog.lower(p.prosrc), pg_catalog.lower(k.relname)) OPERATOR(pg_catalog.>) 0
						 THEN p.prosrc OPERATOR(pg_catalog.~*)
							  ('(^|[^[:alnum:]_])(from|join|into|update|table|only|,)\s+("?[[:alnum:]_]+"?\.)?"?'
							   OPERATOR(pg_catalog.||) pg_catalog.regexp_replace(k.relname, '([^[:alnum:]_])', '\\\1', 'g')
							   OPERATOR(pg_catalog.||) '"?($|[^[:alnum:]_.])')
						 ELSE false END
			  ORDER BY k.oid, 2 LOOP
		table_name := r.relid; column_name := NULL; action := 'function';
		detail := pg_catalog.format('%s names the table in its body, which is not checked: fix what there still takes its ids as integers', r.fn)
				  OPERATOR(pg_catalog.||) CASE WHEN r.proowner OPERATOR(pg_catalog.=) me THEN ''
											   ELSE pg_catalog.format('; it belongs to %I, so sessions that ran it before fail until it is created again', pg_catalog.pg_get_userbyid(r.proowner)) END;
		listed_fns := listed_fns OPERATOR(pg_catalog.||) r.foid;
		RETURN QUERY SELECT table_name, column_name, action, detail;
	END LOOP;

	-- Columns that hold a key's values without a foreign key are not
	-- found by the walk above and stay integers (Pagila's
	-- store.manager_staff_id holds staff.staff_id values): an id minted
	-- later no longer fits them (22003).  A guess from names, marked as
	-- one: an integer column of another table, of no foreign key, whose
	-- name is the key's, or ends in _ and the key's (tbl_id for a key
	-- named id).  Partitions go with their parents; other sessions'
	-- temporary tables, system schemas and extensions' tables are left out.
	FOR r IN SELECT k.oid AS relid, a.attname, pg_catalog.format_type(a.atttypid, NULL) AS typ
			   FROM pg_catalog.pg_class k
			   JOIN pg_catalog.pg_attribute a ON a.attrelid = k.oid AND a.attnum > 0 AND NOT a.attisdropped
			   JOIN pg_catalog.pg_namespace n ON n.oid = k.relnamespace
			  WHERE k.relkind IN ('r', 'p', 'f') AND NOT k.relispartition
				AND a.atttypid IN ('pg_catalog.int2'::pg_catalog.regtype, 'pg_catalog.int4'::pg_catalog.regtype,
								   'pg_catalog.int8'::pg_catalog.regtype)
				AND n.nspname NOT IN ('pg_catalog', 'information_schema')
				AND n.nspname OPERATOR(pg_catalog.!~) '^pg_(toast_)?temp_'
				AND (k.oid, a.attnum) NOT IN (SELECT * FROM ROWS FROM (pg_catalog.unnest(s_rel), pg_catalog.unnest(s_att)))
				AND NOT EXISTS (SELECT FROM pg_catalog.pg_constraint f
								 WHERE f.contype = 'f' AND f.conrelid = k.oid
								   AND a.attnum OPERATOR(pg_catalog.=) ANY (f.conkey))
				AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend e
								 WHERE e.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND e.objid = k.oid
								   AND e.deptype = 'e')
				AND a.attname OPERATOR(pg_catalog.~*)
					('(^|_)' OPERATOR(pg_catalog.||)
					 pg_catalog.regexp_replace(CASE WHEN col OPERATOR(pg_catalog.=) 'id'
													THEN (SELECT t.relname FROM pg_catalog.pg_class t WHERE t.oid = root_rel)
														 OPERATOR(pg_catalog.||) '_id'
													ELSE col END,
											   '([^[:alnum:]_])', '\\\1', 'g')
					 OPERATOR(pg_catalog.||) '$')
			  ORDER BY k.oid, a.attnum LOOP
		table_name := r.relid; column_name := r.attname; action := 'note';
		detail := pg_catalog.format('heuristic: column %I of table %s has no foreign key, but its name suggests it holds values of %s.%I; if it does, it stays %s and an id minted from now on will not fit it (22003): convert it, or add the foreign key and convert again',
									r.attname, r.relid::pg_catalog.regclass, tbl, col, r.typ);
		RETURN QUERY SELECT table_name, column_name, action, detail;
	END LOOP;

	-- A session keeps what it compiled of a PL/pgSQL function, plans made
	-- for the old type of NEW.col among it, and fails with "type of
	-- parameter N (snowflake) does not match that when preparing the
	-- plan" until the function changes, even where its body needs no
	-- change (IF NEW.col IS NULL).  Each function listed above that the
	-- owner owns is altered to what it is, which writes its catalogue row
	-- again, so that every session compiles it again on its next call.
	IF NOT dry_run THEN
		FOR r IN SELECT p.oid, p.prosecdef FROM pg_catalog.pg_proc p
				  WHERE p.oid OPERATOR(pg_catalog.=) ANY (listed_fns) AND p.proowner OPERATOR(pg_catalog.=) me
				  ORDER BY p.oid LOOP
			EXECUTE pg_catalog.format('ALTER ROUTINE %s %s', r.oid::pg_catalog.regprocedure,
									  CASE WHEN r.prosecdef THEN 'SECURITY DEFINER' ELSE 'SECURITY INVOKER' END);
		END LOOP;
	END IF;
	RETURN;
END
$convert$;

COMMENT ON FUNCTION @extschema@.snowflake_convert_key_as_owner(pg_catalog.regclass, pg_catalog.name, boolean) IS
	'converts an integer key and the columns referencing it to snowflake as its caller, who must own every table it alters (snowflake_convert_key calls it as the owner)';

-- Called through its C entry point (src/owner.c), which fmgr runs
-- without a check of EXECUTE; not for PUBLIC.
REVOKE EXECUTE ON FUNCTION @extschema@.snowflake_convert_key_as_owner(pg_catalog.regclass, pg_catalog.name, boolean) FROM PUBLIC;

CREATE FUNCTION @extschema@.snowflake_convert_key(
	tbl pg_catalog.regclass,
	col pg_catalog.name DEFAULT 'id',
	dry_run boolean DEFAULT false)
RETURNS TABLE (table_name pg_catalog.regclass, column_name pg_catalog.name,
			   action pg_catalog.text, detail pg_catalog.text)
AS 'MODULE_PATHNAME', 'snowflake_convert_key'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

COMMENT ON FUNCTION @extschema@.snowflake_convert_key(pg_catalog.regclass, pg_catalog.name, boolean) IS
	'converts an integer key and the columns referencing it to snowflake, as the owner of the tables, for a caller with the owner''s privileges';
