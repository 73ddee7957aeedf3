// Entry of the bundles (scripts/build.js, scripts/package.js). `--version` is answered before a bundle is
// read (bin/docsctl.cjs, scripts/sea-main.cjs). No top-level await: both bundles are CommonJS, which
// cannot have one.
import { exitWhenIdle } from './exit-when-idle';

void import('./main').then(async ({ main }) => {
  process.exitCode = await main(process.argv.slice(2));
  exitWhenIdle();
});
