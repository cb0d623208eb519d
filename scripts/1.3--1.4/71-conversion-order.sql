--
-- Step 2, order: the tables that are no partition (top_rel), every table
-- of their trees with its top (tr_rel, tr_top), the tables in the order
-- they are locked and altered (o_rel) and reported (rp_rel: by the OID of
-- their top, then as locked).
--
CREATE FUNCTION @extschema@.snowflake_convert_order(
	t_rel pg_catalog.oid[],
	OUT top_rel pg_catalog.oid[],
	OUT tr_rel pg_catalog.oid[],
	OUT tr_top pg_catalog.oid[],
	OUT o_rel pg_catalog.oid[],
	OUT rp_rel pg_catalog.oid[])
RETURNS record
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $order$
DECLARE
	e_from pg_catalog.oid[];			-- the foreign keys among the tables: e_from references e_to
	e_to pg_catalog.oid[];
	depth pg_catalog.int4[];
	changed boolean;
BEGIN
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

	RETURN;
END
$order$;

-- (internal, called by snowflake_convert_key_as_owner as the tables'
-- owner, who must be able to execute it: it stays granted to PUBLIC, as
-- it reads the catalogue and changes nothing; what it reads of a table,
-- if anything, it reads with its caller's rights, row security off)
