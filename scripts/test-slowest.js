// `npm run test:slowest [-- vitest args]`: runs the suite with vitest's JSON reporter beside the usual
// one, then lists the slowest files and tests with their times. `--from FILE` lists those of a report
// written before (`vitest run --reporter=json --outputFile=FILE`) without running anything; `--top N`
// sets how many (20). A file that runs in two projects (sqlite and postgres) is listed once for each.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Options of this script out of argv; the rest goes to vitest. */
function parseArgs(argv) {
  const options = { from: undefined, top: 20, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--from') options.from = argv[++i];
    else if (argv[i] === '--top') options.top = Number(argv[++i]);
    else options.rest.push(argv[i]);
  }
  if (!Number.isInteger(options.top) || options.top < 1) throw new Error('--top takes a whole number of at least 1');
  return options;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The slowest files and tests of a vitest JSON report, as rows. */
export function slowest(report, top) {
  const files = report.testResults.map((file) => ({
    file: relative(root, file.name),
    ms: file.endTime - file.startTime,
    tests: file.assertionResults.length,
  }));
  const tests = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({ file: relative(root, file.name), name: test.fullName, ms: test.duration ?? 0 })),
  );
  const byTime = (a, b) => b.ms - a.ms;
  return {
    files: files.sort(byTime).slice(0, top),
    tests: tests.sort(byTime).slice(0, top),
    total: { files: files.length, tests: tests.length, fileMs: files.reduce((sum, f) => sum + f.ms, 0) },
  };
}

function print({ files, tests, total }) {
  console.log(`${total.files} file runs, ${total.tests} tests, ${seconds(total.fileMs)} in files (summed over workers)\n`);
  console.log('slowest files:');
  for (const f of files) console.log(`  ${seconds(f.ms).padStart(8)}  ${f.file} (${f.tests} tests)`);
  console.log('\nslowest tests:');
  for (const t of tests) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.file} > ${t.name}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2));
  let from = options.from;
  if (!from) {
    from = join(root, 'tmp', 'test-report.json');
    mkdirSync(dirname(from), { recursive: true });
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const result = spawnSync(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=./test/slow-tests-reporter.ts', '--reporter=json', `--outputFile=${from}`, ...options.rest], { cwd: root, stdio: 'inherit' });
    if (result.error) throw result.error;
    process.exitCode = result.status ?? 1;
  }
  print(slowest(JSON.parse(readFileSync(from, 'utf8')), options.top));
}
