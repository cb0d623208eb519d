
--
-- Step 5, execute: snowflake_convert_key_as_owner checks what it is given,
-- calls the steps above in turn, takes the locks, and makes the changes;
-- and snowflake_convert_key, its C entry (src/owner.c).
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
	rp_rel pg_catalog.oid[];			-- and reported (snowflake_convert_order)
	top_rel pg_catalog.oid[];			-- the tables that are no partition
	tr_rel pg_catalog.oid[];			-- each of their trees' tables, level by level,
	tr_top pg_catalog.oid[];			-- and its top
	p_rel pg_catalog.oid[];				-- the partitioned tables, altered without ONLY
	locked pg_catalog.oid[] := '{}';
	listed_fns pg_catalog.oid[] := '{}';	-- the functions of the trigger and function rows
	lock_rels pg_catalog.regclass[];	-- the locks, in the order taken, and their modes
	lock_modes pg_catalog.text[];
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

	-- The sequences of the key (snowflake_convert_sequences): found before
	-- the locks, so that the tries lock only those it drops (a kept one,
	-- shared with another table, stays free).
	SELECT x.seqs, x.seq_keep INTO seqs, seq_keep
	  FROM @extschema@.snowflake_convert_sequences(root_rel, root_att, k_rel, k_att) x;

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
		SELECT x.s_rel, x.s_att, x.t_rel INTO s_rel, s_att, t_rel
		  FROM @extschema@.snowflake_convert_discover(root_rel, root_att, tbl, col) x;

		-- (not EXIT WHEN, which pgspot cannot parse)
		IF t_rel OPERATOR(pg_catalog.<@) locked THEN
			EXIT;
		END IF;

		SELECT x.top_rel, x.tr_rel, x.tr_top, x.o_rel, x.rp_rel INTO top_rel, tr_rel, tr_top, o_rel, rp_rel
		  FROM @extschema@.snowflake_convert_order(t_rel) x;

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

	-- Refusals (snowflake_convert_refusals): errors, or in a dry run the
	-- rows of the objects that a real run refuses for.
	RETURN QUERY SELECT * FROM @extschema@.snowflake_convert_refusals(tbl, col, root_rel, root_att, s_rel, s_att, t_rel, rp_rel, floor_id, dry_run);

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

	-- The notes (snowflake_convert_notes): functions and triggers to look
	-- at, columns that may hold the key's values without a foreign key.
	FOR c IN SELECT * FROM @extschema@.snowflake_convert_notes(tbl, col, root_rel, s_rel, s_att, t_rel, rp_rel) LOOP
		table_name := c.table_name; column_name := c.column_name; action := c.action; detail := c.detail;
		RETURN QUERY SELECT table_name, column_name, action, detail;
		IF c.listed_fn IS NOT NULL THEN
			listed_fns := listed_fns OPERATOR(pg_catalog.||) c.listed_fn;
		END IF;
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
