
--
-- 11. The commit-safe horizon (src/horizon.c).  snowflake_horizon() is an id
-- below which no transaction can still commit an id minted on this server
-- inside the transaction that writes it: a poller that reads
-- "id > last AND id < horizon", with a snapshot taken after the horizon was
-- read, never passes a row that commits later.  VOLATILE: it moves with
-- time and with every commit.  PARALLEL RESTRICTED: it reads the
-- transactions of the whole server, not of a parallel query.
--
CREATE FUNCTION @extschema@.snowflake_horizon()
RETURNS @extschema@.snowflake
AS 'MODULE_PATHNAME', 'snowflake_horizon'
LANGUAGE C VOLATILE PARALLEL RESTRICTED;

COMMENT ON FUNCTION @extschema@.snowflake_horizon() IS
	'an id below which no open transaction can commit an id minted on this server inside it; read it before the snapshot that reads below it';
