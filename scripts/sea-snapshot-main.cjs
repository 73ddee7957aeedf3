'use strict';
// The single executable's main script when it starts from a V8 startup snapshot (scripts/package.js
// --snapshot, issue 35). Node runs it while building the executable: it runs docsctl's snapshot bundle
// (src/snapshot-entry.ts), read from the build's work folder, so its modules are set up in the heap
// the executable is made of, and names what the executable runs once that heap is deserialized. Vendor
// bundles and the addon stay assets, read when a command first needs them.
/* global __DOCSCTL_VERSION__, __DOCSCTL_SNAPSHOT_BUNDLE__ */
const { startupSnapshot } = require('node:v8');
const { readFileSync } = require('node:fs');
const { Script } = require('node:vm');
const { bundleRequire } = require('../bin/run-bundle.cjs');

const vendors = new Map();
const loadVendor = (id) => {
  if (!vendors.has(id)) {
    const source = Buffer.from(require('node:sea').getRawAsset(id.slice(2))).toString('latin1');
    const module = { exports: {} };
    new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: process.execPath })
      .runInThisContext()(module.exports, bundleRequire(require, loadVendor), module, process.execPath, require('node:path').dirname(process.execPath));
    vendors.set(id, module.exports);
  }
  return vendors.get(id);
};
const module_ = { exports: {} };
new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(__DOCSCTL_SNAPSHOT_BUNDLE__, 'latin1')}\n})`, { filename: 'docsctl.cjs' })
  .runInThisContext()(module_.exports, bundleRequire(require, loadVendor), module_, process.execPath, require('node:path').dirname(process.execPath));
const { run, warm } = module_.exports;

void warm(['--help']).then(() => startupSnapshot.setDeserializeMainFunction(() => {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) process.stdout.write(`${__DOCSCTL_VERSION__}\n`);
  else void run(argv);
}));
