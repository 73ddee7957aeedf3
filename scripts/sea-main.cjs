'use strict';
// The single executable's main script (scripts/package.js bundles it with bin/run-bundle.cjs). docsctl's
// bundle is an asset of the executable, run through a V8 code cache of each command group as the npm
// build's is: Node's own cache of a main script holds only the functions compiled before it runs, so
// every other function the command used was compiled again at each start (docs/performance.md).
/* global __DOCSCTL_VERSION__ */
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // As bin/docsctl.cjs does: the version is known without reading the bundle.
  process.stdout.write(`${__DOCSCTL_VERSION__}\n`);
} else {
  const { getRawAsset } = require('node:sea');
  const { runSource } = require('../bin/run-bundle.cjs');
  // esbuild writes ASCII (it escapes the rest), so latin1 reads the bytes as they are without decoding.
  const source = Buffer.from(getRawAsset('docsctl.cjs')).toString('latin1');
  // The bundle's require(): the executable's own, which loads built-in modules (the rest is bundled).
  runSource(source, { filename: process.execPath, require, argv });
}
