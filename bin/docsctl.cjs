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
  if (!existsSync(bundle)) {
    process.stderr.write('docsctl is not built: run `npm install` (or `npm run build`) in its folder first.\n');
    process.exit(1);
  }
  require('./run-bundle.cjs').runBundle(bundle);
}
