--
-- Step 4, plan (notes): what the conversion does not change and the
-- user may have to: trigger and other functions whose bodies name a
-- converted column or table (listed_fn: the function, which the conversion
-- makes every session compile again), and columns that look like they
-- hold the key's values without a foreign key.
--
CREATE FUNCTION @extschema@.snowflake_convert_notes(
	tbl pg_catalog.regclass,
	col pg_catalog.name,
	root_rel pg_catalog.oid,
	s_rel pg_catalog.oid[],
	s_att pg_catalog.int2[],
	t_rel pg_catalog.oid[],
	rp_rel pg_catalog.oid[])
RETURNS TABLE (table_name pg_catalog.regclass, column_name pg_catalog.name,
			   action pg_catalog.text, detail pg_catalog.text, listed_fn pg_catalog.oid)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $notes$
DECLARE
	r record;
	me pg_catalog.oid := (SELECT a.oid FROM pg_catalog.pg_roles a WHERE a.rolname = CURRENT_USER);
BEGIN
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
		listed_fn := r.foid;
		RETURN QUERY SELECT table_name, column_name, action, detail, listed_fn;
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
		listed_fn := r.foid;
		RETURN QUERY SELECT table_name, column_name, action, detail, listed_fn;
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
		listed_fn := NULL;
		RETURN QUERY SELECT table_name, column_name, action, detail, listed_fn;
	END LOOP;

	RETURN;
END
$notes$;

-- (internal, called by snowflake_convert_key_as_owner as the tables'
-- owner, who must be able to execute it: it stays granted to PUBLIC, as
-- it reads the catalogue and changes nothing; what it reads of a table,
-- if anything, it reads with its caller's rights, row security off)
