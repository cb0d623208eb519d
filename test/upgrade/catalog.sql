-- test/upgrade/catalog.sql: a fingerprint of everything the snowflake
-- extension puts in the catalogue, one line per fact, without OIDs, so that
-- two databases can be compared with diff.  Run with psql -At.
SET search_path = public;
SET extra_float_digits = 0;

CREATE TEMP VIEW members AS
SELECT d.classid, d.objid, d.objsubid,
       pg_describe_object(d.classid, d.objid, d.objsubid) AS what
FROM pg_depend d JOIN pg_extension e ON d.refobjid = e.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND e.extname = 'snowflake';

-- The extension itself.
SELECT 'extension', extname, extversion, extrelocatable,
       extnamespace::regnamespace, extowner::regrole, extconfig, extcondition
FROM pg_extension WHERE extname = 'snowflake';

-- Its members, and what each depends on (other than the extension).
SELECT 'member', what FROM members ORDER BY what;
SELECT 'depends', m.what, d.deptype,
       pg_describe_object(d.refclassid, d.refobjid, d.refobjsubid)
FROM members m
JOIN pg_depend d ON d.classid = m.classid AND d.objid = m.objid
WHERE d.refclassid <> 'pg_extension'::regclass
ORDER BY 2, 4, 3;

-- Comments on members.
SELECT 'comment', m.what, obj_description(m.objid, c.relname)
FROM members m JOIN pg_class c ON c.oid = m.classid
WHERE obj_description(m.objid, c.relname) IS NOT NULL
ORDER BY 2;

-- Functions and aggregates: their whole definitions and privileges.
SELECT 'function', p.oid::regprocedure,
       CASE WHEN p.prokind = 'a' THEN NULL ELSE pg_get_functiondef(p.oid) END,
       p.prokind, p.proacl, p.proowner::regrole
FROM pg_proc p JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
ORDER BY p.oid::regprocedure::text;
SELECT 'aggregate', a.aggfnoid::regprocedure, a.aggkind, a.aggnumdirectargs,
       a.aggtransfn, a.aggfinalfn, a.aggcombinefn, a.aggserialfn, a.aggdeserialfn,
       a.aggmtransfn, a.aggminvtransfn, a.aggmfinalfn, a.aggfinalextra,
       a.aggmfinalextra, a.aggfinalmodify, a.aggmfinalmodify,
       a.aggsortop::regoperator, a.aggtranstype::regtype, a.aggtransspace,
       a.aggmtranstype::regtype, a.aggmtransspace, a.agginitval, a.aggminitval
FROM pg_aggregate a JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = a.aggfnoid
ORDER BY a.aggfnoid::regprocedure::text;

-- Types (and the array type that comes with each).
SELECT 'type', t.oid::regtype, t.typlen, t.typbyval, t.typtype, t.typcategory,
       t.typispreferred, t.typdelim, t.typelem::regtype, t.typarray::regtype,
       t.typinput, t.typoutput, t.typreceive, t.typsend, t.typmodin, t.typmodout,
       t.typanalyze, t.typsubscript, t.typalign, t.typstorage, t.typnotnull,
       t.typbasetype::regtype, t.typcollation, t.typdefault, t.typacl
FROM pg_type t
WHERE t.oid IN (SELECT objid FROM members WHERE classid = 'pg_type'::regclass)
   OR t.typelem IN (SELECT objid FROM members WHERE classid = 'pg_type'::regclass)
ORDER BY t.oid::regtype::text;

-- Operators.
SELECT 'operator', o.oid::regoperator, o.oprkind, o.oprresult::regtype,
       o.oprcode::regprocedure, o.oprcom::regoperator, o.oprnegate::regoperator,
       o.oprrest, o.oprjoin, o.oprcanmerge, o.oprcanhash
FROM pg_operator o JOIN members m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid
ORDER BY o.oid::regoperator::text;

-- Casts to and from the extension's types.
SELECT 'cast', c.castsource::regtype, c.casttarget::regtype,
       c.castfunc::regprocedure, c.castcontext, c.castmethod
FROM pg_cast c JOIN members m ON m.classid = 'pg_cast'::regclass AND m.objid = c.oid
ORDER BY c.castsource::regtype::text, c.casttarget::regtype::text;

-- Operator families and classes, with every member.
SELECT 'opfamily', am.amname, f.opfname, f.opfnamespace::regnamespace
FROM pg_opfamily f JOIN pg_am am ON am.oid = f.opfmethod
JOIN members m ON m.classid = 'pg_opfamily'::regclass AND m.objid = f.oid
ORDER BY 2, 3;
SELECT 'opclass', am.amname, c.opcname, f.opfname, c.opcintype::regtype,
       c.opcdefault, c.opckeytype::regtype, amvalidate(c.oid) AS valid
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
JOIN pg_opfamily f ON f.oid = c.opcfamily
JOIN members m ON m.classid = 'pg_opclass'::regclass AND m.objid = c.oid
ORDER BY 2, 3;
SELECT 'amop', am.amname, f.opfname, o.amoplefttype::regtype, o.amoprighttype::regtype,
       o.amopstrategy, o.amoppurpose, o.amopopr::regoperator, o.amopsortfamily
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.oid IN (SELECT objid FROM members WHERE classid = 'pg_opfamily'::regclass)
ORDER BY 2, 3, o.amoplefttype::regtype::text, o.amoprighttype::regtype::text, 6;
SELECT 'amproc', am.amname, f.opfname, p.amproclefttype::regtype,
       p.amprocrighttype::regtype, p.amprocnum, p.amproc::regprocedure
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
JOIN pg_am am ON am.oid = f.opfmethod
WHERE f.oid IN (SELECT objid FROM members WHERE classid = 'pg_opfamily'::regclass)
ORDER BY 2, 3, p.amproclefttype::regtype::text, p.amprocrighttype::regtype::text, 6;

-- The settings the library defines.
SELECT 'guc', name, vartype, context, min_val, max_val, boot_val, enumvals,
       short_desc, extra_desc
FROM pg_settings WHERE name LIKE 'snowflake.%'
ORDER BY name;
