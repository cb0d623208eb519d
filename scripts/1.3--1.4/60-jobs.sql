CREATE FUNCTION @extschema@.snowflake_create_partitions_as_owner(
	parent pg_catalog.regclass,
	step pg_catalog.interval,
	ahead integer DEFAULT 3,
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS SETOF pg_catalog.regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
SET row_security = off
AS $fn$
DECLARE
	nsp name;
	nspoid oid;
	rel name;
	keyname name;
	defid oid;
	m integer;
	d integer;
	us numeric;
	wall timestamp;
	first_b timestamp;
	lb timestamp;
	ub timestamp;
	lo numeric;
	hi numeric;
	covered numeric;
	overlapping text;
	prefix text;
	suffix text;
	pname text;
	n bigint;
	created regclass;
	lo_t timestamptz;
	prev_t timestamptz;
	prev_hi numeric;
	probe bigint;
	k_fits bigint;
	k_over bigint;
	fits boolean;
	locked boolean := false;
	due boolean;
	notes text[];
BEGIN
	-- The schema that this body names by name must still be the
	-- extension's: the schema's owner could rename it and create another
	-- of the old name, whose functions the body would then call as the
	-- table's owner.
	IF pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid IS DISTINCT FROM
	   (SELECT e.extnamespace FROM pg_catalog.pg_extension e WHERE e.extname = 'snowflake') THEN
		RAISE EXCEPTION 'snowflake_create_partitions refuses to run: the schema of the snowflake extension is no longer named %', '@extschema@'
			USING ERRCODE = '55000',
				  HINT = 'Rename the extension''s schema back.';
	END IF;
	IF parent IS NULL OR step IS NULL OR ahead IS NULL OR time_zone IS NULL OR as_of IS NULL THEN
		RAISE EXCEPTION 'snowflake_create_partitions: an argument is NULL'
			USING ERRCODE = '22004';
	END IF;
	IF NOT isfinite(as_of) THEN
		RAISE EXCEPTION 'as_of must be a finite instant, not %', as_of
			USING ERRCODE = '22008';
	END IF;

	-- The table: partitioned by range of one snowflake column, owned.
	SELECT t.nspoid, t.nsp, t.rel, t.defid, t.keyname
	  INTO nspoid, nsp, rel, defid, keyname
	  FROM @extschema@.snowflake_partitioned_by_id(parent) t;

	-- The step: months that divide a year, a day, a week, or minutes that
	-- divide a day.
	m := (extract(year FROM step) * 12 + extract(month FROM step))::integer;
	d := extract(day FROM step)::integer;
	us := extract(epoch FROM step - date_trunc('day', step)) * 1000000;
	IF NOT ((m > 0 AND 12 % m = 0 AND d = 0 AND us = 0)
			OR (m = 0 AND d IN (1, 7) AND us = 0)
			OR (m = 0 AND d = 0 AND us > 0 AND us % 60000000 = 0 AND 86400000000 % us = 0
				AND us < 86400000000)) THEN
		RAISE EXCEPTION 'step "%" is not a step of time partitions', step
			USING ERRCODE = '22023',
				  HINT = 'A step is 1, 2, 3, 4, 6 or 12 months, 1 day, 1 week, or a whole number of minutes that divides a day, such as 15 minutes, 1 hour or 6 hours.';
	END IF;
	IF ahead < 0 THEN
		RAISE EXCEPTION 'ahead must not be negative: %', ahead
			USING ERRCODE = '22023';
	END IF;

	-- The first interval: the one as_of falls in, aligned on the wall clock
	-- of time_zone (an unknown zone raises 22023 here).
	wall := as_of AT TIME ZONE time_zone;
	IF m > 0 THEN
		first_b := date_trunc('year', wall) + make_interval(months => ((extract(month FROM wall)::integer - 1) / m) * m);
	ELSIF d = 7 THEN
		first_b := date_trunc('week', wall);
	ELSIF d = 1 THEN
		first_b := date_trunc('day', wall);
	ELSE
		first_b := date_trunc('day', wall)
				   + step * floor(extract(epoch FROM wall - date_trunc('day', wall)) * 1000000 / us);
	END IF;
	-- A wall-clock time that occurs twice is read as its later instant.
	LOOP
		-- (not WHILE: see snowflake_partitioned_by_id)
		IF ((first_b AT TIME ZONE time_zone) > as_of) IS NOT TRUE THEN
			EXIT;
		END IF;
		first_b := first_b - step;
	END LOOP;

	-- Every interval must end by the last instant of an id, which the
	-- last one says: refused before anything is created, at once however
	-- large ahead is.  Else bisect for the first interval that does not
	-- fit (an interval or instant out of range does not), to name it.
	k_fits := -1;
	probe := ahead;
	LOOP
		BEGIN
			fits := @extschema@.snowflake_floor((first_b + step * (probe + 1)) AT TIME ZONE time_zone) IS NOT NULL;
		EXCEPTION WHEN datetime_field_overflow OR interval_field_overflow THEN
			fits := false;
		END;
		IF fits THEN
			k_fits := probe;
		ELSE
			k_over := probe;
		END IF;
		IF k_over IS NULL OR k_over - k_fits <= 1 THEN
			EXIT;
		END IF;
		probe := k_fits + (k_over - k_fits) / 2;
	END LOOP;
	IF k_over IS NOT NULL THEN
		RAISE EXCEPTION 'the partition from % would end after the last instant of an id',
			(first_b + step * k_over) AT TIME ZONE time_zone
			USING ERRCODE = '22008',
				  DETAIL = 'The last instant an id can hold is 2163-05-15 07:35:11.103 UTC.',
				  HINT = CASE WHEN k_fits >= 0
							  THEN format('With this step, time zone and as_of, ahead can be at most %s.', k_fits)
							  ELSE 'No interval of this step from as_of on ends by then.' END;
	END IF;

	-- Twice through the intervals: first with no lock, to find whether
	-- one lacks its partition, and return at once if none does (saying
	-- which ones overlap partitions made by hand); then, if one does, with
	-- the locks held (snowflake_lock_partitions: the parent and the
	-- default partition, which CREATE TABLE ... PARTITION OF locks and
	-- scans), looking again and creating what is missing.
	LOOP
		due := false;
		notes := '{}';
		prev_hi := NULL;
		prev_t := NULL;
		FOR k IN 0 .. ahead LOOP
			lb := first_b + step * k;
			ub := first_b + step * (k + 1);
			lo_t := lb AT TIME ZONE time_zone;
			lo := @extschema@.snowflake_floor(lo_t)::numeric;
			hi := @extschema@.snowflake_floor(ub AT TIME ZONE time_zone)::numeric;
			-- A wall-clock time that the clocks skip is read as standard time,
			-- which lies after the next valid one: an interval starts where the
			-- one before it ended, at the latest, and an interval the change
			-- skips is empty.
			IF prev_hi IS NOT NULL AND lo < prev_hi THEN
				lo := prev_hi;
				lo_t := prev_t;
			END IF;
			IF prev_hi IS NULL OR hi > prev_hi THEN
				prev_hi := hi;
				prev_t := ub AT TIME ZONE time_zone;
			END IF;
			-- before the epoch, or skipped by a change of the clocks
			-- (not CONTINUE WHEN, which pgspot cannot parse either)
			IF lo >= hi THEN
				CONTINUE;
			END IF;

			-- Covered already, by partitions made before (by this function or
			-- by hand): nothing to do.  Partly covered: left alone, said.
			SELECT coalesce(sum(least(hi, x.upper_id) - greatest(lo, x.lower_id)), 0),
				   string_agg(x.part::text, ', ' ORDER BY x.lower_id)
			  INTO covered, overlapping
			  FROM (SELECT t.relid AS part,
						   coalesce(t.lower_id::numeric, '-Infinity'::numeric) AS lower_id,
						   coalesce(t.upper_id::numeric, 'Infinity'::numeric) AS upper_id
					  FROM @extschema@.snowflake_partition_tree(parent) t
					 WHERE t.level OPERATOR(pg_catalog.=) 1 AND NOT t.is_default) x
			 WHERE x.lower_id < hi AND lo < x.upper_id;
			-- (not CONTINUE WHEN)
			IF covered >= hi - lo THEN
				CONTINUE;
			END IF;
			IF covered > 0 THEN
				notes := notes || format('no partition of %s for [%s, %s): it overlaps %s', rel,
										 lb AT TIME ZONE time_zone, ub AT TIME ZONE time_zone, overlapping);
				IF locked THEN
					RAISE NOTICE '%', notes[cardinality(notes)];
				END IF;
				CONTINUE;
			END IF;
			-- One to create: the locks first.
			IF NOT locked THEN
				due := true;
				EXIT;
			END IF;

			-- The name: the parent's, cut to fit, and the wall-clock time of the
			-- partition's first instant.
			suffix := '_p' || to_char(lo_t AT TIME ZONE time_zone,
									  CASE WHEN us > 0 THEN 'YYYYMMDD"_"HH24MI' ELSE 'YYYYMMDD' END);
			prefix := rel;
			LOOP
				-- (not WHILE)
				IF (octet_length(prefix || suffix) > 63) IS NOT TRUE THEN
					EXIT;
				END IF;
				prefix := left(prefix, -1);
			END LOOP;
			pname := prefix || suffix;
			IF EXISTS (SELECT FROM pg_class c WHERE c.relname = pname AND c.relnamespace = nspoid) THEN
				RAISE EXCEPTION 'cannot create partition "%" of "%": a relation of that name exists', pname, rel
					USING ERRCODE = '42P07',
						  HINT = 'Rename that relation, or create the partition for this interval by hand.';
			END IF;

			-- Rows of the default partition in the new range: refused.
			IF defid <> 0 THEN
				-- The key cast to snowflake, even where it is a domain: an operator
				-- on the domain, which anyone who may create objects in the
				-- extension's schema could put there, would run as the caller.
				EXECUTE format('SELECT count(*) FROM %s WHERE %I::@extschema@.snowflake OPERATOR(@extschema@.>=) %L::@extschema@.snowflake'
							   ' AND %I::@extschema@.snowflake OPERATOR(@extschema@.<) %L::@extschema@.snowflake',
							   defid::regclass, keyname, lo, keyname, hi)
				   INTO n;
				IF n > 0 THEN
					RAISE EXCEPTION 'default partition "%" holds % rows of the new partition "%"',
						(SELECT c.relname FROM pg_class c WHERE c.oid = defid), n, pname
						USING ERRCODE = '23514',
							  DETAIL = format('The new partition would hold the ids of [%s, %s).',
											  lb AT TIME ZONE time_zone, ub AT TIME ZONE time_zone),
							  HINT = format('Move those rows out of the default partition, run this again, then insert them through %s.', parent);
				END IF;
			END IF;

			EXECUTE format('CREATE TABLE %I.%I PARTITION OF %I.%I FOR VALUES FROM (%L) TO (%L)',
						   nsp, pname, nsp, rel, lo, hi);
			created := format('%I.%I', nsp, pname)::regclass;
			RETURN NEXT created;
		END LOOP;
		IF locked THEN
			EXIT;
		END IF;
		IF NOT due THEN
			-- nothing to create: no lock taken
			FOR i IN 1 .. coalesce(cardinality(notes), 0) LOOP
				RAISE NOTICE '%', notes[i];
			END LOOP;
			EXIT;
		END IF;
		PERFORM @extschema@.snowflake_lock_partitions(parent, '{}', 'snowflake_create_partitions');
		locked := true;
		-- the default partition there is now (checked again, and locked)
		SELECT t.defid INTO defid FROM @extschema@.snowflake_partitioned_by_id(parent) t;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_create_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, integer, pg_catalog.text, pg_catalog.timestamptz) IS
	'the work of snowflake_create_partitions, as its caller, who must own the table';

-- Called through its C entry point (src/owner.c), which fmgr runs
-- without a check of EXECUTE; not for PUBLIC.
REVOKE EXECUTE ON FUNCTION @extschema@.snowflake_create_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, integer, pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION @extschema@.snowflake_create_partitions(
	parent pg_catalog.regclass,
	step pg_catalog.interval,
	ahead integer DEFAULT 3,
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS SETOF pg_catalog.regclass
AS 'MODULE_PATHNAME', 'snowflake_create_partitions'
LANGUAGE C VOLATILE PARALLEL UNSAFE;

COMMENT ON FUNCTION @extschema@.snowflake_create_partitions(pg_catalog.regclass, pg_catalog.interval, integer, pg_catalog.text, pg_catalog.timestamptz) IS
	'creates the missing range partitions of a table partitioned by an id for the interval of as_of and the next ahead ones, aligned in a time zone, as the table''s owner';

CREATE FUNCTION @extschema@.snowflake_retire_partitions_as_owner(
	parent pg_catalog.regclass,
	retention pg_catalog.interval,
	mode pg_catalog.text DEFAULT 'detach',
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (partition pg_catalog.text, action pg_catalog.text)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
SET standard_conforming_strings = on
AS $fn$
DECLARE
	nsp name;
	rel name;
	cutoff numeric;
	r record;
	due regclass[];
BEGIN
	-- The schema that this body names by name must still be the
	-- extension's: the schema's owner could rename it and create another
	-- of the old name, whose functions the body would then call as the
	-- table's owner.
	IF pg_catalog.to_regnamespace('@extschema@')::pg_catalog.oid IS DISTINCT FROM
	   (SELECT e.extnamespace FROM pg_catalog.pg_extension e WHERE e.extname = 'snowflake') THEN
		RAISE EXCEPTION 'snowflake_retire_partitions refuses to run: the schema of the snowflake extension is no longer named %', '@extschema@'
			USING ERRCODE = '55000',
				  HINT = 'Rename the extension''s schema back.';
	END IF;
	IF parent IS NULL OR retention IS NULL OR mode IS NULL OR time_zone IS NULL OR as_of IS NULL THEN
		RAISE EXCEPTION 'snowflake_retire_partitions: an argument is NULL'
			USING ERRCODE = '22004';
	END IF;
	IF NOT isfinite(as_of) THEN
		RAISE EXCEPTION 'as_of must be a finite instant, not %', as_of
			USING ERRCODE = '22008';
	END IF;

	SELECT t.nsp, t.rel INTO nsp, rel FROM @extschema@.snowflake_partitioned_by_id(parent) t;
	IF retention < interval '0' THEN
		RAISE EXCEPTION 'retention must not be negative: %', retention
			USING ERRCODE = '22023';
	END IF;
	IF mode NOT IN ('detach', 'drop') THEN
		RAISE EXCEPTION 'mode must be ''detach'' or ''drop'', not ''%''', mode
			USING ERRCODE = '22023';
	END IF;

	-- The first id still kept: that of as_of less the retention, on the
	-- wall clock of time_zone.
	cutoff := @extschema@.snowflake_floor(((as_of AT TIME ZONE time_zone) - retention) AT TIME ZONE time_zone)::numeric;

	-- The partitions due, found with no lock: none, and it returns
	-- without locking anything (but for the notices below).  Else it
	-- locks the parent, the default partition (whose constraint DETACH
	-- and DROP change) and those partitions (snowflake_lock_partitions),
	-- then reads them again: one that became due meanwhile is left to the
	-- next call, unlocked.
	due := ARRAY(
		SELECT x.part
		  FROM (SELECT t.relid AS part, t.lower_id::numeric AS lower_id, t.upper_id::numeric AS upper_id,
					   t.pending_detach AS pending
				  FROM @extschema@.snowflake_partition_tree(parent) t
				 WHERE t.level OPERATOR(pg_catalog.=) 1 AND NOT t.is_default) x
		 WHERE x.lower_id IS NOT NULL AND x.upper_id IS NOT NULL
		   AND x.upper_id OPERATOR(pg_catalog.<=) cutoff
		   AND NOT (mode = 'detach' AND x.pending)
		 ORDER BY x.lower_id);
	IF cardinality(due) > 0 THEN
		PERFORM @extschema@.snowflake_lock_partitions(parent, due, 'snowflake_retire_partitions');
	END IF;

	FOR r IN
		SELECT x.part, x.part::text AS name, x.pending
		  FROM (SELECT t.relid AS part, t.lower_id::numeric AS lower_id, t.upper_id::numeric AS upper_id,
					   t.pending_detach AS pending
				  FROM @extschema@.snowflake_partition_tree(parent) t
				 WHERE t.level OPERATOR(pg_catalog.=) 1 AND NOT t.is_default) x
		 WHERE x.lower_id IS NOT NULL AND x.upper_id IS NOT NULL
		   AND x.upper_id OPERATOR(pg_catalog.<=) cutoff
		 ORDER BY x.lower_id
	LOOP
		IF mode = 'detach' AND r.pending THEN
			RAISE NOTICE 'partition % of % is being detached already: left as it is', r.name, rel
				USING HINT = format('Finish it with ALTER TABLE %I.%I DETACH PARTITION %s FINALIZE.', nsp, rel, r.name);
			CONTINUE;
		END IF;
		-- (not CONTINUE WHEN, which pgspot cannot parse)
		IF r.part <> ALL (due) THEN
			CONTINUE;
		END IF;
		IF mode = 'drop' THEN
			EXECUTE format('DROP TABLE %s', r.part);
			action := 'dropped';
		ELSE
			EXECUTE format('ALTER TABLE %I.%I DETACH PARTITION %s', nsp, rel, r.part);
			action := 'detached';
		END IF;
		partition := r.name;
		-- RETURN QUERY of the OUT parameters rather than a bare RETURN
		-- NEXT: pgspot parses PL/pgSQL with libpg_query, which does not
		-- know a function's OUT parameters and fails on RETURN NEXT without
		-- an expression, leaving the rest of the script unchecked.
		RETURN QUERY SELECT partition, action;
	END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_retire_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, pg_catalog.text, pg_catalog.text, pg_catalog.timestamptz) IS
	'the work of snowflake_retire_partitions, as its caller, who must own the table';

-- Called through its C entry point (src/owner.c), which fmgr runs
-- without a check of EXECUTE; not for PUBLIC.
REVOKE EXECUTE ON FUNCTION @extschema@.snowflake_retire_partitions_as_owner(pg_catalog.regclass, pg_catalog.interval, pg_catalog.text, pg_catalog.text, pg_catalog.timestamptz) FROM PUBLIC;

CREATE FUNCTION @extschema@.snowflake_retire_partitions(
	parent pg_catalog.regclass,
	retention pg_catalog.interval,
	mode pg_catalog.text DEFAULT 'detach',
	time_zone pg_catalog.text DEFAULT 'UTC',
	as_of pg_catalog.timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (partition pg_catalog.text, action pg_catalog.text)
AS 'MODULE_PATHNAME', 'snowflake_retire_partitions'
LANGUAGE C VOLATILE PARALLEL UNSAFE;

COMMENT ON FUNCTION @extschema@.snowflake_retire_partitions(pg_catalog.regclass, pg_catalog.interval, pg_catalog.text, pg_catalog.text, pg_catalog.timestamptz) IS
	'detaches or drops the range partitions of a table partitioned by an id whose whole range is older than as_of less the retention, as the table''s owner';
