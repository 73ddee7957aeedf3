'use strict';
// The single executable's OpenAPI validation worker (src/openapi-document/isolated-worker.ts), as
// bin/openapi-worker.cjs is the npm build's: scripts/package.js bundles it with bin/run-bundle.cjs into
// the asset `openapi-worker-main.cjs`, whose text the worker evaluates. It runs the asset
// `openapi-worker.cjs` (src/openapi-document/validate-worker.ts) and the vendor bundles that requires
// (yaml, swagger-parser), each an asset, through code caches of their own. Before, the executable
// started itself again as a child process for every validation: a whole Node start, and one that a
// startup snapshot refuses under the heap bound's NODE_OPTIONS.
/* global __DOCSCTL_BUNDLE_HASHES__ */
const { getRawAsset } = require('node:sea');
const { bundleRequire, runBytes, vendorNameOf } = require('../bin/run-bundle.cjs');

// The caches' command group: a worker's, whichever command started it.
const argv = ['openapi-worker'];
// Every bundle of this build (scripts/package.js): writing one cache never clears out another's.
const build = __DOCSCTL_BUNDLE_HASHES__;
const asset = (name) => new Uint8Array(getRawAsset(name));
/** Vendor bundles this worker ran, by id (`./vendor/yaml.cjs`): the parent says them under NODE_DEBUG=docsctl. */
const loaded = new Map();
const loadVendor = (id) => {
  if (!loaded.has(id)) loaded.set(id, runBytes(asset(id.slice(2)), { filename: process.execPath, require, argv, build }));
  return loaded.get(id);
};
const worker = runBytes(asset('openapi-worker.cjs'), { filename: process.execPath, require: bundleRequire(require, loadVendor), argv, build });
worker.validateWorkerData(() => [...loaded.keys()].map(vendorNameOf));
