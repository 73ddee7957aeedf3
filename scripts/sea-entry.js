// Entry of the single executable's bundle (scripts/package.js). It is src/cli.ts without the
// top-level await, which a CommonJS main script cannot have: `--version` still answers first.
import { VERSION } from '../src/version';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  import('../src/main').then(async ({ main }) => {
    process.exitCode = await main(argv);
  });
}
