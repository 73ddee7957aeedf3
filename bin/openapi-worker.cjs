'use strict';
// The worker thread that validates an OpenAPI document (src/openapi-document/isolated-worker.ts): runs
// dist/openapi-worker.cjs, and the vendor bundles it loads (yaml, swagger-parser), through V8 code
// caches of their own, as bin/docsctl.cjs runs the CLI's bundle. Compiling those ~0.8 MB again in every
// worker was half of its time (docs/performance.md, "openapi publish").
const { closeSync, openSync, readdirSync, readSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { bundleRequire, runFile, vendorNameOf } = require('./run-bundle.cjs');

const dist = join(__dirname, '..', 'dist');
// The caches' command group: a worker's, whichever command started it.
const argv = ['openapi-worker'];

/** The first line of `file`, read alone. */
function firstLine(file) {
  const head = Buffer.alloc(64);
  const fd = openSync(file, 'r');
  try {
    return head.toString('latin1', 0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** The hash heading each bundle of this build (scripts/build.js): writing one cache keeps all of theirs. */
function buildHashes() {
  const files = [...readdirSync(dist).map((name) => join(dist, name)), ...readdirSync(join(dist, 'vendor')).map((name) => join(dist, 'vendor', name))];
  return files.filter((file) => file.endsWith('.cjs')).flatMap((file) => {
    const hash = /^\/\/ docsctl bundle ([0-9a-f]{16})\n/.exec(firstLine(file))?.[1];
    return hash ? [hash] : [];
  });
}

// Asked only when a cache is written (the first run, or a new build).
const build = buildHashes;
/** Vendor bundles this worker ran, by name (`yaml`): the parent says them under NODE_DEBUG=docsctl. */
const loaded = new Map();
const loadVendor = (id) => {
  if (!loaded.has(id)) {
    const filename = join(dist, id);
    loaded.set(id, runFile(filename, { require: createRequire(filename), argv, build }));
  }
  return loaded.get(id);
};
const file = join(dist, 'openapi-worker.cjs');
const worker = runFile(file, { require: bundleRequire(createRequire(file), loadVendor), argv, build });
worker.validateWorkerData(() => [...loaded.keys()].map(vendorNameOf));
