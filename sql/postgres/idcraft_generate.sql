-- idcraft: make IDs inside PostgreSQL, for column defaults, migrations, psql sessions and
-- triggers, laid out byte for byte as idcraft's Rust types make them, so both kinds of rows
-- decode, sort and compare alike. Plain SQL and PL/pgSQL: no extension to build (PostgreSQL 13
-- or later, for the built-in gen_random_uuid()).
-- Load with: psql "$DATABASE_URL" -f sql/postgres/idcraft_generate.sql
--
--   CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT idcraft_uuid7(), ...);
--
-- Time comes from clock_timestamp() (the moment of the call, not of the transaction), so the
-- rows one transaction inserts carry increasing times. Within one millisecond the order is the
-- random part's, unlike the Rust generators, which count up: these functions keep no state
-- between calls (monotonic per millisecond, not within it), except idcraft_instagram_id, whose
-- sequence part counts through a PostgreSQL sequence as Instagram's published function does.
-- Randomness comes from gen_random_uuid() (PostgreSQL's cryptographically strong source).

-- The current Unix time in milliseconds.
CREATE OR REPLACE FUNCTION idcraft_unix_ms() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;

-- The low 6 bytes of a millisecond count, big-endian.
CREATE OR REPLACE FUNCTION idcraft_ms_bytes(ms bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT substring(int8send(ms) FROM 3 FOR 6) $$;

-- uuid7 (RFC 9562): 48 bits of Unix ms, version 7, 74 random bits, variant 10.
CREATE OR REPLACE FUNCTION idcraft_uuid7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT encode(idcraft_ms_bytes(idcraft_unix_ms())
                || set_byte(substring(r FROM 7 FOR 10), 0, (get_byte(r, 6) & 15) | 112), 'hex')::uuid
  FROM (SELECT uuid_send(gen_random_uuid()) AS r) AS x
$$;

-- ulid, stored as uuid: 48 bits of Unix ms, 80 random bits (gen_random_uuid()'s bytes 0-5
-- and 10-13, none of which holds its version or variant).
CREATE OR REPLACE FUNCTION idcraft_ulid() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT encode(idcraft_ms_bytes(idcraft_unix_ms()) || substring(r FROM 1 FOR 6) || substring(r FROM 11 FOR 4),
                'hex')::uuid
  FROM (SELECT uuid_send(gen_random_uuid()) AS r) AS x
$$;

-- comb_pg (RT.Comb PostgreSql): a random version 4 GUID whose first 6 bytes are the Unix ms.
CREATE OR REPLACE FUNCTION idcraft_comb_pg() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT encode(idcraft_ms_bytes(idcraft_unix_ms()) || substring(r FROM 7 FOR 10), 'hex')::uuid
  FROM (SELECT uuid_send(gen_random_uuid()) AS r) AS x
$$;

-- comb_sql (RT.Comb SqlServer): a random version 4 GUID whose last 6 bytes are the Unix ms
-- (what SQL Server's uniqueidentifier order compares first; PostgreSQL's uuid order does not).
CREATE OR REPLACE FUNCTION idcraft_comb_sql() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT encode(substring(r FROM 1 FOR 10) || idcraft_ms_bytes(idcraft_unix_ms()), 'hex')::uuid
  FROM (SELECT uuid_send(gen_random_uuid()) AS r) AS x
$$;

-- distributed128 (Architect.Identities' DistributedId128), stored as uuid: 48 bits of ms since
-- 1700-01-01, the nibble 7, 12 random bits, a zero bit, 63 random bits.
CREATE OR REPLACE FUNCTION idcraft_distributed128() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT encode(idcraft_ms_bytes(floor(extract(epoch FROM clock_timestamp() - timestamptz '1700-01-01 00:00:00+00')
                                       * 1000)::bigint)
                || set_byte(set_byte(substring(r FROM 7 FOR 10), 0, (get_byte(r, 6) & 15) | 112),
                            2, get_byte(r, 0) & 127), 'hex')::uuid
  FROM (SELECT uuid_send(gen_random_uuid()) AS r) AS x
$$;

-- instagram_id: 41 bits of ms since 1314220021721 (the epoch of Instagram's published
-- function), the 13-bit shard, 10 bits of a sequence shared by every shard of the database.
-- At most 1024 IDs per shard and millisecond are distinct (the layout's own limit).
CREATE SEQUENCE IF NOT EXISTS idcraft_instagram_seq;

CREATE OR REPLACE FUNCTION idcraft_instagram_id(shard integer) RETURNS bigint
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF shard IS NULL OR shard < 0 OR shard > 8191 THEN
    RAISE EXCEPTION 'idcraft_instagram_id: shard % is outside 0..8191 (13 bits)', shard
      USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
  RETURN ((idcraft_unix_ms() - 1314220021721) << 23) | (shard::bigint << 10) | (nextval('idcraft_instagram_seq') % 1024);
END
$$;
