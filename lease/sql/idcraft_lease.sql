-- idcraft's slot leases: which process holds which slot (a sno partition, a uid node, HotGuid
-- machine bytes) of a namespace, until when, and under which epoch. `idcraft::lease` creates
-- this table when asked (LeaseConfig::create_table) or it can be applied by a migration tool.
--
-- A row is never deleted: releasing a lease expires it in place, so a slot's epoch only grows
-- and a holder that lost its slot can always tell (its renewal matches no row).
--
-- `issue_until` is the bound the holders publish: no holder of the slot has stamped, or will
-- stamp, an ID whose time unit starts after it. It only grows while a holder renews (and is
-- lowered to what was really issued on release); a new holder issues only in units starting
-- after the bound it found, so a handover never repeats an ID, whatever the clocks say.
CREATE TABLE IF NOT EXISTS idcraft_lease (
    namespace  text        NOT NULL,
    slot       integer     NOT NULL CHECK (slot >= 0),
    holder     uuid        NOT NULL,
    epoch      bigint      NOT NULL,
    expires_at timestamptz NOT NULL,
    issue_until timestamptz,
    PRIMARY KEY (namespace, slot)
);
-- Tables made before the bound was published gain it (a missing bound is read as the expiry).
ALTER TABLE idcraft_lease ADD COLUMN IF NOT EXISTS issue_until timestamptz;
