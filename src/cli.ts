import { VERSION } from './version';

// Entry of the bundles (scripts/build.js, scripts/package.js). `--version` answers before anything
// else is loaded. No top-level await: both bundles are CommonJS, which cannot have one.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  void import('./main').then(async ({ main }) => {
    process.exitCode = await main(argv);
  });
}
