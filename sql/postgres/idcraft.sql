-- idcraft: read the embedded time of each scheme inside PostgreSQL.
-- Every function is IMMUTABLE and STRICT and takes the column type idcraft stores
-- (uuid, numeric, bytea, bigint); the result is a timestamptz, truncated to microseconds.
-- Load with: psql "$DATABASE_URL" -f sql/postgres/idcraft.sql

-- The 32 hex digits of a uuid, in string order.
CREATE OR REPLACE FUNCTION idcraft_uuid_hex(id uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT replace(id::text, '-', '') $$;

-- Up to 16 hex digits as a bigint.
CREATE OR REPLACE FUNCTION idcraft_hex_bigint(hex text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ('x' || lpad(hex, 16, '0'))::bit(64)::bigint $$;

-- comb_pg: Unix milliseconds in the first 6 bytes.
CREATE OR REPLACE FUNCTION idcraft_comb_pg_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT timestamptz 'epoch' + idcraft_hex_bigint(substr(idcraft_uuid_hex(id), 1, 12)) * interval '1 millisecond' $$;

-- comb_sql: Unix milliseconds in the last 6 bytes.
CREATE OR REPLACE FUNCTION idcraft_comb_sql_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT timestamptz 'epoch' + idcraft_hex_bigint(substr(idcraft_uuid_hex(id), 21, 12)) * interval '1 millisecond' $$;

-- comb_binary: Unix milliseconds in .NET bytes 0..6, i.e. string bytes 3, 2, 1, 0, 5, 4.
CREATE OR REPLACE FUNCTION idcraft_comb_binary_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT timestamptz 'epoch' + idcraft_hex_bigint(
           substr(h, 7, 2) || substr(h, 5, 2) || substr(h, 3, 2) || substr(h, 1, 2) ||
           substr(h, 11, 2) || substr(h, 9, 2)) * interval '1 millisecond'
  FROM (SELECT idcraft_uuid_hex(id) AS h) AS x
$$;

-- comb_legacy: SQL datetime in the last 6 bytes: days since 1900 (2 bytes), 1/300 s (4 bytes).
CREATE OR REPLACE FUNCTION idcraft_comb_legacy_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT timestamptz '1900-01-01 00:00:00+00'
         + idcraft_hex_bigint(substr(h, 21, 4)) * interval '1 day'
         + idcraft_hex_bigint(substr(h, 25, 8)) * interval '1 second' / 300
  FROM (SELECT idcraft_uuid_hex(id) AS h) AS x
$$;

-- hot: Unix seconds in the first 4 bytes.
CREATE OR REPLACE FUNCTION idcraft_hot_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT timestamptz 'epoch' + idcraft_hex_bigint(substr(idcraft_uuid_hex(id), 1, 8)) * interval '1 second' $$;

-- distributed: NUMERIC(28,0) = ms45 * 2^48 + random48, milliseconds since 1900.
-- (The generator embeds creation time minus one second.)
CREATE OR REPLACE FUNCTION idcraft_distributed_time(id numeric) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT timestamptz '1900-01-01 00:00:00+00' + floor(id / 281474976710656) * interval '1 millisecond' $$;

-- distributed128: milliseconds since 1700 in the first 6 bytes.
CREATE OR REPLACE FUNCTION idcraft_distributed128_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT timestamptz '1700-01-01 00:00:00+00' + idcraft_hex_bigint(substr(idcraft_uuid_hex(id), 1, 12)) * interval '1 millisecond' $$;

-- sno: bytea(10); 39-bit count of 4 ms units since 2010 in the first 5 bytes (then the tick bit).
CREATE OR REPLACE FUNCTION idcraft_sno_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT timestamptz '2010-01-01 00:00:00+00' + (idcraft_hex_bigint(encode(substring(id FROM 1 FOR 5), 'hex')) >> 1) * interval '4 milliseconds' $$;

-- uid64: bigint = megaseconds(20) | seconds(20) | microseconds >> 10 (10) | sequence(14).
CREATE OR REPLACE FUNCTION idcraft_uid64_time(id bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT timestamptz 'epoch'
         + ((id >> 44) * 1000000 + ((id >> 24) & 1048575)) * interval '1 second'
         + ((id >> 14) & 1023) * 1024 * interval '1 microsecond'
$$;

-- uid96 (interval 8): bytea(12) = megaseconds(20) | seconds >> 8 (12) | node(32) | seconds & 255 (8)
--                                | microseconds >> 10 (10) | sequence(14).
CREATE OR REPLACE FUNCTION idcraft_uid96_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT timestamptz 'epoch'
         + ((head >> 12) * 1000000 + ((head & 4095) << 8) + get_byte(id, 8)) * interval '1 second'
         + (tail >> 14) * 1024 * interval '1 microsecond'
  FROM (SELECT idcraft_hex_bigint(encode(substring(id FROM 1 FOR 4), 'hex')) AS head,
               idcraft_hex_bigint(encode(substring(id FROM 10 FOR 3), 'hex')) AS tail) AS x
$$;
