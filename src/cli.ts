// Entry of the bundles (scripts/build.js, scripts/package.js). `--version` is answered before a bundle is
// read (bin/docsctl.cjs, scripts/sea-main.cjs). No top-level await: both bundles are CommonJS, which
// cannot have one.
void import('./main').then(async ({ main }) => {
  process.exitCode = await main(process.argv.slice(2));
});
