// test/clients/app_node.js: an application's use of snowflake through
// node-postgres (pg) and knex, pinned in package-lock.json.  Connects
// through PGHOST/PGPORT/PGUSER/PGDATABASE; prints one line per failed check
// and a closing "node-apps: N passed, N failed".  The regions between
// "// doc: NAME" and "// end doc: NAME" are shown in doc/snowflake-clients.md,
// and test/clients/recipes.py fails when the two differ.
'use strict';

const { check, run } = require('./checks');

const MAX = 18446744073709551615n; // 2^64-1, minted in 2163; 2^63 comes in 2093
const N = 1000; // rows enough that the planner picks the index by cost
const bigintToString = (k, v) => (typeof v === 'bigint' ? v.toString() : v);

// doc: pg-connect
const { Client } = require('pg');

async function connect() {
  const client = new Client(); // PGHOST, PGPORT, PGUSER, PGDATABASE
  await client.connect();
  // the type's OID differs between databases: look it up on each connection
  const { rows } = await client.query("SELECT 'snowflake'::regtype::oid AS oid");
  client.setTypeParser(Number(rows[0].oid), 'text', BigInt); // without it: exact strings
  return client;
}
// end doc: pg-connect

// The server's clock, to the millisecond: an id holds its instant truncated
// to the millisecond, so a window starting at a finer instant could miss it.
async function msNow(query) {
  return query("SELECT date_trunc('milliseconds', clock_timestamp()) AS t");
}

async function pgPart() {
  const client = await connect();
  try {
    const from = (await msNow((q) => client.query(q))).rows[0].t;
    // doc: pg-use
    await client.query(`CREATE TABLE pg_events (
      id snowflake PRIMARY KEY DEFAULT gen_snowflake(),
      payload text)`);
    const { rows: [row] } = await client.query(
      'INSERT INTO pg_events (payload) VALUES ($1) RETURNING id, payload', ['hello']);
    // row.id: a BigInt
    const json = JSON.stringify(row, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
    // json: {"id":"388075871774179328","payload":"hello"}
    const same = await client.query('SELECT payload FROM pg_events WHERE id = $1', [row.id]);
    // end doc: pg-use
    check('pg: the minted id is a BigInt', typeof row.id === 'bigint', typeof row.id);
    const text = (await client.query("SELECT id::text FROM pg_events WHERE payload = 'hello'")).rows[0].id;
    check('pg: the minted id is exact', typeof text === 'string' && row.id === BigInt(text), `${row.id} ${text}`);
    check('pg: JSON holds the id as a string', json === `{"id":"${text}","payload":"hello"}`, json);
    let threw = null;
    try {
      JSON.stringify(row);
    } catch (e) {
      threw = e;
    }
    check('pg: JSON.stringify without the replacer throws a TypeError on a BigInt', threw instanceof TypeError,
      threw);
    check('Number() and parseInt() round an id above 2^53',
      BigInt(Number('319545566822428714')) !== 319545566822428714n
      && BigInt(parseInt('319545566822428714', 10)) !== 319545566822428714n, Number('319545566822428714'));
    check('pg: the id as a parameter finds its row', same.rows.length === 1 && same.rows[0].payload === 'hello',
      JSON.stringify(same.rows));

    await client.query('INSERT INTO pg_events (payload) SELECT unnest($1::text[])',
      [Array.from({ length: N }, (_, i) => `row ${i}`)]);
    const to = (await msNow((q) => client.query(q))).rows[0].t;
    await client.query('INSERT INTO pg_events (id, payload) VALUES ($1, $2)', [MAX, 'max']);
    await client.query('ANALYZE pg_events');

    // doc: pg-window
    const { rows: recent } = await client.query(
      "SELECT id, payload FROM pg_events WHERE id <@ tstzrange($1, $2, '[]')", [from, to]);
    // end doc: pg-window
    check('pg: the window holds every minted row, and only them', recent.length === N + 1
      && recent.every((r) => typeof r.id === 'bigint' && r.payload !== 'max'), recent.length);
    const none = await client.query('SELECT count(*)::int AS n FROM pg_events WHERE id <@ tstzrange($1, $2)',
      [new Date(from.getTime() - 86400000), from]);
    check('pg: the day before holds none', none.rows[0].n === 0, none.rows[0].n);

    // doc: pg-explain
    const plan = await client.query('EXPLAIN SELECT * FROM pg_events WHERE id = $1', [row.id]);
    // plan.rows[0]['QUERY PLAN']: 'Index Scan using pg_events_pkey on pg_events ...'
    // end doc: pg-explain
    const planText = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    check('pg: id = $1 uses the index', /^Index Scan using pg_events_pkey on pg_events/.test(planText), planText);
    const wplan = await client.query('EXPLAIN SELECT * FROM pg_events WHERE id <@ tstzrange($1, $2)',
      [new Date(from.getTime() - 86400000), from]);
    const wplanText = wplan.rows.map((r) => r['QUERY PLAN']).join('\n');
    check('pg: a narrow window uses the index', /Index Scan using pg_events_pkey on pg_events/.test(wplanText),
      wplanText);

    const max = await client.query('SELECT id FROM pg_events WHERE id = $1', [MAX]);
    check('pg: 2^64-1 round-trips as a BigInt', max.rows.length === 1 && max.rows[0].id === MAX,
      JSON.stringify(max.rows, bigintToString));
    check('pg: 2^64-1 in JSON', JSON.stringify(max.rows[0], bigintToString) === '{"id":"18446744073709551615"}',
      JSON.stringify(max.rows[0], bigintToString));

    // Without a type parser, ids are exact strings, and a string parameter
    // is planned on the index as well.
    const plain = new Client();
    await plain.connect();
    try {
      const r = await plain.query("SELECT id, payload FROM pg_events WHERE id IN ($1, $2) ORDER BY id",
        [row.id, MAX]);
      const shown = JSON.stringify(r.rows, bigintToString);
      check('pg, no parser: ids are strings', r.rows.length === 2 && r.rows.every((x) => typeof x.id === 'string'),
        shown);
      check('pg, no parser: ids are exact', r.rows.length === 2 && r.rows[0].id === text
        && r.rows[1].id === '18446744073709551615', shown);
      let json = null;
      try {
        json = JSON.stringify(r.rows[1]);
      } catch (e) {
        json = e.message;
      }
      check('pg, no parser: JSON holds the id as a string',
        json === '{"id":"18446744073709551615","payload":"max"}', json);
      const p = await plain.query('EXPLAIN SELECT * FROM pg_events WHERE id = $1', [text]);
      const pText = p.rows.map((x) => x['QUERY PLAN']).join('\n');
      check('pg, no parser: id = $1 with a string uses the index',
        /^Index Scan using pg_events_pkey on pg_events/.test(pText), pText);
    } finally {
      await plain.end();
    }
  } finally {
    await client.query('DROP TABLE IF EXISTS pg_events');
    await client.end();
  }
}

// doc: knex-setup
const knex = require('knex')({
  client: 'pg',
  connection: {}, // PGHOST, PGPORT, PGUSER, PGDATABASE
  pool: {
    afterCreate(conn, done) { // each new connection: ids as BigInt
      conn.query("SELECT 'snowflake'::regtype::oid AS oid", (err, res) => {
        if (!err) conn.setTypeParser(Number(res.rows[0].oid), 'text', BigInt);
        done(err, conn);
      });
    },
  },
});
// end doc: knex-setup

async function knexPart() {
  try {
    const from = (await msNow((q) => knex.raw(q))).rows[0].t;
    // doc: knex-use
    await knex.schema.createTable('knex_events', (t) => {
      t.specificType('id', 'snowflake').primary().defaultTo(knex.raw('gen_snowflake()'));
      t.text('payload');
    });
    const [row] = await knex('knex_events').insert({ payload: 'hello' }).returning(['id', 'payload']);
    // row.id: a BigInt
    const json = JSON.stringify(row, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
    const same = await knex('knex_events').where({ id: row.id }).first();
    // end doc: knex-use
    check('knex: the minted id is a BigInt', typeof row.id === 'bigint', typeof row.id);
    const text = (await knex.raw("SELECT id::text FROM knex_events WHERE payload = 'hello'")).rows[0].id;
    check('knex: the minted id is exact', row.id === BigInt(text), `${row.id} ${text}`);
    check('knex: JSON holds the id as a string', json === `{"id":"${text}","payload":"hello"}`, json);
    check('knex: the id as a parameter finds its row', same !== undefined && same.id === row.id,
      JSON.stringify(same, bigintToString));

    await knex('knex_events').insert(Array.from({ length: N }, (_, i) => ({ payload: `row ${i}` })));
    const to = (await msNow((q) => knex.raw(q))).rows[0].t;
    await knex('knex_events').insert({ id: MAX, payload: 'max' });
    await knex.raw('ANALYZE knex_events');

    // doc: knex-window
    const recent = await knex('knex_events').whereRaw("id <@ tstzrange(?, ?, '[]')", [from, to]);
    // end doc: knex-window
    check('knex: the window holds every minted row, and only them', recent.length === N + 1
      && recent.every((r) => typeof r.id === 'bigint' && r.payload !== 'max'), recent.length);

    // doc: knex-explain
    const { sql, bindings } = knex('knex_events').where({ id: row.id }).toSQL();
    const { rows: plan } = await knex.raw(`EXPLAIN ${sql}`, bindings);
    // plan[0]['QUERY PLAN']: 'Index Scan using knex_events_pkey on knex_events ...'
    // end doc: knex-explain
    const planText = plan.map((r) => r['QUERY PLAN']).join('\n');
    check('knex: where({ id }) uses the index', /^Index Scan using knex_events_pkey on knex_events/.test(planText),
      planText);

    const max = await knex('knex_events').where({ id: MAX }).first();
    check('knex: 2^64-1 round-trips as a BigInt', max !== undefined && max.id === MAX,
      JSON.stringify(max, bigintToString));
  } finally {
    await knex.schema.dropTableIfExists('knex_events');
    await knex.destroy();
  }
}

async function main() {
  await pgPart();
  await knexPart();
}

run('node-apps', main);
