-- idcraft's slot leases: which process holds which slot (a sno partition, a uid node, HotGuid
-- machine bytes) of a namespace, until when, and under which epoch. `idcraft::lease` creates
-- this table when asked (LeaseConfig::create_table) or it can be applied by a migration tool.
--
-- A row is never deleted: releasing a lease expires it in place, so a slot's epoch only grows
-- and a holder that lost its slot can always tell (its renewal matches no row).
CREATE TABLE IF NOT EXISTS idcraft_lease (
    namespace  text        NOT NULL,
    slot       integer     NOT NULL CHECK (slot >= 0),
    holder     uuid        NOT NULL,
    epoch      bigint      NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (namespace, slot)
);
