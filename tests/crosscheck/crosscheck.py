"""idcraft's standard schemes against independent implementations, in both directions.

IDs the other libraries make are read by `idcraft inspect --json` to the same time and fields;
IDs `idcraft new` makes are read by the other libraries to the same time and fields. The random
text schemes (NanoID, CUID2) have no time or fields: there, each side's IDs must pass the other's
rules of form (alphabet and length; `is_cuid`) and read back as the same text and bytes. Run by
`.ci/crosscheck` with the libraries of requirements.txt and the idcraft binary's path:

    python3 crosscheck.py target/debug/idcraft target/debug/examples/declared_layout

Declared snowflake layouts and mastodon are read by snowflake-id-toolkit configured with their
epoch, unit and widths (its SnowflakeIDConfig), the IDs of declared layouts made by the
`declared_layout` example (the command line cannot make them: a layout is a type).
"""

import json
import subprocess
import sys

import bson
import epyxid
import ksuid
import cuid2
import nanoid
import nanoid.resources
import snowflake_id_toolkit as toolkit
import sonyflake
import typeid
import ulid
import uuid6

N = 200
IDCRAFT = sys.argv[1]
# The command that prints IDs of declared layouts (the `declared_layout` example's binary).
EXAMPLE = [sys.argv[2]]
checked = 0
failed = 0


def idcraft(*args, stdin=None):
    out = subprocess.run([IDCRAFT, *args], input=stdin, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def inspect(scheme, texts):
    args = ["inspect", "--json"] + (["--scheme", scheme] if scheme else []) + ["-"]
    return [json.loads(line) for line in idcraft(*args, stdin="\n".join(texts) + "\n")]


def expect(what, ours, theirs):
    global checked, failed
    checked += 1
    if ours != theirs:
        failed += 1
        print(f"MISMATCH {what}: idcraft {ours!r}, theirs {theirs!r}")


def ulids():
    theirs = [ulid.ULID() for _ in range(N)]
    for t, v in zip(theirs, inspect(None, [str(t) for t in theirs])):
        expect("ulid: their ULID read by idcraft", (v["scheme"], v["unix_ms"], v["hex"]), ("ulid", t.milliseconds, t.bytes.hex()))
    ours = idcraft("new", "ulid", "-n", str(N))
    for text, v in zip(ours, inspect("ulid", ours)):
        t = ulid.ULID.from_str(text)
        expect("ulid: idcraft's ULID read by python-ulid", (t.milliseconds, str(t)), (v["unix_ms"], text))


def uuid7s():
    theirs = [uuid6.uuid7() for _ in range(N)]
    for t, v in zip(theirs, inspect(None, [str(t) for t in theirs])):
        expect("uuid7: theirs read by idcraft", (v["scheme"], v["unix_ms"], v["version"]), ("uuid7", t.time, 7))
    ours = idcraft("new", "uuid7", "-n", str(N))
    for text, v in zip(ours, inspect("uuid7", ours)):
        t = uuid6.UUID(text)
        expect("uuid7: idcraft's read by uuid6", (t.version, t.time), (7, v["unix_ms"]))


def typeids():
    theirs = [typeid.TypeID(prefix="user") for _ in range(N)]
    for t, v in zip(theirs, inspect(None, [str(t) for t in theirs])):
        expect("typeid: theirs read by idcraft", (v["prefix"], v["uuid"], v["typeid"]), ("user", str(t.uuid), str(t)))
    ours = idcraft("new", "uuid7", "--encoding", "typeid", "--prefix", "user", "-n", str(N))
    for text, v in zip(ours, inspect(None, ours)):
        t = typeid.from_string(text)
        expect("typeid: idcraft's read by typeid-python", (t.prefix, str(t.uuid), str(t)), ("user", v["uuid"], text))


# The snowflake layouts: (idcraft scheme, toolkit generator and ID classes, epoch in ms).
SNOWFLAKES = [
    ("twitter_snowflake", toolkit.TwitterSnowflakeIDGenerator, toolkit.TwitterSnowflakeID, 1288834974657),
    ("discord_snowflake", toolkit.TwitterSnowflakeIDGenerator, toolkit.TwitterSnowflakeID, 1420070400000),
    ("instagram_id", toolkit.InstagramSnowflakeIDGenerator, toolkit.InstagramSnowflakeID, 1314220021721),
]


def snowflakes():
    for scheme, generator, id_class, epoch in SNOWFLAKES:
        node = 513
        g = generator(node, epoch=epoch)
        theirs = [g.generate_next_id() for _ in range(N)]
        for t, v in zip(theirs, inspect(scheme, [str(int(t)) for t in theirs])):
            expect(f"{scheme}: theirs read by idcraft", (v["unix_ms"], v["node"], v["sequence"], v["u64"]),
                   (t.timestamp_ms(epoch), t.node_id(), t.sequence(), str(int(t))))
        ours = idcraft("new", scheme, "--node", str(node), "-n", str(N))
        for text, v in zip(ours, inspect(scheme, ours)):
            t = id_class(int(text))
            expect(f"{scheme}: idcraft's read by snowflake-id-toolkit", (t.timestamp_ms(epoch), t.node_id(), t.sequence()),
                   (v["unix_ms"], v["node"], v["sequence"]))


def sonyflakes():
    machine = 4242
    g = sonyflake.SonyFlake(machine_id=lambda: machine)
    theirs = [g.next_id() for _ in range(N)]
    for t, v in zip(theirs, inspect("sonyflake", [str(t) for t in theirs])):
        parts = sonyflake.SonyFlake.decompose(t)
        expect("sonyflake: theirs read by idcraft", (v["node"], v["sequence"], v["unix_ms"] // 10),
               (parts["machine_id"], parts["sequence"], parts["time"] + 140952960000))
    ours = idcraft("new", "sonyflake", "--node", str(machine), "-n", str(N))
    for text, v in zip(ours, inspect("sonyflake", ours)):
        parts = sonyflake.SonyFlake.decompose(int(text))
        expect("sonyflake: idcraft's read by sonyflake-py", (parts["machine_id"], parts["sequence"], parts["time"] + 140952960000),
               (v["node"], v["sequence"], v["unix_ms"] // 10))


def toolkit_layout(timestamp_bits, node_bits, sequence_bits, unit_ms):
    """snowflake-id-toolkit's generator and ID classes for a layout of the given widths."""
    config = toolkit.SnowflakeIDConfig(timestamp_bits, node_bits, sequence_bits, unit_ms)
    id_class = type("DeclaredID", (toolkit.SnowflakeID,), {"_config": config})
    generator = type("DeclaredGenerator", (toolkit.SnowflakeIDGenerator,), {"_config": config, "_id_cls": id_class})
    return generator, id_class


# (the example's name for it, `inspect --layout`, widths, unit, epoch in ms, whether the sequence
# sits above the node as Sonyflake's does). The toolkit's layouts put the node above the
# sequence; Sonyflake's order is the same arithmetic with the two fields' roles swapped, which is
# how the toolkit's own Sonyflake class declares it, so a Sonyflake v2 layout is checked with the
# widths swapped and node and sequence read from each other's places.
DECLARED = [
    ("ms", "epoch=2025-01-01T00:00:00Z,unit=1ms,time_bits=41,node_bits=10,sequence_bits=12", (41, 10, 12), 1,
     1735689600000),
    ("coarse", "epoch=2020-01-01T00:00:00Z,unit=10ms,time_bits=40,node_bits=12,sequence_bits=11", (40, 12, 11), 10,
     1577836800000),
    ("sony2", "scheme=sonyflake,unit=1ms,sequence_bits=10,node_bits=12", (41, 10, 12), 1, 1735689600000, True),
]


def inspect_layout(layout, texts):
    args = ["inspect", "--json", "--layout", layout, "-"]
    return [json.loads(line) for line in idcraft(*args, stdin="\n".join(texts) + "\n")]


def declared_layouts():
    for name, layout, widths, unit, epoch_ms, *sequence_first in DECLARED:
        generator, id_class = toolkit_layout(*widths, unit)
        # (node, sequence) as idcraft names them, from the toolkit's (node_id, sequence).
        fields = (lambda n, s: (s, n)) if sequence_first else (lambda n, s: (n, s))
        # The toolkit counts its epoch in units.
        epoch = epoch_ms // unit
        node = 1000
        # The toolkit's node is a Sonyflake's sequence: a start it counts up from.
        g = generator(0 if sequence_first else node, epoch=epoch)
        theirs = [g.generate_next_id() for _ in range(N)]
        for t, v in zip(theirs, inspect_layout(layout, [str(int(t)) for t in theirs])):
            expect(f"{name} layout: theirs read by idcraft", (v["unix_ms"], v["node"], v["sequence"]),
                   (t.timestamp_ms(epoch), *fields(t.node_id(), t.sequence())))
        out = subprocess.run(EXAMPLE + [str(N), str(node), name], capture_output=True, text=True, check=True)
        ours = out.stdout.splitlines()
        expect(f"{name} layout: idcraft made {N}", len(ours), N)
        for text, v in zip(ours, inspect_layout(layout, ours)):
            t = id_class(int(text))
            expect(f"{name} layout: idcraft's read by snowflake-id-toolkit",
                   (t.timestamp_ms(epoch), *fields(t.node_id(), t.sequence())), (v["unix_ms"], v["node"], v["sequence"]))


def mastodon():
    # Mastodon's layout: Unix milliseconds above 16 low bits, no node.
    generator, id_class = toolkit_layout(48, 0, 16, 1)
    g = generator(0)
    theirs = [g.generate_next_id() for _ in range(N)]
    for t, v in zip(theirs, inspect("mastodon", [str(int(t)) for t in theirs])):
        expect("mastodon: theirs read by idcraft", (v["unix_ms"], v["sequence"]), (t.timestamp_ms(), t.sequence()))
    ours = idcraft("new", "mastodon", "-n", str(N))
    for text, v in zip(ours, inspect("mastodon", ours)):
        t = id_class(int(text))
        expect("mastodon: idcraft's read by snowflake-id-toolkit", (t.timestamp_ms(), t.node_id(), t.sequence()),
               (v["unix_ms"], 0, v["sequence"]))


def object_ids():
    theirs = [bson.ObjectId() for _ in range(N)]
    for t, v in zip(theirs, inspect(None, [str(t) for t in theirs])):
        raw = t.binary
        expect("object_id: pymongo's ObjectId read by idcraft", (v["scheme"], v["unix_ms"] // 1000, v["random"], v["counter"]),
               ("object_id", int(t.generation_time.timestamp()), raw[4:9].hex(), int.from_bytes(raw[9:], "big")))
    ours = idcraft("new", "object_id", "-n", str(N))
    for text, v in zip(ours, inspect("object_id", ours)):
        t = bson.ObjectId(text)
        expect("object_id: idcraft's read by pymongo", (str(t), int(t.generation_time.timestamp()), t.binary[4:9].hex()),
               (text, v["unix_ms"] // 1000, v["random"]))


def xids():
    # epyxid gives the time as a naive datetime in local time, which timestamp() reads as such.
    theirs = [epyxid.XID() for _ in range(N)]
    for t, v in zip(theirs, inspect(None, [t.to_str() for t in theirs])):
        unix = int(t.time.timestamp())
        expect("xid: epyxid's read by idcraft", (v["scheme"], v["unix_ms"] // 1000, v["machine"], v["pid"], v["counter"], v["hex"]),
               ("xid", unix, t.machine.hex(), t.pid, t.counter, t.as_bytes().hex()))
    ours = idcraft("new", "xid", "-n", str(N))
    for text, v in zip(ours, inspect("xid", ours)):
        t = epyxid.xid_from_str(text)
        unix = int(t.time.timestamp())
        expect("xid: idcraft's read by epyxid", (t.to_str(), unix, t.machine.hex(), t.pid, t.counter),
               (text, v["unix_ms"] // 1000, v["machine"], v["pid"], v["counter"]))


def ksuids():
    # (idcraft scheme, svix-ksuid class, the time in ms it reads): seconds for ksuid, 4 ms
    # steps for ksuid_ms. A bare 27-character text is both, so idcraft is told which.
    for scheme, cls in [("ksuid", ksuid.Ksuid), ("ksuid_ms", ksuid.KsuidMs)]:
        theirs = [cls() for _ in range(N)]
        for t, v in zip(theirs, inspect(scheme, [str(t) for t in theirs])):
            expect(f"{scheme}: svix-ksuid's read by idcraft", (v["unix_ms"], v["payload"], v["hex"]),
                   (round(t.timestamp * 1000), t.payload.hex(), bytes(t).hex()))
        ours = idcraft("new", scheme, "-n", str(N))
        for text, v in zip(ours, inspect(scheme, ours)):
            t = cls.from_base62(text)
            expect(f"{scheme}: idcraft's read by svix-ksuid", (str(t), round(t.timestamp * 1000), t.payload.hex()),
                   (text, v["unix_ms"], v["payload"]))


def nanoids():
    theirs = [nanoid.generate() for _ in range(N)]
    for t, v in zip(theirs, inspect("nanoid", theirs)):
        expect("nanoid: theirs read by idcraft", (v["text"], v["hex"]), (t, t.encode().hex()))
    ours = idcraft("new", "nanoid", "-n", str(N))
    for text, v in zip(ours, inspect("nanoid", ours)):
        fits = len(text) == nanoid.resources.size and set(text) <= set(nanoid.resources.alphabet)
        expect("nanoid: idcraft's in the nanoid package's default size and alphabet", (fits, v["text"]), (True, text))
    # Both draw every character of the alphabet: 4200 characters miss one of 64 with chance ~1e-27.
    expect("nanoid: idcraft's IDs use the whole alphabet", set("".join(ours)), set(nanoid.resources.alphabet))


def cuid2s():
    theirs = [cuid2.create_id() for _ in range(N)]
    for t, v in zip(theirs, inspect("cuid2", theirs)):
        expect("cuid2: theirs read by idcraft", (v["scheme"], v["text"], v["hex"]), ("cuid2", t, t.encode().hex()))
    ours = idcraft("new", "cuid2", "-n", str(N))
    for text, v in zip(ours, inspect("cuid2", ours)):
        expect("cuid2: idcraft's pass the cuid2 package's is_cuid", (cuid2.is_cuid(text), len(text), v["text"]),
               (True, cuid2.DEFAULT_LENGTH, text))


for check in [ulids, uuid7s, typeids, snowflakes, sonyflakes, declared_layouts, mastodon, object_ids, xids, ksuids, nanoids,
              cuid2s]:
    check()
print(f"crosscheck: {checked - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
