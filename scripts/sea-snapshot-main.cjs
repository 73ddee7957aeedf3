'use strict';
// The single executable's main script when it starts from a V8 startup snapshot (scripts/package.js
// --snapshot, issue 35). Node runs it while building the executable: it runs docsctl's snapshot bundle
// (src/snapshot-entry.ts), read from the build's work folder, so its modules are set up in the heap
// the executable is made of, and names what the executable runs once that heap is deserialized. Vendor
// bundles and the addon stay assets, read when a command first needs them. No code cache: the snapshot
// holds the bundle's code, and the build machine's cache folder is no place for a vendor bundle's.
/* global __DOCSCTL_VERSION__, __DOCSCTL_SNAPSHOT_BUNDLE__ */
const { startupSnapshot } = require('node:v8');
const { readFileSync } = require('node:fs');
const { bundleRequire, runSource } = require('../bin/run-bundle.cjs');

const noCache = { DOCSCTL_CODE_CACHE: 'off' };
const vendors = new Map();
const loadVendor = (id) => {
  if (!vendors.has(id)) {
    const source = Buffer.from(require('node:sea').getRawAsset(id.slice(2))).toString('latin1');
    vendors.set(id, runSource(source, { filename: process.execPath, require: bundleRequire(require, loadVendor), env: noCache }));
  }
  return vendors.get(id);
};
const { run, warm } = runSource(readFileSync(__DOCSCTL_SNAPSHOT_BUNDLE__, 'latin1'), { filename: process.execPath, require: bundleRequire(require, loadVendor), env: noCache });

void warm(['--help']).then(() => startupSnapshot.setDeserializeMainFunction(() => {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) process.stdout.write(`${__DOCSCTL_VERSION__}\n`);
  else void run(argv);
}));
