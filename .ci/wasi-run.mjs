// Cargo's runner for wasm32-wasip1 binaries (tests, examples): runs one under Node.js's
// built-in WASI with the process's arguments and environment, and the file system from `/`,
// so a test sees the repository as natively. Exits with the program's status.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process from "node:process";

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({
    version: "preview1",
    args: [program, ...args],
    env: process.env,
    preopens: { "/": "/" },
    returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
