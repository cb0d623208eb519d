-- One pgbench client's share of the concurrency test: 250,000 ids minted
-- while the other clients mint theirs, recorded in minting order.
INSERT INTO mint_concurrent (client, n, id)
SELECT :client_id, g, gen_snowflake() FROM generate_series(1, 250000) g;
