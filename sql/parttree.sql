--
-- snowflake_partition_tree(parent): every partition at any depth, read
-- from the catalogue, with no lock on the tree.
--
CREATE EXTENSION IF NOT EXISTS snowflake;
CREATE TABLE pt (id snowflake, v int) PARTITION BY RANGE (id);
CREATE TABLE pt_d PARTITION OF pt DEFAULT;
-- made out of order: siblings come by OID, a partition before its own
CREATE TABLE pt_2 PARTITION OF pt FOR VALUES FROM ('319545566822428714') TO ('18446744073709551615');
CREATE TABLE pt_1 PARTITION OF pt FOR VALUES FROM (MINVALUE) TO ('319545566822428714') PARTITION BY RANGE (id);
CREATE TABLE pt_1b PARTITION OF pt_1 FOR VALUES FROM ('1000') TO ('319545566822428714');
CREATE TABLE pt_1a PARTITION OF pt_1 FOR VALUES FROM (MINVALUE) TO ('1000');
CREATE TABLE pt_3 PARTITION OF pt FOR VALUES FROM ('18446744073709551615') TO (MAXVALUE);
SELECT relid, top, level, ord, lower_id, upper_id, is_default, pending_detach
  FROM snowflake_partition_tree('pt') ORDER BY ord;
-- ord is depth-first: every partition after its parent, siblings by OID
SELECT bool_and(p.ord < c.ord) AS parent_first
  FROM snowflake_partition_tree('pt') c
  JOIN pg_inherits i ON i.inhrelid = c.relid
  JOIN snowflake_partition_tree('pt') p ON p.relid = i.inhparent;
-- a subtree, a leaf, no table, NULL
SELECT relid, top, level, ord FROM snowflake_partition_tree('pt_1') ORDER BY ord;
SELECT count(*) FROM snowflake_partition_tree('pt_1a');
SELECT count(*) FROM snowflake_partition_tree(0);
SELECT count(*) FROM snowflake_partition_tree(NULL);
-- no lock on any relation of the tree
BEGIN;
SELECT count(*) FROM snowflake_partition_tree('pt');
SELECT count(*) AS tree_locks FROM pg_locks l
 WHERE l.pid = pg_backend_pid() AND l.locktype = 'relation'
   AND l.relation IN (SELECT 'pt'::regclass UNION ALL SELECT relid FROM snowflake_partition_tree('pt'));
COMMIT;
-- bounds of other keys and strategies are NULL; a domain over the id is read
CREATE TABLE pt_int (id bigint) PARTITION BY RANGE (id);
CREATE TABLE pt_int1 PARTITION OF pt_int FOR VALUES FROM (1) TO (10);
CREATE TABLE pt_list (k int) PARTITION BY LIST (k);
CREATE TABLE pt_list1 PARTITION OF pt_list FOR VALUES IN (1);
CREATE DOMAIN pt_id AS snowflake;
CREATE TABLE pt_dom (id pt_id) PARTITION BY RANGE (id);
CREATE TABLE pt_dom1 PARTITION OF pt_dom FOR VALUES FROM ('5') TO ('9');
SELECT relid, lower_id, upper_id, is_default FROM snowflake_partition_tree('pt_int')
UNION ALL SELECT relid, lower_id, upper_id, is_default FROM snowflake_partition_tree('pt_list')
UNION ALL SELECT relid, lower_id, upper_id, is_default FROM snowflake_partition_tree('pt_dom');
-- plain inheritance is walked too (pg_inherits), without bounds
CREATE TABLE pt_inh (id snowflake);
CREATE TABLE pt_inh_c () INHERITS (pt_inh);
SELECT relid, top, level, lower_id, is_default FROM snowflake_partition_tree('pt_inh');
-- snowflake_plain_inheritance: a parent or child by INHERITS, which the
-- key conversion refuses; partitioned tables and partitions, at any
-- level, and a table with neither are not; NULL for NULL
CREATE TABLE pt_alone (id snowflake);
SELECT c AS rel, snowflake_plain_inheritance(c) AS plain
  FROM unnest('{pt_inh,pt_inh_c,pt,pt_1,pt_1a,pt_d,pt_alone}'::regclass[]) c;
SELECT snowflake_plain_inheritance(NULL) IS NULL AS null_is_null, snowflake_plain_inheritance(0) AS no_such_table;
DROP TABLE pt, pt_int, pt_list, pt_dom, pt_inh, pt_alone CASCADE;
DROP DOMAIN pt_id;
DROP EXTENSION snowflake;
