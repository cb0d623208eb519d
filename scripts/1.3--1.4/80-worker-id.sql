
--
-- 10. The worker id.  snowflake.worker_id is unset until given (src/workerid.c):
-- an integer from 0 to 1023, or citus for the node's Citus group.
-- snowflake_worker_id() tells the worker id gen_snowflake() mints with in
-- the session: NULL while the setting is unset, and gen_snowflake()'s own
-- error when it cannot take one (a value not applied, no Citus group).
-- PARALLEL RESTRICTED as gen_snowflake() is: a parallel worker may not see
-- a value its leader's session gave before the library loaded.
--
CREATE FUNCTION @extschema@.snowflake_worker_id()
RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'snowflake_worker_id'
LANGUAGE C STABLE PARALLEL RESTRICTED;

COMMENT ON FUNCTION @extschema@.snowflake_worker_id() IS
	'the worker id gen_snowflake() mints with in this session (snowflake.worker_id); NULL while it is unset';

--
-- snowflake_citus_worker_ids(), run on a Citus coordinator, asks every
-- primary node that pg_dist_node lists, active or not and whatever its
-- cluster name, and the node it runs on, for its snowflake_worker_id(),
-- through Citus's master_run_on_worker as the caller.  It returns a row a
-- node with what is wrong, if anything: an error (a node it cannot reach
-- among them), an unset worker id, or a worker id that another primary has
-- too.  Secondaries are not asked: they do not mint, and share their
-- primary's setting when they are promoted in its place.  Citus is looked
-- up when the function runs (PL/pgSQL plans each query on its first run),
-- so the extension does not need it.  PARALLEL UNSAFE, as Citus's
-- functions that open connections are.
--
CREATE FUNCTION @extschema@.snowflake_citus_worker_ids(
	OUT nodeid pg_catalog.int4,
	OUT nodename pg_catalog.text,
	OUT nodeport pg_catalog.int4,
	OUT groupid pg_catalog.int4,
	OUT worker_id pg_catalog.int4,
	OUT problem pg_catalog.text)
RETURNS SETOF pg_catalog.record
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
#variable_conflict use_column
DECLARE
	names pg_catalog.text[];
	ports pg_catalog.int4[];
BEGIN
	IF pg_catalog.to_regprocedure('pg_catalog.master_run_on_worker(pg_catalog.text[], pg_catalog.int4[], pg_catalog.text[], pg_catalog.bool)') IS NULL THEN
		RAISE EXCEPTION 'snowflake_citus_worker_ids() needs Citus in this database'
			USING ERRCODE = 'object_not_in_prerequisite_state',
				  HINT = 'Run it on the coordinator of a Citus cluster, in a database with the extension citus.';
	END IF;
	SELECT pg_catalog.array_agg(n.nodename ORDER BY n.nodeid),
		   pg_catalog.array_agg(n.nodeport ORDER BY n.nodeid)
	  INTO names, ports
	  FROM pg_catalog.pg_dist_node AS n
	 WHERE n.noderole OPERATOR(pg_catalog.=) 'primary';
	-- this node, if it is not among them (a coordinator not registered)
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_dist_node AS n, pg_catalog.pg_dist_local_group AS g
				   WHERE n.groupid OPERATOR(pg_catalog.=) g.groupid
					 AND n.noderole OPERATOR(pg_catalog.=) 'primary') THEN
		names := pg_catalog.array_append(names, pg_catalog.current_setting('citus.local_hostname'));
		ports := pg_catalog.array_append(ports, pg_catalog.current_setting('port')::pg_catalog.int4);
	END IF;
	RETURN QUERY
		WITH answers AS (
			SELECT r.node_name, r.node_port, r.success, r.result
			  FROM pg_catalog.master_run_on_worker(names, ports,
					pg_catalog.array_fill('SELECT @extschema@.snowflake_worker_id()'::pg_catalog.text,
										  ARRAY[pg_catalog.cardinality(names)]),
					true) AS r),
		nodes AS (
			SELECT COALESCE(n.nodeid, 0) AS nodeid, a.node_name AS nodename,
				   a.node_port AS nodeport,
				   COALESCE(n.groupid, (SELECT g.groupid FROM pg_catalog.pg_dist_local_group AS g)) AS groupid,
				   CASE WHEN a.success AND a.result OPERATOR(pg_catalog.<>) ''
						THEN a.result::pg_catalog.int4 END AS worker_id,
				   CASE WHEN NOT a.success THEN a.result
						WHEN a.result IS NULL OR a.result OPERATOR(pg_catalog.=) ''
						THEN 'snowflake.worker_id is not set' END AS problem
			  FROM answers AS a
			  LEFT JOIN pg_catalog.pg_dist_node AS n
				ON n.nodename OPERATOR(pg_catalog.=) a.node_name
			   AND n.nodeport OPERATOR(pg_catalog.=) a.node_port
			   AND n.noderole OPERATOR(pg_catalog.=) 'primary')
		SELECT x.nodeid, x.nodename, x.nodeport, x.groupid, x.worker_id,
			   COALESCE(x.problem,
					(SELECT 'worker id ' OPERATOR(pg_catalog.||) x.worker_id
							OPERATOR(pg_catalog.||) ' is also the worker id of node '
							OPERATOR(pg_catalog.||) pg_catalog.string_agg(
								pg_catalog.format('%s (%s:%s)', y.nodeid, y.nodename, y.nodeport),
								', ' ORDER BY y.nodeid, y.nodeport)
					   FROM nodes AS y
					  WHERE y.worker_id OPERATOR(pg_catalog.=) x.worker_id
						AND (y.nodename, y.nodeport) OPERATOR(pg_catalog.<>) (x.nodename, x.nodeport)
					 HAVING pg_catalog.count(*) OPERATOR(pg_catalog.>) 0))
		  FROM nodes AS x
		 ORDER BY x.nodeid, x.nodeport;
END
$fn$;

COMMENT ON FUNCTION @extschema@.snowflake_citus_worker_ids() IS
	'on a Citus coordinator: the worker id of every primary node, and what is wrong (an error, unset, or shared with another node)';
