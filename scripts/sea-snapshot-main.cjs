'use strict';
// The single executable's main script when it starts from a V8 startup snapshot (scripts/package.js
// --snapshot, issue 35). Node runs it while building the executable: it runs docsctl's snapshot bundle
// (src/snapshot-entry.ts), read from the build's work folder, so its modules are set up in the heap
// the executable is made of, and names what the executable runs once that heap is deserialized. Vendor
// bundles and the addon stay assets, read when a command first needs them, the vendor bundles through
// code caches of their own as in the executable without a snapshot (the start-up code has none: the
// snapshot holds it). Nothing is cached while building: the build machine's cache folder is not the user's.
/* global __DOCSCTL_VERSION__, __DOCSCTL_SNAPSHOT_BUNDLE__, __DOCSCTL_BUNDLE_HASHES__ */
const { startupSnapshot } = require('node:v8');
const { readFileSync } = require('node:fs');
const { bundleRequire, runBytes, runSource } = require('../bin/run-bundle.cjs');

const building = { DOCSCTL_CODE_CACHE: 'off' };
let started = false;
const vendors = new Map();
const loadVendor = (id) => {
  if (!vendors.has(id)) {
    const bytes = new Uint8Array(require('node:sea').getRawAsset(id.slice(2)));
    const options = { filename: process.execPath, require: bundleRequire(require, loadVendor), build: __DOCSCTL_BUNDLE_HASHES__ };
    vendors.set(id, runBytes(bytes, started ? options : { ...options, env: building }));
  }
  return vendors.get(id);
};
const { run, warm } = runSource(readFileSync(__DOCSCTL_SNAPSHOT_BUNDLE__, 'latin1'), { filename: process.execPath, require: bundleRequire(require, loadVendor), env: building });

void warm(['--help']).then(() => startupSnapshot.setDeserializeMainFunction(() => {
  started = true;
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) process.stdout.write(`${__DOCSCTL_VERSION__}\n`);
  else void run(argv);
}));
