#!/usr/bin/env node
import('../dist/cli.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.js')) {
    process.stderr.write('docsctl is not built: run `npm install` (or `npm run build`) in its folder first.\n');
    process.exit(1);
  }
  throw error;
});
