-- idcraft: the embedded time of each scheme, and the range bounds of a time window, inside
-- PostgreSQL. Plain SQL, no extension. Load with: psql "$DATABASE_URL" -f sql/postgres/idcraft.sql
-- (every statement is CREATE OR REPLACE: loading it again upgrades it in place).
--
-- For every scheme of the registry, on each PostgreSQL column type its Rust column uses:
--
--   idcraft_<scheme>_time(id)       -> timestamptz   the embedded instant (Rust's `timestamp()`)
--   idcraft_<scheme>_min_at(t)      -> column type   the smallest ID whose time is t (`Scheme::min_at`)
--   idcraft_<scheme>_max_at(t)      -> column type   the largest ID whose time is t (`Scheme::max_at`)
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
--   instagram_id, sonyflake, mastodon
--   a declared layout (snowflake, sonyflake  bigint                      the generic functions with
--     with options)                                                       the layout's parameters
--   ksuid, ksuid_ms                          bytea (20 bytes)
--   object_id, xid                           bytea (12 bytes)
--
-- Each scheme's functions are declared, not written out: the layouts whose time is one
-- big-endian field of their bytes, and the snowflakes, are rows of a table of their facts
-- (epoch, unit, where the time stands, range), from which the file makes each function a call
-- of the generic ones with those facts; the other layouts' functions call their own arithmetic.
-- `\sf idcraft_uuid7_min_at` shows what one does.
--
-- `_time` is overloaded on the column type, so `idcraft_ulid_time(id)` works on a uuid and on a
-- bytea column alike; where a scheme has overloads, an untyped literal or driver parameter is
-- ambiguous ("function ... is not unique"): cast it, `idcraft_ulid_time($1::uuid)`. A return type
-- cannot overload a function, so the bounds of the other column types carry the type's name:
-- `idcraft_ulid_min_at_bytea(t)`, `idcraft_distributed128_max_at_numeric(t)`.
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
--
-- Bounds: `WHERE id BETWEEN idcraft_x_min_at(t1) AND idcraft_x_max_at(t2)` compares the column
-- with two constants (the functions are IMMUTABLE, so the planner computes them once), which a
-- B-tree index on id answers with a range scan. An instant outside the layout's range is clamped
-- into it, as in Rust (`Scheme::time_range`): a bound before the first instant is the first ID,
-- after the last is the last ID; -infinity and infinity clamp too. The bounds are exactly
-- `Scheme::min_at`/`max_at`, which do not widen by the scheme's EMBED_LAG as the derived types'
-- `min_at` does: to hold every ID whose generation started at t1, widen the lower bound by it,
--   idcraft_x_min_at(t1 - interval '20 milliseconds')   -- sno, uid64, uid96, hot (coarse clock)
--   idcraft_x_min_at(t1 - interval '1.00005 seconds')   -- distributed (its deliberate 1 s)
--   idcraft_x_min_at(t1 - interval '50 microseconds')   -- the others (the precise clock)
-- Where the column's order is time order, the range holds exactly the IDs whose time is from the
-- start of t1's time unit to t2. Where it is not (comb_sql and comb_legacy store time in the bytes PostgreSQL compares last, comb_binary
-- in uuid in permuted bytes), the range is complete but not selective: index the time instead,
--   CREATE INDEX ON orders (idcraft_comb_sql_time(id));
--   ... WHERE idcraft_comb_sql_time(id) BETWEEN t1 AND t2
-- and for uid96 (the node outranks the low 8 bits of the seconds) it holds some IDs of other
-- nodes from the first and last 256 s. uid64 values made after the year 18600 are negative
-- bigints (as Rust stores them), so a range across that instant is not one range.

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

-- A non-negative integer as `digits` hex digits.
CREATE OR REPLACE FUNCTION idcraft_hex(v bigint, digits integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lpad(to_hex(v), digits, '0') $$;
COMMENT ON FUNCTION idcraft_hex(bigint, integer) IS 'idcraft: a non-negative integer as that many hex digits';

-- `epoch` plus `us` microseconds, exactly: whole hours and the rest, each product exact in
-- float8 (interval * number is float8 arithmetic). Only the interval's time field is used, so
-- the session's TimeZone plays no part (timestamptz + interval is STABLE only because a days or
-- months field would depend on it).
CREATE OR REPLACE FUNCTION idcraft_us_after(epoch timestamptz, us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT epoch + (us / 3600000000) * interval '1 hour' + (us % 3600000000) * interval '1 microsecond' $$;
COMMENT ON FUNCTION idcraft_us_after(timestamptz, bigint) IS
  'idcraft: epoch plus us microseconds, exactly and whatever the session''s TimeZone';

-- Microseconds since the Unix epoch of a finite instant, exactly, from its UTC date and time
-- fields (extract(epoch ...) is float8 before PostgreSQL 14, and STABLE).
CREATE OR REPLACE FUNCTION idcraft_unix_us(t timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT ((t AT TIME ZONE 'UTC')::date - date '1970-01-01')::bigint * 86400000000
         + extract(hour FROM t AT TIME ZONE 'UTC')::bigint * 3600000000
         + extract(minute FROM t AT TIME ZONE 'UTC')::bigint * 60000000
         + extract(microseconds FROM t AT TIME ZONE 'UTC')::bigint
$$;
COMMENT ON FUNCTION idcraft_unix_us(timestamptz) IS 'idcraft: microseconds since 1970-01-01 UTC of a finite instant, exactly';

-- Microseconds from `epoch` to `t` clamped into `earliest`..`latest` (epoch <= earliest): the
-- offset the bounds below divide into the layout's time units, never negative, so integer
-- division is the floor Rust takes.
CREATE OR REPLACE FUNCTION idcraft_clamped_us(t timestamptz, epoch timestamptz, earliest timestamptz,
    latest timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_unix_us(LEAST(GREATEST(t, earliest), latest)) - idcraft_unix_us(epoch) $$;
COMMENT ON FUNCTION idcraft_clamped_us(timestamptz, timestamptz, timestamptz, timestamptz) IS
  'idcraft: microseconds from epoch to t clamped into earliest..latest';

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

-- The instant of a layout whose time is the `len` big-endian bytes from byte `first_byte` (1 the
-- first), above `shift` bits of something else, counted in `unit_us` microseconds since `epoch`.
CREATE OR REPLACE FUNCTION idcraft_field_time(id bytea, epoch timestamptz, first_byte integer, len integer, shift integer,
    unit_us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after(epoch, (idcraft_be_bigint(substring(id FROM first_byte FOR len)) >> shift) * unit_us) $$;
COMMENT ON FUNCTION idcraft_field_time(bytea, timestamptz, integer, integer, integer, bigint) IS
  'idcraft: the instant of bytes whose len bytes from byte first_byte count unit_us since epoch, above shift bits';

-- The `digits` hex digits of such a time field for t, clamped into `epoch`..`latest`: the units
-- since epoch above `shift` bits all 0 (`ones` false) or all 1.
CREATE OR REPLACE FUNCTION idcraft_field_hex(t timestamptz, epoch timestamptz, latest timestamptz, unit_us bigint,
    digits integer, shift integer, ones boolean) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_hex(((idcraft_clamped_us(t, epoch, epoch, latest) / unit_us) << shift)
                     | CASE WHEN ones THEN (1::bigint << shift) - 1 ELSE 0 END, digits)
$$;
COMMENT ON FUNCTION idcraft_field_hex(timestamptz, timestamptz, timestamptz, bigint, integer, integer, boolean) IS
  'idcraft: the hex digits of the time field of t (clamped into epoch..latest) in unit_us units, above shift bits of 0 or 1';

-- ------------------------------------------------------------------------------------------
-- Declaring a scheme's functions. Every idcraft_<scheme>_time/_min_at/_max_at is a SQL
-- function of one expression, IMMUTABLE STRICT PARALLEL SAFE and commented alike, made by these helpers
-- (temporary, and dropped at the end of this file) from the scheme's body: a call of the
-- functions above with the layout's facts, or of the scheme's own arithmetic below. A SQL
-- function of one expression is inlined into the query, so `_time(id)` costs no call of its own;
-- the bounds' arguments are constants, which the planner folds before it plans the index scan.

-- CREATE OR REPLACE the SQL function `signature` returning `returns` as SELECT `body`, and
-- COMMENT it.
CREATE OR REPLACE PROCEDURE pg_temp.idcraft_define(signature text, returns text, body text, comment text)
LANGUAGE plpgsql
AS $$
BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION %s RETURNS %s LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %L',
                 signature, returns, 'SELECT ' || body);
  EXECUTE format('COMMENT ON FUNCTION %s IS %L', signature, 'idcraft: ' || comment);
END
$$;

-- idcraft_<scheme>_time(id <type>): `body` reads `id`; `resolution` is how it keeps Rust's time.
CREATE OR REPLACE PROCEDURE pg_temp.idcraft_time(scheme text, type text, body text, resolution text)
LANGUAGE plpgsql
AS $$
BEGIN
  CALL pg_temp.idcraft_define(format('idcraft_%s_time(id %s)', scheme, type), 'timestamptz', body,
    format('the instant a %s ID in a %s column embeds (Rust''s timestamp(), %s)', scheme, type, resolution));
END
$$;

-- idcraft_<scheme>_min_at<suffix>(t) and _max_at<suffix>(t), returning `type`: `smallest` and
-- `largest` compute them from `t`; `range` is the layout's, which t is clamped into.
CREATE OR REPLACE PROCEDURE pg_temp.idcraft_bounds(scheme text, type text, suffix text, smallest text, largest text,
    range text)
LANGUAGE plpgsql
AS $$
DECLARE
  b record;
BEGIN
  FOR b IN SELECT * FROM (VALUES ('min', 'smallest', smallest), ('max', 'largest', largest)) AS x(name, adjective, body)
  LOOP
    CALL pg_temp.idcraft_define(format('idcraft_%s_%s_at%s(t timestamptz)', scheme, b.name, suffix), type, b.body,
      format('the %s %s ID in a %s column whose time is t, t clamped into %s (Rust''s Scheme::%s_at)',
             b.adjective, scheme, type, range, b.name));
  END LOOP;
END
$$;

-- A scheme kept in a uuid column (its bytes in string order, or .NET's when `dotnet`) and in
-- bytea: its uuid functions read and write the bytes of its bytea ones.
CREATE OR REPLACE PROCEDURE pg_temp.idcraft_uuid_twins(scheme text, dotnet boolean, range text, resolution text)
LANGUAGE plpgsql
AS $$
DECLARE
  swap text := CASE WHEN dotnet THEN 'idcraft_guid_swap(%s)' ELSE '%s' END;
  bound text := format('encode(%s, ''hex'')::uuid', format(swap, format('idcraft_%s_%%s_at_bytea(t)', scheme)));
BEGIN
  CALL pg_temp.idcraft_time(scheme, 'uuid', format('idcraft_%s_time(%s)', scheme, format(swap, 'uuid_send(id)')),
                            resolution);
  CALL pg_temp.idcraft_bounds(scheme, 'uuid', '', format(bound, 'min'), format(bound, 'max'), range);
END
$$;

-- ------------------------------------------------------------------------------------------
-- The layouts whose time is one big-endian field of their bytes, declared by their facts in
-- the table below (in milliseconds unless said otherwise):
--   comb_pg (RT.Comb PostgreSql): Unix ms in the first 6 bytes.
--   comb_sql (RT.Comb SqlServer): Unix ms in the last 6 bytes (where SQL Server's
--     uniqueidentifier order looks first; PostgreSQL's looks there last).
--   comb_binary (RT.Comb Oracle / SqliteBinary): Unix ms in .NET bytes 0..6, i.e. string bytes
--     3, 2, 1, 0, 5, 4. Its bytea form is the .NET byte array (as idcraft's binary columns write
--     it), which sorts by time; its uuid form does not.
--   hot (HotGuid): Unix seconds in the first 4 bytes.
--   distributed128 (Architect.Identities' DistributedId128): the u128 ms48 | 7 (4 bits) |
--     random 12 | 0 | random 63, ms since 1700; as uuid (the Rust column), bytea (its 16
--     big-endian bytes) and NUMERIC(38,0) (the u128, further down).
--   uuid7 (RFC 9562) and ulid: 48 bits of Unix ms first. uuid7's smallest and largest keep the
--     version (7) and variant (10) bits, which Rust requires of every value.
--   sno: bytea(10); a 39-bit count of 4 ms units since 2010 in the first 5 bytes, then the tick bit.
--   ksuid: bytea(20); the seconds since 2014-05-13T16:53:20Z (Unix 1400000000) in the first 4
--     bytes, then 16 payload bytes.
--   object_id (MongoDB's ObjectId): bytea(12); Unix seconds in the first 4 bytes, then 5 random
--     bytes and a 3-byte counter.
--   xid (rs/xid): bytea(12); Unix seconds in the first 4 bytes, then a 3-byte machine ID, a
--     2-byte process ID and a 3-byte counter.
-- Each row makes idcraft_<scheme>_time(bytea) a call of idcraft_field_time, and its bounds in
-- bytea the digits of idcraft_field_hex beside the rest of the bytes (all 0 in the smallest ID
-- and all f in the largest, unless the row says otherwise); a uuid layout gets its uuid twins.
DO $$
DECLARE
  f record;
  resolution text;
  head text;    -- the field's hex digits of t, but for the last argument (ones)
  around text;  -- the field's digits (1) beside the rest (2): the field first, or (comb_sql) last
BEGIN
  FOR f IN SELECT * FROM (VALUES
    -- scheme, column, .NET byte order, epoch, time field (first byte, length, bits below it), unit (us),
    -- last instant, bytes, the bytes around the field in the smallest and largest ID (hex; NULL: 0 and f), range
    ('comb_pg',        'uuid',  false, 'epoch',                  1,  6, 0, 1000,    '9999-12-31 23:59:59.999+00',     16, NULL,                   NULL,                   '1970 to 9999-12-31T23:59:59.999Z'),
    ('comb_sql',       'uuid',  false, 'epoch',                  11, 6, 0, 1000,    '9999-12-31 23:59:59.999+00',     16, NULL,                   NULL,                   '1970 to 9999-12-31T23:59:59.999Z'),
    ('comb_binary',    'uuid',  true,  'epoch',                  1,  6, 0, 1000,    '9999-12-31 23:59:59.999+00',     16, NULL,                   NULL,                   '1970 to 9999-12-31T23:59:59.999Z'),
    ('hot',            'uuid',  false, 'epoch',                  1,  4, 0, 1000000, '2106-02-07 06:28:15.999999+00',  16, NULL,                   NULL,                   '1970 to 2106-02-07T06:28:15Z'),
    ('distributed128', 'uuid',  false, '1700-01-01 00:00:00+00', 1,  6, 0, 1000,    '10619-08-04 05:31:50.655999+00', 16, '70000000000000000000', '7fff7fffffffffffffff', '1700 to 10619-08-04T05:31:50.655Z'),
    ('uuid7',          'uuid',  false, 'epoch',                  1,  6, 0, 1000,    '10889-08-02 05:31:50.655999+00', 16, '70008000000000000000', '7fffbfffffffffffffff', '1970 to 10889-08-02T05:31:50.655Z'),
    ('ulid',           'uuid',  false, 'epoch',                  1,  6, 0, 1000,    '10889-08-02 05:31:50.655999+00', 16, NULL,                   NULL,                   '1970 to 10889-08-02T05:31:50.655Z'),
    ('sno',            'bytea', false, '2010-01-01 00:00:00+00', 1,  5, 1, 4000,    '2079-09-07 15:47:35.551999+00',  10, NULL,                   NULL,                   '2010 to 2079-09-07T15:47:35.548Z'),
    ('ksuid',          'bytea', false, '2014-05-13 16:53:20+00', 1,  4, 0, 1000000, '2150-06-19 23:21:35.999999+00',  20, NULL,                   NULL,                   '2014-05-13T16:53:20Z to 2150-06-19T23:21:35Z'),
    ('object_id',      'bytea', false, 'epoch',                  1,  4, 0, 1000000, '2106-02-07 06:28:15.999999+00',  12, NULL,                   NULL,                   '1970 to 2106-02-07T06:28:15Z'),
    ('xid',            'bytea', false, 'epoch',                  1,  4, 0, 1000000, '2106-02-07 06:28:15.999999+00',  12, NULL,                   NULL,                   '1970 to 2106-02-07T06:28:15Z')
    ) AS facts(scheme, col, dotnet, epoch, first_byte, len, shift, unit_us, latest, bytes, smallest, largest, range)
  LOOP
    resolution := CASE WHEN f.unit_us % 1000000 = 0 THEN 'whole seconds' ELSE 'truncated to the microsecond' END;
    head := format('idcraft_field_hex(t, %L, %L, %s, %s, %s, %%s)', f.epoch, f.latest, f.unit_us, 2 * f.len, f.shift);
    around := CASE WHEN f.first_byte = 1 THEN 'decode(%1$s || %2$L, ''hex'')' ELSE 'decode(%2$L || %1$s, ''hex'')' END;
    CALL pg_temp.idcraft_time(f.scheme, 'bytea', format('idcraft_field_time(id, %L, %s, %s, %s, %s)',
                              f.epoch, f.first_byte, f.len, f.shift, f.unit_us), resolution);
    CALL pg_temp.idcraft_bounds(f.scheme, 'bytea', CASE WHEN f.col = 'uuid' THEN '_bytea' ELSE '' END,
      format(around, format(head, 'false'), COALESCE(f.smallest, repeat('0', 2 * (f.bytes - f.len)))),
      format(around, format(head, 'true'), COALESCE(f.largest, repeat('f', 2 * (f.bytes - f.len)))), f.range);
    IF f.col = 'uuid' THEN
      CALL pg_temp.idcraft_uuid_twins(f.scheme, f.dotnet, f.range, resolution);
    END IF;
  END LOOP;
END
$$;

-- The 12 hex digits of the Unix milliseconds of t, clamped into 48 bits (uuid7's and ulid's time).
CREATE OR REPLACE FUNCTION idcraft_unix_ms48(t timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_field_hex(t, 'epoch', '10889-08-02 05:31:50.655999+00', 1000, 12, 0, false) $$;
COMMENT ON FUNCTION idcraft_unix_ms48(timestamptz) IS
  'idcraft: the 12 hex digits of the Unix milliseconds of t, clamped into 48 bits (uuid7, ulid)';

-- Byte layouts that start with 32-bit big-endian seconds since an epoch (ksuid, object_id,
-- xid, declared above by their field): the instant they embed, and the bound of a second with
-- every byte after the seconds 00 (`fill` '0') or ff (`fill` 'f'), `len` bytes in all.
CREATE OR REPLACE FUNCTION idcraft_seconds_prefix_time(id bytea, epoch timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_field_time(id, epoch, 1, 4, 0, 1000000) $$;
COMMENT ON FUNCTION idcraft_seconds_prefix_time(bytea, timestamptz) IS
  'idcraft: the instant of a bytea whose first 4 bytes are big-endian seconds since epoch';

CREATE OR REPLACE FUNCTION idcraft_seconds_prefix_bound(t timestamptz, epoch timestamptz, latest timestamptz,
    len integer, fill text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT decode(idcraft_field_hex(t, epoch, latest, 1000000, 8, 0, false) || repeat(fill, 2 * (len - 4)), 'hex') $$;
COMMENT ON FUNCTION idcraft_seconds_prefix_bound(timestamptz, timestamptz, timestamptz, integer, text) IS
  'idcraft: len bytes: the seconds of t (clamped into epoch..latest) since epoch, then bytes of fill (0 or f)';

-- ------------------------------------------------------------------------------------------
-- comb_legacy (RT.Comb Legacy): SQL Server datetime in the last 6 bytes: days since 1900
-- (2 bytes), then 1/300 s since midnight (4 bytes, signed as .NET reads them; a valid COMB has
-- 0 to 25,920,000); 1900-01-01 to the end of day 65535 (2079-06-06). Rust reads tick n as
-- floor(n / 0.3 ms) in 100 ns units; here, floor(n * 10 / 3 ms) in microseconds.

CALL pg_temp.idcraft_time('comb_legacy', 'bytea', $$
  idcraft_us_after('1900-01-01 00:00:00+00',
    idcraft_be_bigint(substring(id FROM 11 FOR 2)) * 86400000000
    + floor(('x' || encode(substring(id FROM 13 FOR 4), 'hex'))::bit(32)::integer::bigint * 10000 / 3.0)::bigint)
$$, 'truncated to the microsecond');

-- The 12 hex digits of the datetime Rust writes for t: days, then ticks of the day rounded so
-- that a tick's own (truncated) instant maps back to it.
CREATE OR REPLACE FUNCTION idcraft_comb_legacy_hex(t timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_hex(us / 86400000000, 4) || idcraft_hex(((us % 86400000000) * 30 + 2) / 100000, 8)
  FROM (SELECT idcraft_clamped_us(t, '1900-01-01 00:00:00+00', '1900-01-01 00:00:00+00',
                                  '2079-06-06 23:59:59.999999+00') AS us) AS x
$$;
COMMENT ON FUNCTION idcraft_comb_legacy_hex(timestamptz) IS
  'idcraft: the 6 datetime bytes (12 hex digits) comb_legacy writes for t, clamped into its range';

CALL pg_temp.idcraft_bounds('comb_legacy', 'bytea', '_bytea',
  $$decode(repeat('0', 20) || idcraft_comb_legacy_hex(t), 'hex')$$,
  $$decode(repeat('f', 20) || idcraft_comb_legacy_hex(t), 'hex')$$, '1900 to 2079-06-06T23:59:59.999999Z');
CALL pg_temp.idcraft_uuid_twins('comb_legacy', false, '1900 to 2079-06-06T23:59:59.999999Z',
                                  'truncated to the microsecond');

-- ------------------------------------------------------------------------------------------
-- distributed (Architect.Identities' DistributedId): NUMERIC(28,0) = ms * 2^48 + random48,
-- milliseconds since 1900 (the generator embeds its clock less 1 s); 1900 to
-- 3014-12-13T12:41:28.831Z (45 bits of ms). div() is exact: numeric `/` rounds its quotient to
-- a few decimals, which carries an ID whose random part is near 2^48 into the next millisecond.

CALL pg_temp.idcraft_time('distributed', 'numeric',
  $$idcraft_us_after('1900-01-01 00:00:00+00', div(id, 281474976710656)::bigint * 1000)$$,
  'truncated to the microsecond');
CALL pg_temp.idcraft_bounds('distributed', 'numeric', '',
  $$(idcraft_clamped_us(t, '1900-01-01 00:00:00+00', '1900-01-01 00:00:00+00', '3014-12-13 12:41:28.831999+00')
     / 1000)::numeric * 281474976710656$$,
  $$(idcraft_clamped_us(t, '1900-01-01 00:00:00+00', '1900-01-01 00:00:00+00', '3014-12-13 12:41:28.831999+00')
     / 1000)::numeric * 281474976710656 + 281474976710655$$,
  '1900 to 3014-12-13T12:41:28.831Z');

-- distributed128 as NUMERIC(38,0), the u128 (its uuid and bytea functions are declared above):
-- ms * 2^80 + 7 * 2^76, and for the largest also 4095 * 2^64 + 2^63 - 1.

CREATE OR REPLACE FUNCTION idcraft_distributed128_ms(t timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_clamped_us(t, '1700-01-01 00:00:00+00', '1700-01-01 00:00:00+00', '10619-08-04 05:31:50.655999+00')
         / 1000
$$;
COMMENT ON FUNCTION idcraft_distributed128_ms(timestamptz) IS
  'idcraft: the milliseconds since 1700 distributed128 writes for t, clamped into its range';

CALL pg_temp.idcraft_time('distributed128', 'numeric',
  $$idcraft_us_after('1700-01-01 00:00:00+00', div(id, 1208925819614629174706176)::bigint * 1000)$$,
  'truncated to the microsecond');
CALL pg_temp.idcraft_bounds('distributed128', 'numeric', '_numeric',
  $$idcraft_distributed128_ms(t)::numeric * 1208925819614629174706176 + 7 * 75557863725914323419136$$,
  $$idcraft_distributed128_ms(t)::numeric * 1208925819614629174706176 + 7 * 75557863725914323419136
    + 4095 * 18446744073709551616 + 9223372036854775807$$,
  '1700 to 10619-08-04T05:31:50.655Z');

-- ------------------------------------------------------------------------------------------
-- uid64 (Erlang uid): bigint = megaseconds (20) | seconds (20) | microseconds >> 10 (10) |
-- sequence (14), the 64 bits in two's complement (from the year 18600 on, negative); 1970 to
-- 35198-01-19T07:06:39Z, in 1024 us ticks.

CALL pg_temp.idcraft_time('uid64', 'bigint', $$
  idcraft_us_after('epoch', (((id >> 44) & 1048575) * 1000000 + ((id >> 24) & 1048575)) * 1000000
                            + ((id >> 14) & 1023) * 1024)
$$, 'truncated to the microsecond');

-- The 16 hex digits of the uid64 of t (clamped into its range) with sequence `seq`.
CREATE OR REPLACE FUNCTION idcraft_uid64_hex(t timestamptz, seq integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_hex(us / 1000000000000, 5) || idcraft_hex(us / 1000000 % 1000000, 5)
         || idcraft_hex(((us % 1000000) >> 10 << 14) | seq, 6)
  FROM (SELECT idcraft_clamped_us(t, 'epoch', 'epoch', '35198-01-19 07:06:39.999999+00') AS us) AS x
$$;
COMMENT ON FUNCTION idcraft_uid64_hex(timestamptz, integer) IS
  'idcraft: the 16 hex digits of the uid64 of t (clamped into its range) with that sequence';

CALL pg_temp.idcraft_bounds('uid64', 'bigint', '', 'idcraft_hex_bigint(idcraft_uid64_hex(t, 0))',
  'idcraft_hex_bigint(idcraft_uid64_hex(t, 16383))', '1970 to 35198-01-19T07:06:39.999424Z');

-- ------------------------------------------------------------------------------------------
-- uid96 (Erlang uid, neighbourhood interval 8): bytea(12) = megaseconds (20) | seconds >> 8 (12)
-- | node (32) | seconds & 255 (8) | microseconds >> 10 (10) | sequence (14); the range of uid64.
-- Types of another interval (`uid96<6>`) lay the bits out otherwise: these do not read them.

CALL pg_temp.idcraft_time('uid96', 'bytea', $$
  idcraft_us_after('epoch',
    ((idcraft_be_bigint(substring(id FROM 1 FOR 4)) >> 12) * 1000000
     + ((idcraft_be_bigint(substring(id FROM 1 FOR 4)) & 4095) << 8) + get_byte(id, 8)) * 1000000
    + (idcraft_be_bigint(substring(id FROM 10 FOR 3)) >> 14) * 1024)
$$, 'truncated to the microsecond');

-- The uid96 of t (clamped into its range) with node and sequence all zeros or all ones.
CREATE OR REPLACE FUNCTION idcraft_uid96_bound(t timestamptz, ones boolean) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT decode(idcraft_hex(((us / 1000000000000) << 12) | (us / 1000000 % 1000000 >> 8), 8)
                || CASE WHEN ones THEN 'ffffffff' ELSE '00000000' END
                || idcraft_hex(((us / 1000000 % 1000000 % 256) << 24) | ((us % 1000000) >> 10 << 14)
                               | CASE WHEN ones THEN 16383 ELSE 0 END, 8), 'hex')
  FROM (SELECT idcraft_clamped_us(t, 'epoch', 'epoch', '35198-01-19 07:06:39.999999+00') AS us) AS x
$$;
COMMENT ON FUNCTION idcraft_uid96_bound(timestamptz, boolean) IS
  'idcraft: the uid96 of t (clamped into its range) with node and sequence all zeros or all ones';

CALL pg_temp.idcraft_bounds('uid96', 'bytea', '', 'idcraft_uid96_bound(t, false)', 'idcraft_uid96_bound(t, true)',
  '1970 to 35198-01-19T07:06:39.999424Z');

-- ------------------------------------------------------------------------------------------
-- ksuid_ms (svix-ksuid's KsuidMs): bytea(20); ksuid's seconds, then in the fifth byte the
-- millisecond within the second divided by 4, read back as (byte * 4) mod 1000 ms as the
-- original reads it; to 2150-06-19T23:21:35.996Z.

CALL pg_temp.idcraft_time('ksuid_ms', 'bytea', $$
  idcraft_us_after('2014-05-13 16:53:20+00', idcraft_be_bigint(substring(id FROM 1 FOR 4)) * 1000000
                                             + (get_byte(id, 4) * 4 % 1000) * 1000)
$$, '4 ms steps');

-- The first 5 bytes of a ksuid_ms whose time is t clamped into its range, in hex.
CREATE OR REPLACE FUNCTION idcraft_ksuid_ms_head(t timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT idcraft_hex(us / 1000000, 8) || idcraft_hex(us % 1000000 / 4000, 2)
  FROM (SELECT idcraft_clamped_us(t, '2014-05-13 16:53:20+00', '2014-05-13 16:53:20+00',
                                  '2150-06-19 23:21:35.999999+00') AS us) AS clamped
$$;
COMMENT ON FUNCTION idcraft_ksuid_ms_head(timestamptz) IS
  'idcraft: the seconds and 4 ms steps of a ksuid_ms whose time is t, clamped, as 10 hex digits';

CALL pg_temp.idcraft_bounds('ksuid_ms', 'bytea', '', $$decode(idcraft_ksuid_ms_head(t) || repeat('0', 30), 'hex')$$,
  $$decode(idcraft_ksuid_ms_head(t) || repeat('f', 30), 'hex')$$, '2014-05-13T16:53:20Z to 2150-06-19T23:21:35.996Z');

-- ------------------------------------------------------------------------------------------
-- Snowflakes, bigint: time units since the layout's epoch above the node and sequence (`shift`
-- bits). A negative bigint, which no generator makes and Rust refuses, reads as its unsigned
-- 64 bits would. The bounds stop at the last unit whose IDs stay below 2^63 (what the Rust
-- generators issue in); the layouts are declared in the table below.
-- A layout declared in #[id(...)] has no functions of its own: call the generic ones with its
-- parameters, `shift` = node_bits + sequence_bits and `last_unit` the last unit below both
-- 2^time_bits and 2^63, e.g. for epoch 2025-01-01, 1 ms, 41/10/12 bits:
--   idcraft_snowflake_time(id, 1735689600000, 1, 22)
--   idcraft_snowflake_bound(t, 1735689600000, 1, 22, 2199023255551, false)  (true: the largest)

-- The instant of a snowflake: `epoch_ms` + units * `unit_ms`.
CREATE OR REPLACE FUNCTION idcraft_snowflake_time(id bigint, epoch_ms bigint, unit_ms integer, shift integer)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT idcraft_us_after('epoch', (epoch_ms + ((id >> shift) & ((1::bigint << (64 - shift)) - 1)) * unit_ms) * 1000) $$;
COMMENT ON FUNCTION idcraft_snowflake_time(bigint, bigint, integer, integer) IS
  'idcraft: the instant of a snowflake of the layout epoch_ms (Unix ms), unit_ms, shift (node and sequence bits)';

-- The smallest (`ones` false) or largest snowflake of t's unit, t clamped into the layout's
-- range, whose last unit is `last_unit`.
CREATE OR REPLACE FUNCTION idcraft_snowflake_bound(t timestamptz, epoch_ms bigint, unit_ms integer, shift integer,
    last_unit bigint, ones boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT (idcraft_clamped_us(t, e, e, idcraft_us_after(e, (last_unit + 1) * unit_ms * 1000 - 1)) / 1000 / unit_ms << shift)
         | CASE WHEN ones THEN (1::bigint << shift) - 1 ELSE 0 END
  FROM (SELECT idcraft_us_after('epoch', epoch_ms * 1000) AS e) AS x
$$;
COMMENT ON FUNCTION idcraft_snowflake_bound(timestamptz, bigint, integer, integer, bigint, boolean) IS
  'idcraft: the smallest or largest snowflake of t''s unit in the layout epoch_ms, unit_ms, shift, last_unit';

DO $$
DECLARE
  f record;
BEGIN
  FOR f IN SELECT * FROM (VALUES
    -- scheme, epoch (Unix ms), unit (ms), shift (node and sequence bits), last unit, range
    ('twitter_snowflake', 1288834974657, 1,  22, 2199023255551,   '2010-11-04T01:42:54.657Z to 2080-07-10T17:30:30.208Z'),
    ('discord_snowflake', 1420070400000, 1,  22, 2199023255551,   '2015 to 2084-09-06T15:47:35.551Z'),
    ('instagram_id',      1314220021721, 1,  23, 1099511627775,   '2011-08-24T21:07:01.721Z to 2046-06-27T17:00:49.496Z'),
    ('sonyflake',         1409529600000, 10, 24, 549755813887,    '2014-09-01 to 2188-11-16T03:28:58.870Z'),
    ('mastodon',          0,             1,  16, 140737488355327, '1970 to 6429-10-17T02:45:55.327Z')
  ) AS layout(scheme, epoch_ms, unit_ms, shift, last_unit, range)
  LOOP
    CALL pg_temp.idcraft_time(f.scheme, 'bigint',
      format('idcraft_snowflake_time(id, %s, %s, %s)', f.epoch_ms, f.unit_ms, f.shift), 'truncated to the microsecond');
    CALL pg_temp.idcraft_bounds(f.scheme, 'bigint', '',
      format('idcraft_snowflake_bound(t, %s, %s, %s, %s, false)', f.epoch_ms, f.unit_ms, f.shift, f.last_unit),
      format('idcraft_snowflake_bound(t, %s, %s, %s, %s, true)', f.epoch_ms, f.unit_ms, f.shift, f.last_unit), f.range);
  END LOOP;
END
$$;

-- The declaring helpers go with the session that loaded this file; drop them now so that
-- nothing but the functions above is left named idcraft_*.
DROP PROCEDURE pg_temp.idcraft_uuid_twins(text, boolean, text, text), pg_temp.idcraft_bounds(text, text, text, text, text, text),
              pg_temp.idcraft_time(text, text, text, text), pg_temp.idcraft_define(text, text, text, text);
