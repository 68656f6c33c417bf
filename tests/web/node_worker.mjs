// Runs a built site's own Python worker (its python-worker.js, as the page would start it) under
// Node, with no browser: the site is served from a port of its own (the worker downloads the
// app's archive from there, as in a browser), Pyodide comes from the site's pyodide/ folder, and
// once the worker says "initialized" (the app's main.py ran and Flet's connection is up) the
// Python file named second runs in that same interpreter; what it returns is printed as the
// last line. Exit status 1 if the worker or that file fails.
//
//   node node_worker.mjs SITE_FOLDER DRIVER.py
import http from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, driver] = process.argv.slice(2);
const requests = [];
const server = http.createServer(async (request, response) => {
  const where = decodeURIComponent(new URL(request.url, "http://site").pathname);
  requests.push(where);
  try {
    const body = await readFile(path.join(site, path.normalize(where)));
    response.writeHead(200);
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
});
await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
const base = `http://127.0.0.1:${server.address().port}/`;

globalThis.self = globalThis;  // the worker's global scope
let started;
const status = new Promise((resolve) => { started = resolve; });
globalThis.postMessage = (message) => { if (typeof message === "string") started(message); };
const begun = Date.now();
await import(pathToFileURL(path.join(site, "python-worker.js")).href);
self.onmessage({ data: {
  pyodideUrl: path.join(site, "pyodide", "pyodide.mjs"), args: {}, documentUrl: base,
  appPackageUrl: base + "app.tar.gz", micropipIncludePre: false, pythonModuleName: "main",
} });
const said = await status;
if (said !== "initialized") {
  console.error(`the worker did not start: ${said}`);
  process.exit(1);
}
self.pyodide.globals.set("boot_seconds", (Date.now() - begun) / 1000);
self.pyodide.globals.set("served", requests);
try {
  console.log(await self.pyodide.runPythonAsync(await readFile(driver, "utf8")));
} catch (error) {
  console.error(String(error));
  process.exit(1);
} finally {
  server.close();
}
process.exit(0);
