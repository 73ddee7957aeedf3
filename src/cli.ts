import { VERSION } from './version';

// Entry of the bundle. `--version` answers before anything else is loaded.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { main } = await import('./main');
  process.exitCode = await main(argv);
}
