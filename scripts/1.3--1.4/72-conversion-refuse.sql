--
-- Step 3, refuse: what the conversion cannot do, with the tables locked;
-- nothing has changed yet.  An error, but for the objects that ALTER
-- COLUMN TYPE cannot rebuild, which a dry run lists in rows and goes on.
-- Runs the checks of the values as its caller (the owner), with
-- row_security off.
--
CREATE FUNCTION @extschema@.snowflake_convert_refusals(
	tbl pg_catalog.regclass,
	col pg_catalog.name,
	root_rel pg_catalog.oid,
	root_att pg_catalog.int2,
	s_rel pg_catalog.oid[],
	s_att pg_catalog.int2[],
	t_rel pg_catalog.oid[],
	rp_rel pg_catalog.oid[],
	floor_id @extschema@.snowflake,
	dry_run boolean)
RETURNS TABLE (table_name pg_catalog.regclass, column_name pg_catalog.name,
			   action pg_catalog.text, detail pg_catalog.text)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $refusals$
DECLARE
	r record;
	msg pg_catalog.text;
	lo bigint;
	hi bigint;
BEGIN
	-- Refusals.  Nothing has changed yet.  Partitioned tables and their
	-- partitions are converted, a foreign table among them too; a table of
	-- inheritance that is not partitioning is not (ALTER COLUMN TYPE would
	-- convert its children, whose keys are not part of this one's), nor a
	-- partition that DETACH ... CONCURRENTLY left half detached, which
	-- ALTER TABLE on its parent no longer reaches.
	FOR r IN SELECT k.oid, k.relkind, k.relispartition,
					@extschema@.snowflake_plain_inheritance(k.oid::pg_catalog.regclass) AS inherits,
					-- (its parent from the tree of a table of the conversion
					-- above it: core's pg_partition_ancestors no longer sees
					-- it; the parent is the nearest row before it, in the
					-- tree's depth-first order, a level up)
					(SELECT CASE WHEN t.level OPERATOR(pg_catalog.=) 1 THEN u.relid
								 ELSE (SELECT p.relid::pg_catalog.oid FROM @extschema@.snowflake_partition_tree(u.relid::pg_catalog.regclass) p
										WHERE p.level OPERATOR(pg_catalog.=) (t.level OPERATOR(pg_catalog.-) 1)
										  AND p.ord OPERATOR(pg_catalog.<) t.ord
										ORDER BY p.ord DESC LIMIT 1) END
					   FROM pg_catalog.unnest(t_rel) AS u(relid),
							@extschema@.snowflake_partition_tree(u.relid::pg_catalog.regclass) t
					  WHERE t.relid OPERATOR(pg_catalog.=) k.oid AND t.pending_detach
					  LIMIT 1) AS detaching
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

	RETURN;
END
$refusals$;

-- (internal, called by snowflake_convert_key_as_owner as the tables'
-- owner, who must be able to execute it: it stays granted to PUBLIC, as
-- it reads the catalogue and changes nothing; what it reads of a table,
-- if anything, it reads with its caller's rights, row security off)
