// test/clients/checks.js: what the node clients share: a count of checks,
// one line per failed one, and the closing "NAME: N passed, N failed" that
// test/check reads (an error out of the client's main counts as a failure).
'use strict';

let passed = 0;
let failed = 0;

// check NAME OK DETAIL: count a check; print NAME and DETAIL if it failed
function check(name, ok, detail) {
  if (ok) passed++;
  else {
    failed++;
    const shown = typeof detail === 'string' || detail === undefined ?
      String(detail === undefined ? '' : detail) :
      JSON.stringify(detail, (k, v) => (typeof v === 'bigint' ? `${v}n` : v));
    console.log(`FAIL ${name}: ${shown}`);
  }
}

// run LABEL MAIN: run the async MAIN, then print the summary and exit
function run(label, main) {
  main().then(
    () => {
      console.log(`${label}: ${passed} passed, ${failed} failed`);
      process.exit(failed === 0 ? 0 : 1);
    },
    (err) => {
      console.log(`FAIL ${label}: ${err.stack}`);
      console.log(`${label}: ${passed} passed, ${failed + 1} failed`);
      process.exit(1);
    });
}

module.exports = { check, run };
