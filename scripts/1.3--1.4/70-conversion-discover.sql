
-- 9. snowflake_convert_key(tbl, col, dry_run): a bigint key (plain,
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
--
-- Step 1, discover: the columns converted (the key, every column that
-- references one of them, and the same column in every table of a
-- partition tree), their tables, and the refusal of a table the caller
-- does not own.  Called again once the locks are held.
--
CREATE FUNCTION @extschema@.snowflake_convert_discover(
	root_rel pg_catalog.oid,
	root_att pg_catalog.int2,
	tbl pg_catalog.regclass,
	col pg_catalog.name,
	OUT s_rel pg_catalog.oid[],
	OUT s_att pg_catalog.int2[],
	OUT t_rel pg_catalog.oid[])
RETURNS record
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $discover$
DECLARE
	r record;
	me pg_catalog.oid := (SELECT a.oid FROM pg_catalog.pg_roles a WHERE a.rolname = CURRENT_USER);
BEGIN
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

	RETURN;
END
$discover$;

-- (internal, called by snowflake_convert_key_as_owner as the tables'
-- owner, who must be able to execute it: it stays granted to PUBLIC, as
-- it reads the catalogue and changes nothing; what it reads of a table,
-- if anything, it reads with its caller's rights, row security off)

--
-- Step 1, discover (continued): the sequences of the key, and for each
-- why it is kept, or NULL where it is dropped.
--
CREATE FUNCTION @extschema@.snowflake_convert_sequences(
	root_rel pg_catalog.oid,
	root_att pg_catalog.int2,
	k_rel pg_catalog.oid[],
	k_att pg_catalog.int2[],
	OUT seqs pg_catalog.oid[],
	OUT seq_keep pg_catalog.text[])
RETURNS record
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $sequences$
DECLARE
	seq pg_catalog.oid;
	msg pg_catalog.text;
	me pg_catalog.oid := (SELECT a.oid FROM pg_catalog.pg_roles a WHERE a.rolname = CURRENT_USER);
BEGIN
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

	RETURN;
END
$sequences$;

-- (internal, called by snowflake_convert_key_as_owner as the tables'
-- owner, who must be able to execute it: it stays granted to PUBLIC, as
-- it reads the catalogue and changes nothing; what it reads of a table,
-- if anything, it reads with its caller's rights, row security off)
