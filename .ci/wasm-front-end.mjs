// Loads examples/shared-types' front-end (wasm32-unknown-unknown, no `js` feature) under
// Node.js with no imports at all, as a page would without any generated glue, and checks what
// it answers: an order's JSON back unchanged, an invalid ID refused, and no new ID without a
// clock (a typed error, not a trap).
import { readFile } from "node:fs/promises";
import assert from "node:assert/strict";
import process from "node:process";

const { instance } = await WebAssembly.instantiate(await readFile(process.argv[2]), {});
const wasm = instance.exports;

function call(name, input) {
    const bytes = new TextEncoder().encode(input ?? "");
    assert.ok(bytes.length <= wasm.buffer_capacity());
    new Uint8Array(wasm.memory.buffer, wasm.buffer(), bytes.length).set(bytes);
    const len = input === undefined ? wasm[name]() : wasm[name](bytes.length);
    if (len < 0) return len;
    return new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.buffer(), len));
}

const order = '{"id":"0192f3c1-2a4b-7c6d-8e9f-0a1b2c3d4e5f","item":"tea","quantity":2}';
assert.equal(call("normalize_order", order), order);
assert.equal(call("normalize_order", order.replace("0192f3c1", "0192F3C1")), order, "hex is read in either case");
assert.equal(call("normalize_order", order.replace("0192f3c1-", "0192f3c1")), -2, "an invalid ID is refused");
assert.equal(call("new_order_id"), -3, "no clock without `js`: GenerateError::NoSystemClock");
console.log("wasm front-end: 4 checks passed");
