// test/clients/client.js: node-postgres against snowflake.  Connects through
// PGHOST/PGPORT/PGUSER/PGDATABASE; prints one line per check and a closing
// "node: N passed, N failed".
'use strict';
const { Client } = require('pg');

const { check, run } = require('./checks');

async function main() {
  const client = new Client();
  await client.connect();
  try {
    // Ids come back as exact strings, never as a lossy Number.
    const r1 = await client.query("SELECT '319545566822428714'::snowflake AS id, '18446744073709551615'::snowflake AS max");
    check('id is a string', typeof r1.rows[0].id === 'string', typeof r1.rows[0].id);
    check('id is exact', r1.rows[0].id === '319545566822428714', r1.rows[0].id);
    check('max is exact', r1.rows[0].max === '18446744073709551615', r1.rows[0].max);

    // json_agg of rows: the ids inside the JSON are strings too.
    await client.query('CREATE TEMP TABLE ev (id snowflake PRIMARY KEY, payload text)');
    await client.query("INSERT INTO ev VALUES ('319545566822428714', 'a'), ('319545566822428715', 'b')");
    const r2 = await client.query('SELECT json_agg(ev ORDER BY id) AS j FROM ev');
    const rows = r2.rows[0].j;
    check('json_agg ids are strings', rows.every((r) => typeof r.id === 'string'), rows);
    check('json_agg ids are exact', rows[1].id === '319545566822428715', rows);

    // Parameters bound as text, into a snowflake column and a <@ query.
    await client.query('INSERT INTO ev VALUES ($1, $2)', ['9223372036854775808', 'top bit']);
    const r3 = await client.query('SELECT payload FROM ev WHERE id = $1', ['9223372036854775808']);
    check('text parameter into snowflake', r3.rows.length === 1 && r3.rows[0].payload === 'top bit', r3.rows);
    const r4 = await client.query('SELECT count(*)::int AS n FROM ev WHERE id <@ $1::tstzrange',
      ['[2026-05-31 18:40:00+00, 2026-05-31 18:40:00.001+00)']);
    check('text range parameter into <@', r4.rows[0].n === 2, r4.rows);
    const r5 = await client.query('SELECT snowflake_unbrand($1) AS id', ['EVT0NbWMtkosp8']);
    check('branded parameter', r5.rows[0].id === '319545566822428714', r5.rows);

    // A minted id is a string that round-trips.
    const r6 = await client.query('SELECT gen_snowflake() AS id');
    const r7 = await client.query('SELECT $1::snowflake = $1::text::snowflake AS same', [r6.rows[0].id]);
    check('minted id round-trips', typeof r6.rows[0].id === 'string' && r7.rows[0].same === true, r6.rows);
  } finally {
    await client.end();
  }
}

run('node', main);
