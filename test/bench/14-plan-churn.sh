#!/usr/bin/env bash
# test/bench/14-plan-churn.sh: planning while another role changes the
# catalogue (issue 41 D).  Plans of "SELECT count(*) FROM p WHERE id >= $1"
# over 30 partitions (one a day), $1 a timestamptz for the snowflake table
# and a bigint for the bigint one, planned with its value as a constant
# (plpgsql's EXECUTE ... USING of EXPLAIN (SUMMARY)): the summed "Planning
# Time" of PLANS plans (2000) per measurement, the two types alternated,
# REPS runs, the best of each.  Three loads: the
# machine quiet; a role altering a function of its own in a loop (ALTER
# FUNCTION ... COST); the same role creating and dropping a cast of its
# own type.  Each change invalidates catalogue caches in every backend;
# the planner support's answers (src/cache.c) are dropped only when a row
# they were read from changes, so the churn costs a snowflake plan what it
# costs a bigint one.  Prints the time per plan and the ratio.  Run by
# test/bench/run, which exports the connection, PGBENCH, PLANS and REPS.
set -euo pipefail
dir=$(mktemp -d)
churn=
cleanup() {
	[ -n "$churn" ] && kill "$churn" 2>/dev/null
	wait 2>/dev/null
	rm -rf "$dir"
}
trap cleanup EXIT
psql=$(dirname "$PGBENCH")/psql
reps=${REPS:-3}
plans=${PLANS:-2000}
q() { "$psql" -X -q -At -v ON_ERROR_STOP=1 -c "$1"; }
q "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS snowflake; DROP TABLE IF EXISTS churn_sf, churn_bi; DROP FUNCTION IF EXISTS churn_plan_us(text, text, int);
   DO \$\$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'bench_churner') THEN
     EXECUTE 'DROP OWNED BY bench_churner CASCADE'; DROP ROLE bench_churner; END IF; END \$\$"
q "CREATE ROLE bench_churner LOGIN; CREATE SCHEMA bench_churner AUTHORIZATION bench_churner"
q "CREATE TABLE churn_sf (id snowflake NOT NULL) PARTITION BY RANGE (id);
   CREATE TABLE churn_bi (id bigint NOT NULL) PARTITION BY RANGE (id);
   DO \$\$ BEGIN FOR d IN 0..29 LOOP
     EXECUTE format('CREATE TABLE churn_sf_%s PARTITION OF churn_sf FOR VALUES FROM (%L) TO (%L)', d,
       snowflake_floor(timestamptz '2026-01-01 00:00+00' + d * interval '1 day'),
       snowflake_floor(timestamptz '2026-01-01 00:00+00' + (d + 1) * interval '1 day'));
     EXECUTE format('CREATE TABLE churn_bi_%s PARTITION OF churn_bi FOR VALUES FROM (%s) TO (%s)', d,
       snowflake_floor(timestamptz '2026-01-01 00:00+00' + d * interval '1 day')::bigint,
       snowflake_floor(timestamptz '2026-01-01 00:00+00' + (d + 1) * interval '1 day')::bigint);
   END LOOP; END \$\$;
   ANALYZE churn_sf, churn_bi"
q "CREATE FUNCTION churn_plan_us(tbl text, v text, n int) RETURNS float8 LANGUAGE plpgsql AS \$\$
   DECLARE total float8 := 0; j json;
   BEGIN
     FOR i IN 1..n LOOP
       IF tbl = 'churn_sf' THEN
         EXECUTE 'EXPLAIN (SUMMARY, FORMAT JSON) SELECT count(*) FROM churn_sf WHERE id >= \$1' INTO j USING v::timestamptz;
       ELSE
         EXECUTE 'EXPLAIN (SUMMARY, FORMAT JSON) SELECT count(*) FROM churn_bi WHERE id >= \$1' INTO j USING v::bigint;
       END IF;
       total := total + (j -> 0 ->> 'Planning Time')::float8;
     END LOOP;
     RETURN 1000 * total / n;
   END \$\$"
q "SET ROLE bench_churner;
   CREATE FUNCTION bench_churner.f() RETURNS int LANGUAGE sql AS 'SELECT 1';
   CREATE TYPE bench_churner.t AS (a int)"
printf '%s\n' '\set c random(1, 1000)' 'ALTER FUNCTION bench_churner.f() COST :c;' >"$dir/function.sql"
printf '%s\n' 'BEGIN;' 'CREATE CAST (bench_churner.t AS text) WITH INOUT;' 'DROP CAST (bench_churner.t AS text);' 'COMMIT;' >"$dir/cast.sql"
n=$(q "SELECT snowflake_floor(timestamptz '2026-01-20 00:00+00')::bigint")
# plan TABLE VALUE: µs a plan, over $plans plans
plan() { q "SELECT round(churn_plan_us('$1', '$2', $plans)::numeric, 1)"; }
echo
echo "| plans over 30 partitions, while another role ... (best of $reps x $plans plans) | snowflake µs/plan | bigint µs/plan | snowflake/bigint |"
echo "|---|---:|---:|---:|"
for load in quiet function cast; do
	churn=
	if [ "$load" != quiet ]; then
		PGUSER=bench_churner "$PGBENCH" -n -T 3600 -c 1 -f "$dir/$load.sql" >/dev/null 2>&1 &
		churn=$!
	fi
	best_sf= best_bi=
	for _ in $(seq "$reps"); do
		s=$(plan churn_sf '2026-01-20 00:00+00')
		b=$(plan churn_bi "$n")
		best_sf=$(awk -v a="$s" -v b="${best_sf:-$s}" 'BEGIN {print (a < b ? a : b)}')
		best_bi=$(awk -v a="$b" -v b="${best_bi:-$b}" 'BEGIN {print (a < b ? a : b)}')
	done
	if [ -n "$churn" ]; then
		kill "$churn" 2>/dev/null
		wait "$churn" 2>/dev/null || true
	fi
	case $load in
	quiet) what="is idle" ;;
	function) what="alters a function of its own in a loop" ;;
	cast) what="creates and drops a cast of its own type in a loop" ;;
	esac
	awk -v w="$what" -v s="$best_sf" -v b="$best_bi" 'BEGIN {printf "| %s | %.1f | %.1f | %.2f |\n", w, s, b, s / b}'
done
q "DROP TABLE churn_sf, churn_bi; DROP FUNCTION churn_plan_us(text, text, int); DROP OWNED BY bench_churner CASCADE; DROP ROLE bench_churner"
