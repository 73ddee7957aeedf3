#!/usr/bin/env node
'use strict';
// docsctl's command. `--version` answers from package.json before anything else is read; everything
// else runs the bundle that `npm run build` writes (dist/docsctl.cjs) through its code cache.
const { join } = require('node:path');

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  const { existsSync } = require('node:fs');
  const bundle = join(__dirname, '..', 'dist', 'docsctl.cjs');
  // A source checkout builds itself on its first run (`npm install && npx docsctl …`). No install
  // script does it: npm asks users to approve a package's install scripts, and the package ships built.
  const builder = join(__dirname, '..', 'scripts', 'build-if-stale.js');
  if (!existsSync(bundle) && existsSync(builder)) require('node:child_process').spawnSync(process.execPath, [builder], { stdio: ['ignore', 2, 2] });
  if (!existsSync(bundle)) {
    process.stderr.write('docsctl is not built: run `npm run build` in its folder first.\n');
    process.exit(1);
  }
  require('./run-bundle.cjs').runBundle(bundle);
}
