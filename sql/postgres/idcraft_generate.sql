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
-- random part's, unlike the Rust generators, which count up: the UUID-sized functions keep no
-- state between calls (monotonic per millisecond, not within it). idcraft_instagram_id and the
-- snowflakes keep their (time unit, sequence) pair in a sequence object, so their IDs are
-- unique database-wide and strictly increasing for each shard or node.
-- Randomness comes from gen_random_uuid() (PostgreSQL's cryptographically strong source).
-- The generators are PL/pgSQL, not SQL: a SQL function that cannot be inlined is planned anew
-- at every call, which costs more than making the ID.

-- The current Unix time in milliseconds.
CREATE OR REPLACE FUNCTION idcraft_unix_ms() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;

-- The low 6 bytes of a millisecond count, big-endian.
CREATE OR REPLACE FUNCTION idcraft_ms_bytes(ms bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT substring(int8send(ms) FROM 3 FOR 6) $$;

-- The generators of UUID-sized IDs: a time beside bytes of one random version 4 UUID, whose
-- bytes are `r` (uuid_send(gen_random_uuid())); each is declared by the expression of its 16
-- bytes, and made a PL/pgSQL function idcraft_<scheme>() returning uuid.
DO $do$
DECLARE
  g record;
BEGIN
  FOR g IN SELECT * FROM (VALUES
    -- uuid7 (RFC 9562): 48 bits of Unix ms, version 7, 74 random bits, variant 10.
    ('uuid7', $$idcraft_ms_bytes(idcraft_unix_ms()) || set_byte(substring(r FROM 7 FOR 10), 0, (get_byte(r, 6) & 15) | 112)$$),
    -- ulid, stored as uuid: 48 bits of Unix ms, 80 random bits (gen_random_uuid()'s bytes 0-5
    -- and 10-13, none of which holds its version or variant).
    ('ulid', $$idcraft_ms_bytes(idcraft_unix_ms()) || substring(r FROM 1 FOR 6) || substring(r FROM 11 FOR 4)$$),
    -- comb_pg (RT.Comb PostgreSql): a random version 4 GUID whose first 6 bytes are the Unix ms.
    ('comb_pg', $$idcraft_ms_bytes(idcraft_unix_ms()) || substring(r FROM 7 FOR 10)$$),
    -- comb_sql (RT.Comb SqlServer): a random version 4 GUID whose last 6 bytes are the Unix ms
    -- (what SQL Server's uniqueidentifier order compares first; PostgreSQL's uuid order does not).
    ('comb_sql', $$substring(r FROM 1 FOR 10) || idcraft_ms_bytes(idcraft_unix_ms())$$),
    -- distributed128 (Architect.Identities' DistributedId128), stored as uuid: 48 bits of ms
    -- since 1700-01-01, the nibble 7, 12 random bits, a zero bit, 63 random bits.
    ('distributed128', $$idcraft_ms_bytes(floor(extract(epoch FROM clock_timestamp() - timestamptz '1700-01-01 00:00:00+00') * 1000)::bigint)
                         || set_byte(set_byte(substring(r FROM 7 FOR 10), 0, (get_byte(r, 6) & 15) | 112), 2, get_byte(r, 0) & 127)$$)
  ) AS generator(scheme, bytes)
  LOOP
    EXECUTE format('CREATE OR REPLACE FUNCTION %I() RETURNS uuid LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS %L',
                   'idcraft_' || g.scheme,
                   format('DECLARE r bytea := uuid_send(gen_random_uuid()); BEGIN RETURN encode(%s, ''hex'')::uuid; END', g.bytes));
  END LOOP;
END
$do$;

-- ksuid (Segment's KSUID): 4 bytes of seconds since 2014-05-13T16:53:20Z (Unix 1400000000),
-- then 16 random bytes, as the original makes them: bytes 0-5 and 10-15 of one random UUID and
-- 0-3 of another (none of which holds a version or variant bit).
CREATE OR REPLACE FUNCTION idcraft_ksuid() RETURNS bytea
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $$
DECLARE
  a bytea := uuid_send(gen_random_uuid());
  b bytea := uuid_send(gen_random_uuid());
BEGIN
  RETURN substring(int8send(floor(extract(epoch FROM clock_timestamp()))::bigint - 1400000000) FROM 5 FOR 4)
         || substring(a FROM 1 FOR 6) || substring(a FROM 11 FOR 6) || substring(b FROM 1 FOR 4);
END
$$;

-- object_id (MongoDB's ObjectId): Unix seconds, 5 random bytes per process and a 3-byte
-- counter, as the drivers make them. Each PostgreSQL session is a server process: its random
-- bytes are drawn at its first call and kept in a session setting (a draw undone by a rollback
-- is drawn again, harmlessly). The counter is a sequence shared by every session, which never
-- hands out a value twice, rollback or not, and starts where the load left it at random.
DO $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS idcraft_object_id_seq START %s',
                 ('x' || substring(md5(gen_random_uuid()::text) FROM 1 FOR 6))::bit(24)::integer);
END
$$;

CREATE OR REPLACE FUNCTION idcraft_object_id() RETURNS bytea
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  process text := current_setting('idcraft.object_id_process', true);
BEGIN
  IF process IS NULL OR process = '' THEN
    process := encode(substring(uuid_send(gen_random_uuid()) FROM 1 FOR 5), 'hex');
    PERFORM set_config('idcraft.object_id_process', process, false);
  END IF;
  RETURN substring(int8send(floor(extract(epoch FROM clock_timestamp()))::bigint) FROM 5 FOR 4)
         || decode(process, 'hex')
         || substring(int8send(nextval('idcraft_object_id_seq') % 16777216) FROM 6 FOR 3);
END
$$;

-- instagram_id: 41 bits of ms since 1314220021721 (the epoch of Instagram's published
-- function), the 13-bit shard, a 10-bit sequence. Unlike Instagram's function (`nextval % 1024`
-- beside a clock read apart from it, which repeats as soon as a session stalls between the two,
-- or a millisecond takes more than 1,024 IDs), the (ms, sequence) pair is one state for the
-- database, shared by every shard and advanced as the snowflakes' below: each call takes
-- max(last + 1, now) under a session advisory lock held only for that step. IDs are therefore
-- unique database-wide and strictly increasing for each shard, whatever the sessions and the
-- clock do; a burst beyond 1,024 IDs in a millisecond (all shards together) borrows the next
-- milliseconds (the embedded time runs ahead of the clock by the excess, never repeats).
CREATE SEQUENCE IF NOT EXISTS idcraft_instagram_seq;

CREATE OR REPLACE FUNCTION idcraft_instagram_id(shard integer) RETURNS bigint
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  now_ms bigint := idcraft_unix_ms() - 1314220021721;
  issued bigint;
BEGIN
  IF shard IS NULL OR shard < 0 OR shard > 8191 THEN
    RAISE EXCEPTION 'idcraft_instagram_id: shard % is outside 0..8191 (13 bits)', shard
      USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
  -- A clock read long before the lock only makes this last + 1: never a repeat.
  PERFORM pg_advisory_lock(hashtext('idcraft_instagram_id'), 0);
  BEGIN
    issued := GREATEST(COALESCE(pg_sequence_last_value('idcraft_instagram_seq'), 0) + 1, now_ms << 10);
    PERFORM setval('idcraft_instagram_seq', issued);
    PERFORM pg_advisory_unlock(hashtext('idcraft_instagram_id'), 0);
  EXCEPTION WHEN OTHERS THEN
    PERFORM pg_advisory_unlock(hashtext('idcraft_instagram_id'), 0);
    RAISE;
  END;
  -- `<<` and `|` share one precedence level in PostgreSQL: every term is bracketed.
  RETURN ((issued >> 10) << 23) | (shard::bigint << 10) | (issued & 1023);
END
$$;

-- ---------------------------------------------------------------------------------------------
-- Snowflake layouts, with the node taken from the lease table (sql/postgres/idcraft_lease.sql,
-- load it first): the database claims one slot of the layout's namespace for itself, the way
-- a Rust process leases one (`LeaseConfig::twitter_workers()` and its siblings), and holds it
-- until idcraft_db_release(namespace). Rust processes leasing the same namespace never get
-- that slot, and the database issues only in time units that start after the bound its
-- predecessor on the slot published (the first call waits until its clock is in such a unit,
-- as a Rust holder does). Units are compared, not instants: a predecessor may have issued in
-- the unit holding its bound, whatever the unit's length. So no ID repeats across the two,
-- whichever issued first and whatever their clocks say.
--
-- A namespace is any non-empty text, as for `LeaseConfig::new` ('Fleet-A', 'eu.workers', names
-- longer than PostgreSQL's 63-byte identifiers); an empty or NULL one is refused with Rust's
-- words, and so is a slot count below 1 (the `integer` type keeps it under 2^31, as Rust does)
-- or one the layout's node field cannot hold.
--
-- The (unit, sequence) pair is kept in a sequence object per namespace and node (never rolled
-- back, and never holding a lock until commit, unlike a row): each call takes
-- max(last + 1, now), under a session advisory lock held only for that step. IDs are therefore
-- unique and strictly increasing database-wide; a burst beyond the layout's sequence borrows
-- the next time units (the embedded time runs ahead of the clock by the excess, never repeats).

-- The database's own holder ID in idcraft_lease.
CREATE OR REPLACE FUNCTION idcraft_db_holder() RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT 'd47aba5e-0000-4000-8000-000000000000'::uuid $$;

-- The slots the database holds, with the bound its predecessor on each published and the
-- layout's time fields (to tell, on release, which time the last ID carries).
CREATE TABLE IF NOT EXISTS idcraft_db_slot (
    namespace   text        PRIMARY KEY,
    slot        integer     NOT NULL,
    issue_after timestamptz NOT NULL,
    epoch_ms    bigint      NOT NULL,
    unit_ms     integer     NOT NULL,
    seq_bits    integer     NOT NULL
);

-- Refuses what Rust's `LeaseConfig` refuses of a namespace, in its words: an empty name, and a
-- slot count outside 1 .. 2^31 - 1.
CREATE OR REPLACE FUNCTION idcraft_check_namespace(ns text, slots integer) RETURNS void
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  IF ns IS NULL OR ns = '' THEN
    RAISE EXCEPTION 'idcraft: the namespace must not be empty' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF slots IS NULL OR slots < 1 THEN
    RAISE EXCEPTION 'idcraft: a namespace has 1 to 2^31 - 1 slots (% has %)', ns, slots
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
END
$$;

-- The database's slot in `ns` (0 .. slots-1), claimed on first use: the first slot no live
-- lease holds, taken over under its row lock exactly as a Rust claim does.
CREATE OR REPLACE FUNCTION idcraft_db_slot(ns text, slots integer, epoch_ms bigint, unit_ms integer,
    seq_bits integer) RETURNS idcraft_db_slot
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  held idcraft_db_slot;
  candidate integer;
  live boolean;
  bound timestamptz;
BEGIN
  SELECT * INTO held FROM idcraft_db_slot WHERE namespace = ns;
  IF FOUND THEN
    RETURN held;
  END IF;
  PERFORM idcraft_check_namespace(ns, slots);
  PERFORM pg_advisory_xact_lock(hashtext('idcraft_db_slot'), hashtext(ns));
  SELECT * INTO held FROM idcraft_db_slot WHERE namespace = ns;
  IF FOUND THEN
    RETURN held;
  END IF;
  FOR attempt IN 1..16 LOOP
    SELECT s INTO candidate FROM generate_series(0, slots - 1) AS s
     WHERE NOT EXISTS (SELECT 1 FROM idcraft_lease l WHERE l.namespace = ns AND l.slot = s AND l.expires_at > now())
     ORDER BY s LIMIT 1;
    IF candidate IS NULL THEN
      RAISE EXCEPTION 'idcraft: every one of the % slots of % is held', slots, ns;
    END IF;
    SELECT l.expires_at > now(), COALESCE(l.issue_until, l.expires_at) INTO live, bound
      FROM idcraft_lease l WHERE l.namespace = ns AND l.slot = candidate FOR UPDATE;
    IF FOUND THEN
      CONTINUE WHEN live;  -- taken since the search: look again
      UPDATE idcraft_lease
         SET holder = idcraft_db_holder(), epoch = epoch + 1,
             expires_at = timestamptz '9999-12-31 00:00:00+00', issue_until = timestamptz '9999-12-31 00:00:00+00'
       WHERE namespace = ns AND slot = candidate;
    ELSE
      INSERT INTO idcraft_lease (namespace, slot, holder, epoch, expires_at, issue_until)
      VALUES (ns, candidate, idcraft_db_holder(), 1, timestamptz '9999-12-31 00:00:00+00', timestamptz '9999-12-31 00:00:00+00')
      ON CONFLICT DO NOTHING;
      CONTINUE WHEN NOT FOUND;  -- claimed since the search: look again
      bound := timestamptz '-infinity';
    END IF;
    INSERT INTO idcraft_db_slot VALUES (ns, candidate, bound, epoch_ms, unit_ms, seq_bits) RETURNING * INTO held;
    RETURN held;
  END LOOP;
  RAISE EXCEPTION 'idcraft: could not claim a slot of % (16 races lost)', ns;
END
$$;

-- Gives the database's slot in `ns` back: its published bound becomes the end of the last time
-- unit it used (or now, if later), so the next holder (a Rust process, or the database again)
-- issues in later units.
CREATE OR REPLACE FUNCTION idcraft_db_release(ns text) RETURNS void
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  held idcraft_db_slot;
BEGIN
  DELETE FROM idcraft_db_slot WHERE namespace = ns RETURNING * INTO held;
  IF FOUND THEN
    UPDATE idcraft_lease
       SET expires_at = now() - interval '1 microsecond',
           issue_until = GREATEST(clock_timestamp(), COALESCE(idcraft_db_last(held), '-infinity'))
     WHERE namespace = ns AND slot = held.slot AND holder = idcraft_db_holder();
  END IF;
END
$$;

-- The (unit, sequence) state of node `node` of `ns`: units << seq_bits | sequence, in a sequence
-- object created on first use. One per node, whichever way it is reached (the database's own
-- slot or an explicit node): two counters for one node could repeat an ID.
--
-- Its name is a plain identifier (lower-case ASCII, no quoting, at most 63 bytes) that no other
-- (namespace, node) gets, so it is created and looked up alike. A namespace of lower-case
-- letters and digits in words joined by single hyphens, 38 bytes at most (the built-in ones:
-- 'twitter-worker', ...), is spelled out, hyphens as underscores: idcraft_state_twitter_worker_0.
-- Any other is a readable stem and 16 hex digits of the SHA-256 of the whole name (so names
-- sharing any prefix differ) after a double underscore, which the first form never has there:
-- 'Fleet-A' is idcraft_state__fleet_a_<hash>_0.
CREATE OR REPLACE FUNCTION idcraft_db_state(ns text, node integer) RETURNS regclass
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  name text;
  state regclass;
  legacy regclass;
  carried bigint;
BEGIN
  IF octet_length(ns) <= 38 AND ns ~ '^[a-z0-9]+(-[a-z0-9]+)*$' THEN
    name := 'idcraft_state_' || replace(ns, '-', '_') || '_' || node;
  ELSIF ns IS NULL OR ns = '' THEN
    PERFORM idcraft_check_namespace(ns, 1);
  ELSE
    name := 'idcraft_state__' || btrim(left(regexp_replace(lower(ns), '[^a-z0-9]+', '_', 'g'), 20), '_')
            || '_' || left(encode(sha256(convert_to(ns, 'UTF8')), 'hex'), 16) || '_' || node;
  END IF;
  state := to_regclass(name);
  IF state IS NULL THEN
    -- Sessions creating the same state at once queue here instead of failing on the catalog.
    PERFORM pg_advisory_xact_lock(hashtext('idcraft_db_state'), hashtext(name));
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I MINVALUE 0 START 0', name);
    state := name::regclass;
    -- Before this naming, a state was looked up as idcraft_state_<ns, hyphens as
    -- underscores>_<node>, unquoted (case-folded, cut at 63 bytes, split at dots): go on above
    -- whatever that finds, so no ID repeats across the upgrade.
    BEGIN
      legacy := to_regclass('idcraft_state_' || replace(ns, '-', '_') || '_' || node);
    EXCEPTION WHEN OTHERS THEN
      legacy := NULL;  -- a name that lookup could not parse had no state
    END;
    IF legacy IS NOT NULL AND legacy <> state THEN
      carried := pg_sequence_last_value(legacy);
      IF carried > COALESCE(pg_sequence_last_value(state), 0) THEN
        PERFORM setval(state, carried);
      END IF;
    END IF;
  END IF;
  RETURN state;
END
$$;

-- The end of the time unit the last ID of the database's slot `held` carries (for
-- idcraft_db_release).
CREATE OR REPLACE FUNCTION idcraft_db_last(held idcraft_db_slot) RETURNS timestamptz
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  last bigint := COALESCE(pg_sequence_last_value(idcraft_db_state(held.namespace, held.slot)), 0);
BEGIN
  RETURN timestamptz 'epoch'
         + ((last >> held.seq_bits) * held.unit_ms + held.epoch_ms + held.unit_ms) * interval '1 millisecond';
END
$$;

-- The next ID of the layout of `ns` on `node`, or on the database's own slot when `node` is
-- NULL. The layout's constants come from the three functions below (a lookup table cost more
-- than the rest of the ID): epoch (Unix ms), unit (ms), node and sequence widths, whether the
-- sequence sits before the node (Sonyflake), and the slot count.
CREATE OR REPLACE FUNCTION idcraft_snowflake(ns text, node integer, epoch_ms bigint, unit_ms integer,
    node_bits integer, seq_bits integer, seq_first boolean, slots integer) RETURNS bigint
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  me idcraft_db_slot;
  state regclass;
  now_ms bigint;
  last bigint;
  issued bigint;
  lock_key integer := hashtext('idcraft_snowflake:' || ns);
BEGIN
  IF slots IS NULL OR slots < 1 OR slots > (1::bigint << node_bits) THEN
    PERFORM idcraft_check_namespace(ns, slots);
    RAISE EXCEPTION 'idcraft: % slots of % do not fit the snowflake layout''s node field (% bits)', slots, ns, node_bits
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF node IS NULL THEN
    me := idcraft_db_slot(ns, slots, epoch_ms, unit_ms, seq_bits);
    node := me.slot;
  ELSIF node < 0 OR node >= slots THEN
    RAISE EXCEPTION 'idcraft: node % is outside 0..% (% bits)', node, slots - 1, node_bits
      USING ERRCODE = 'numeric_value_out_of_range';
  END IF;
  state := idcraft_db_state(ns, node);
  now_ms := idcraft_unix_ms();
  -- A slot taken over: issue only in a unit that starts after the bound the predecessor
  -- published (it may have issued in the unit holding the bound, which can start up to a unit
  -- before it), waiting for the clock to get there as a Rust holder does, unless that is
  -- further away than any sane lease, which only a clock error explains. Checked at every
  -- call, so a clock set back later waits again.
  WHILE me IS NOT NULL
    AND timestamptz 'epoch' + (now_ms - (now_ms - epoch_ms) % unit_ms) * interval '1 millisecond' <= me.issue_after LOOP
    IF me.issue_after > clock_timestamp() + interval '30 seconds' THEN
      RAISE EXCEPTION 'idcraft: slot % of % was handed over by a holder that may issue until %, more than 30 s away',
        node, ns, me.issue_after;
    END IF;
    -- Until the start of the first unit after the bound.
    PERFORM pg_sleep(extract(epoch FROM timestamptz 'epoch' - clock_timestamp()
      + (epoch_ms + (floor((extract(epoch FROM me.issue_after) * 1000 - epoch_ms) / unit_ms) + 1) * unit_ms)
        * interval '1 millisecond'));
    now_ms := idcraft_unix_ms();
  END LOOP;
  PERFORM pg_advisory_lock(lock_key, node);
  BEGIN
    last := COALESCE(pg_sequence_last_value(state), 0);
    issued := GREATEST(last + 1, ((now_ms - epoch_ms) / unit_ms) << seq_bits);
    PERFORM setval(state, issued);
    PERFORM pg_advisory_unlock(lock_key, node);
  EXCEPTION WHEN OTHERS THEN
    PERFORM pg_advisory_unlock(lock_key, node);
    RAISE;
  END;
  -- `<<` and `|` share one precedence level in PostgreSQL: every term is bracketed.
  IF seq_first THEN
    RETURN ((issued >> seq_bits) << (seq_bits + node_bits))
         | ((issued & ((1 << seq_bits) - 1)) << node_bits)
         | node;
  END IF;
  RETURN ((issued >> seq_bits) << (node_bits + seq_bits))
       | (node::bigint << seq_bits)
       | (issued & ((1 << seq_bits) - 1));
END
$$;

-- The snowflake layouts, each idcraft_<scheme>(<node> integer DEFAULT NULL) calling
-- idcraft_snowflake with its namespace and layout (the node NULL: the database's own slot).
DO $$
DECLARE
  g record;
BEGIN
  FOR g IN SELECT * FROM (VALUES
    -- scheme, node parameter, namespace, epoch (Unix ms), unit (ms), node and sequence bits,
    -- sequence before the node, slots
    -- twitter_snowflake: 41-bit ms since 1288834974657, 10-bit worker, 12-bit sequence.
    ('twitter_snowflake', 'worker',  'twitter-worker',    1288834974657, 1,  10, 12, false, 1024),
    -- discord_snowflake: ms since 1420070400000, the 10-bit node (worker << 5 | process), 12-bit increment.
    ('discord_snowflake', 'node',    'discord-worker',    1420070400000, 1,  10, 12, false, 1024),
    -- sonyflake: 39 bits of 10 ms since 2014-09-01, 8-bit sequence, 16-bit machine ID.
    ('sonyflake',         'machine', 'sonyflake-machine', 1409529600000, 10, 16, 8,  true,  65536),
    -- mastodon: 48-bit ms since 1970 above a 16-bit sequence, no node (Mastodon's timestamp_id
    -- hashes its tail; this one counts it). One slot: the database is the layout's one generator.
    ('mastodon',          NULL,      'mastodon',          0,             1,  0,  16, false, 1)
  ) AS layout(scheme, node, namespace, epoch_ms, unit_ms, node_bits, seq_bits, seq_first, slots)
  LOOP
    EXECUTE format('CREATE OR REPLACE FUNCTION %I(%s) RETURNS bigint LANGUAGE plpgsql VOLATILE AS %L',
                   'idcraft_' || g.scheme, g.node || ' integer DEFAULT NULL',
                   format('BEGIN RETURN idcraft_snowflake(%L, %s, %s, %s, %s, %s, %s, %s); END', g.namespace,
                          COALESCE(g.node, 'NULL'), g.epoch_ms, g.unit_ms, g.node_bits, g.seq_bits, g.seq_first::text, g.slots));
  END LOOP;
END
$$;
