-- idcraft: the embedded time of each scheme inside PostgreSQL. Plain SQL, no extension. Load with: psql "$DATABASE_URL" -f sql/postgres/idcraft.sql
-- (every statement is CREATE OR REPLACE: loading it again upgrades it in place).
--
-- For every scheme of the registry, on each PostgreSQL column type its Rust column uses:
--
--   idcraft_<scheme>_time(id)       -> timestamptz   the embedded instant (Rust's `timestamp()`)
--
--   scheme                                   column (the Rust column's)  also
--   comb_sql, comb_pg, comb_legacy, hot      uuid                        bytea (string-order bytes)
--   comb_binary                              uuid                        bytea (.NET byte order)
--   uuid7, ulid                              uuid                        bytea
--   distributed                              numeric (NUMERIC(28,0))
--   distributed128                           uuid                        numeric (NUMERIC(38,0)), bytea
--   sno                                      bytea (10 bytes)
--   uid64                                    bigint
--   uid96                                    bytea (12 bytes; interval 8, the registry's `uid96`)
--   twitter_snowflake, discord_snowflake,    bigint
--   instagram_id, sonyflake
--
-- `_time` is overloaded on the column type, so `idcraft_ulid_time(id)` works on a uuid and on a
-- bytea column alike; where a scheme has overloads, an untyped literal or driver parameter is
-- ambiguous ("function ... is not unique"): cast it, `idcraft_ulid_time($1::uuid)`.
--
-- Times: timestamptz holds microseconds, so the result is the Rust instant truncated to the
-- microsecond; that is the instant itself for every scheme but comb_legacy, whose 1/300 s ticks
-- Rust (.NET) reads in 100 ns units: tick 1 is 3.3333 ms in Rust, 3.333 ms here. The functions
-- read the bits where the layout puts them and check nothing else, as `timestamp()` does (a value
-- the layout calls invalid, e.g. a uuid7 column holding a random v4 UUID, reads as some time).
-- Arithmetic is exact over each layout's whole range (integers only: `number * interval` is
-- float8 arithmetic, which drifts by microseconds past 2^53 us, about the year 2255), and never
-- adds days or months, so no result depends on the session's TimeZone: IMMUTABLE is true, and
-- an expression index on idcraft_<scheme>_time(id) is sound. An index made with an earlier
-- version of this file needs a REINDEX if it covers a value that version read otherwise:
-- comb_legacy in a TimeZone with daylight saving time (an hour off in summer), distributed with
-- a random part near 2^48 (a millisecond late), uid64 from the year 18600 on, and any time past
-- the year 2255 (microseconds off).

-- ------------------------------------------------------------------------------------------
-- Helpers

-- The 32 hex digits of a uuid, in string order.
CREATE OR REPLACE FUNCTION idcraft_uuid_hex(id uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT replace(id::text, '-', '') $$;
COMMENT ON FUNCTION idcraft_uuid_hex(uuid) IS 'idcraft: the 32 hex digits of a uuid, in string order';

-- Up to 16 hex digits as a bigint (16 digits: two's complement).
CREATE OR REPLACE FUNCTION idcraft_hex_bigint(hex text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ('x' || lpad(hex, 16, '0'))::bit(64)::bigint $$;
COMMENT ON FUNCTION idcraft_hex_bigint(text) IS 'idcraft: up to 16 hex digits as a bigint (16 digits: two''s complement)';

-- Up to 8 bytes as a big-endian bigint (8 bytes: two's complement).
CREATE OR REPLACE FUNCTION idcraft_be_bigint(b bytea) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ('x' || lpad(encode(b, 'hex'), 16, '0'))::bit(64)::bigint $$;
COMMENT ON FUNCTION idcraft_be_bigint(bytea) IS 'idcraft: up to 8 bytes as a big-endian bigint (8 bytes: two''s complement)';

-- `epoch` plus `us` microseconds, exactly: whole hours and the rest, each product exact in
-- float8 (interval * number is float8 arithmetic). Only the interval's time field is used, so
-- the session's TimeZone plays no part (timestamptz + interval is STABLE only because a days or
-- months field would depend on it).
CREATE OR REPLACE FUNCTION idcraft_us_after(epoch timestamptz, us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT epoch + (us / 3600000000) * interval '1 hour' + (us % 3600000000) * interval '1 microsecond' $$;
COMMENT ON FUNCTION idcraft_us_after(timestamptz, bigint) IS
  'idcraft: epoch plus us microseconds, exactly and whatever the session''s TimeZone';

-- A GUID's bytes between string (RFC) order and .NET's ToByteArray() order: the first three
-- fields reversed (its own inverse).
CREATE OR REPLACE FUNCTION idcraft_guid_swap(b bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT substring(b FROM 4 FOR 1) || substring(b FROM 3 FOR 1) || substring(b FROM 2 FOR 1)
         || substring(b FROM 1 FOR 1) || substring(b FROM 6 FOR 1) || substring(b FROM 5 FOR 1)
         || substring(b FROM 8 FOR 1) || substring(b FROM 7 FOR 1) || substring(b FROM 9)
$$;
COMMENT ON FUNCTION idcraft_guid_swap(bytea) IS
  'idcraft: a GUID''s 16 bytes between string order and .NET ToByteArray() order (its own inverse)';

-- ------------------------------------------------------------------------------------------
-- comb_pg (RT.Comb PostgreSql): Unix milliseconds in the first 6 bytes; 1970 to
-- 9999-12-31T23:59:59.999Z (.NET's last instant).

CREATE OR REPLACE FUNCTION idcraft_comb_pg_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', idcraft_be_bigint(substring(id FROM 1 FOR 6)) * 1000) $$;
COMMENT ON FUNCTION idcraft_comb_pg_time(bytea) IS
  'idcraft: the instant a comb_pg ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_comb_pg_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_comb_pg_time(uuid_send(id)) $$;
COMMENT ON FUNCTION idcraft_comb_pg_time(uuid) IS
  'idcraft: the instant a comb_pg ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- comb_sql (RT.Comb SqlServer): Unix milliseconds in the last 6 bytes (where SQL Server's
-- uniqueidentifier order looks first; PostgreSQL's looks there last); 1970 to 9999.

CREATE OR REPLACE FUNCTION idcraft_comb_sql_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', idcraft_be_bigint(substring(id FROM 11 FOR 6)) * 1000) $$;
COMMENT ON FUNCTION idcraft_comb_sql_time(bytea) IS
  'idcraft: the instant a comb_sql ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_comb_sql_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_comb_sql_time(uuid_send(id)) $$;
COMMENT ON FUNCTION idcraft_comb_sql_time(uuid) IS
  'idcraft: the instant a comb_sql ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- comb_legacy (RT.Comb Legacy): SQL Server datetime in the last 6 bytes: days since 1900
-- (2 bytes), then 1/300 s since midnight (4 bytes, signed as .NET reads them; a valid COMB has
-- 0 to 25,920,000); 1900-01-01 to the end of day 65535 (2079-06-06). Rust reads tick n as
-- floor(n / 0.3 ms) in 100 ns units; here, floor(n * 10 / 3 ms) in microseconds.

CREATE OR REPLACE FUNCTION idcraft_comb_legacy_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_us_after('1900-01-01 00:00:00+00',
           idcraft_be_bigint(substring(id FROM 11 FOR 2)) * 86400000000
           + floor(('x' || encode(substring(id FROM 13 FOR 4), 'hex'))::bit(32)::integer::bigint * 10000 / 3.0)::bigint)
$$;
COMMENT ON FUNCTION idcraft_comb_legacy_time(bytea) IS
  'idcraft: the instant a comb_legacy ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_comb_legacy_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_comb_legacy_time(uuid_send(id)) $$;
COMMENT ON FUNCTION idcraft_comb_legacy_time(uuid) IS
  'idcraft: the instant a comb_legacy ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- comb_binary (RT.Comb Oracle / SqliteBinary): Unix milliseconds in .NET bytes 0..6, i.e.
-- string bytes 3, 2, 1, 0, 5, 4; 1970 to 9999. Its bytea form is the .NET byte array (as
-- idcraft's binary columns write it), which sorts by time; its uuid form does not.

CREATE OR REPLACE FUNCTION idcraft_comb_binary_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', idcraft_be_bigint(substring(id FROM 1 FOR 6)) * 1000) $$;
COMMENT ON FUNCTION idcraft_comb_binary_time(bytea) IS
  'idcraft: the instant a comb_binary ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_comb_binary_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_comb_binary_time(idcraft_guid_swap(uuid_send(id))) $$;
COMMENT ON FUNCTION idcraft_comb_binary_time(uuid) IS
  'idcraft: the instant a comb_binary ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- hot (HotGuid): Unix seconds in the first 4 bytes; 1970 to 2106-02-07T06:28:15Z.

CREATE OR REPLACE FUNCTION idcraft_hot_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', idcraft_be_bigint(substring(id FROM 1 FOR 4)) * 1000000) $$;
COMMENT ON FUNCTION idcraft_hot_time(bytea) IS
  'idcraft: the instant a hot ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_hot_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_hot_time(uuid_send(id)) $$;
COMMENT ON FUNCTION idcraft_hot_time(uuid) IS
  'idcraft: the instant a hot ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- distributed (Architect.Identities' DistributedId): NUMERIC(28,0) = ms * 2^48 + random48,
-- milliseconds since 1900 (the generator embeds its clock less 1 s); 1900 to
-- 3014-12-13T12:41:28.831Z (45 bits of ms). div() is exact: numeric `/` rounds its quotient to
-- a few decimals, which carries an ID whose random part is near 2^48 into the next millisecond.

CREATE OR REPLACE FUNCTION idcraft_distributed_time(id numeric) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('1900-01-01 00:00:00+00', div(id, 281474976710656)::bigint * 1000) $$;
COMMENT ON FUNCTION idcraft_distributed_time(numeric) IS
  'idcraft: the instant a distributed ID in a numeric column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- distributed128 (Architect.Identities' DistributedId128): the u128 ms48 | 7 (4 bits) |
-- random 12 | 0 | random 63, milliseconds since 1700; 1700 to 10619-08-04T05:31:50.655Z. As
-- uuid (the Rust column), bytea (its 16 big-endian bytes) and NUMERIC(38,0) (the u128).

CREATE OR REPLACE FUNCTION idcraft_distributed128_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('1700-01-01 00:00:00+00', idcraft_be_bigint(substring(id FROM 1 FOR 6)) * 1000) $$;
COMMENT ON FUNCTION idcraft_distributed128_time(bytea) IS
  'idcraft: the instant a distributed128 ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_distributed128_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_distributed128_time(uuid_send(id)) $$;
COMMENT ON FUNCTION idcraft_distributed128_time(uuid) IS
  'idcraft: the instant a distributed128 ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_distributed128_time(id numeric) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('1700-01-01 00:00:00+00', div(id, 1208925819614629174706176)::bigint * 1000) $$;
COMMENT ON FUNCTION idcraft_distributed128_time(numeric) IS
  'idcraft: the instant a distributed128 ID in a numeric column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- sno: bytea(10); a 39-bit count of 4 ms units since 2010 in the first 5 bytes, then the tick
-- bit; 2010 to 2079-09-07T15:47:35.551999999Z.

CREATE OR REPLACE FUNCTION idcraft_sno_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('2010-01-01 00:00:00+00', (idcraft_be_bigint(substring(id FROM 1 FOR 5)) >> 1) * 4000) $$;
COMMENT ON FUNCTION idcraft_sno_time(bytea) IS
  'idcraft: the instant a sno ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- uid64 (Erlang uid): bigint = megaseconds (20) | seconds (20) | microseconds >> 10 (10) |
-- sequence (14), the 64 bits in two's complement (from the year 18600 on, negative); 1970 to
-- 35198-01-19T07:06:39Z, in 1024 us ticks.

CREATE OR REPLACE FUNCTION idcraft_uid64_time(id bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_us_after('epoch', (((id >> 44) & 1048575) * 1000000 + ((id >> 24) & 1048575)) * 1000000
                                   + ((id >> 14) & 1023) * 1024)
$$;
COMMENT ON FUNCTION idcraft_uid64_time(bigint) IS
  'idcraft: the instant a uid64 ID in a bigint column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- uid96 (Erlang uid, neighbourhood interval 8): bytea(12) = megaseconds (20) | seconds >> 8 (12)
-- | node (32) | seconds & 255 (8) | microseconds >> 10 (10) | sequence (14); the range of uid64.
-- Types of another interval (`uid96<6>`) lay the bits out otherwise: these do not read them.

CREATE OR REPLACE FUNCTION idcraft_uid96_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_us_after('epoch',
           ((idcraft_be_bigint(substring(id FROM 1 FOR 4)) >> 12) * 1000000
            + ((idcraft_be_bigint(substring(id FROM 1 FOR 4)) & 4095) << 8) + get_byte(id, 8)) * 1000000
           + (idcraft_be_bigint(substring(id FROM 10 FOR 3)) >> 14) * 1024)
$$;
COMMENT ON FUNCTION idcraft_uid96_time(bytea) IS
  'idcraft: the instant a uid96 ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- uuid7 (RFC 9562) and ulid: 48 bits of Unix milliseconds first; 1970 to
-- 10889-08-02T05:31:50.655Z.

CREATE OR REPLACE FUNCTION idcraft_uuid7_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', idcraft_be_bigint(substring(id FROM 1 FOR 6)) * 1000) $$;
COMMENT ON FUNCTION idcraft_uuid7_time(bytea) IS
  'idcraft: the instant a uuid7 ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_uuid7_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_uuid7_time(uuid_send(id)) $$;
COMMENT ON FUNCTION idcraft_uuid7_time(uuid) IS
  'idcraft: the instant a uuid7 ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_ulid_time(id bytea) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', idcraft_be_bigint(substring(id FROM 1 FOR 6)) * 1000) $$;
COMMENT ON FUNCTION idcraft_ulid_time(bytea) IS
  'idcraft: the instant a ulid ID in a bytea column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_ulid_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_ulid_time(uuid_send(id)) $$;
COMMENT ON FUNCTION idcraft_ulid_time(uuid) IS
  'idcraft: the instant a ulid ID in a uuid column embeds (Rust''s timestamp(), truncated to the microsecond)';

-- ------------------------------------------------------------------------------------------
-- Snowflakes, bigint: time units since the layout's epoch above the node and sequence (`shift`
-- bits). A negative bigint, which no generator makes and Rust refuses, reads as its unsigned
-- 64 bits would:
--   twitter_snowflake  ms since 2010-11-04T01:42:54.657Z, shift 22
--   discord_snowflake  ms since 2015-01-01,                shift 22
--   instagram_id       ms since 2011-08-24T21:07:01.721Z, shift 23
--   sonyflake          10 ms since 2014-09-01,             shift 24

-- The instant of a snowflake: `epoch_ms` + units * `unit_ms`.
CREATE OR REPLACE FUNCTION idcraft_snowflake_time(id bigint, epoch_ms bigint, unit_ms integer, shift integer)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', (epoch_ms + ((id >> shift) & ((1::bigint << (64 - shift)) - 1)) * unit_ms) * 1000) $$;
COMMENT ON FUNCTION idcraft_snowflake_time(bigint, bigint, integer, integer) IS
  'idcraft: the instant of a snowflake of the layout epoch_ms (Unix ms), unit_ms, shift (node and sequence bits)';

CREATE OR REPLACE FUNCTION idcraft_twitter_snowflake_time(id bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_snowflake_time(id, 1288834974657, 1, 22) $$;
COMMENT ON FUNCTION idcraft_twitter_snowflake_time(bigint) IS
  'idcraft: the instant a twitter_snowflake ID in a bigint column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_discord_snowflake_time(id bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_snowflake_time(id, 1420070400000, 1, 22) $$;
COMMENT ON FUNCTION idcraft_discord_snowflake_time(bigint) IS
  'idcraft: the instant a discord_snowflake ID in a bigint column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_instagram_id_time(id bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_snowflake_time(id, 1314220021721, 1, 23) $$;
COMMENT ON FUNCTION idcraft_instagram_id_time(bigint) IS
  'idcraft: the instant a instagram_id ID in a bigint column embeds (Rust''s timestamp(), truncated to the microsecond)';

CREATE OR REPLACE FUNCTION idcraft_sonyflake_time(id bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_snowflake_time(id, 1409529600000, 10, 24) $$;
COMMENT ON FUNCTION idcraft_sonyflake_time(bigint) IS
  'idcraft: the instant a sonyflake ID in a bigint column embeds (Rust''s timestamp(), truncated to the microsecond)';