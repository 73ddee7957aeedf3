// A throwaway S3-protocol server for the tests (vitest project "s3", test/s3-setup.ts) and by hand:
// s3rver (the @20minutes fork, which runs on Node 20) from the devDependencies, in a child process, on
// a free port of 127.0.0.1, keeping its objects in a temporary folder removed when it stops. It checks
// signatures (access key S3RVER, secret S3RVER): a wrong key or secret is refused as S3 would.
//
//   node scripts/s3-server.js            # prints {"endpoint": …, "bucket": …} and serves until Ctrl-C
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET_KEY = 'S3RVER';
export const S3_BUCKET = 'docsctl-test';

/**
 * The child's program (CommonJS, run with `node -e`, so it works wherever this module is bundled):
 * s3rver from the absolute paths the parent resolved, serving a folder with the buckets named, saying
 * where on stdout. s3rver signs a bucket's own path (`GET /bucket/?list-type=2`) as `/bucket`, where
 * the AWS SDK v3 signs `/bucket/`: every listing would fail its signature check. The check itself is
 * kept; only the path it reads gets its slash back.
 */
const CHILD = `
const [authentication, main, directory, ...buckets] = process.argv.slice(1);
const factory = require(authentication);
require.cache[authentication].exports = (...args) => {
  const middleware = factory(...args);
  return (ctx, next) => {
    const bucket = ctx.params.bucket;
    if (!bucket || ctx.params.key || !ctx.path.endsWith('/')) return middleware(ctx, next);
    ctx.params.bucket = bucket + '/';
    return middleware(ctx, () => {
      ctx.params.bucket = bucket;
      return next();
    });
  };
};
const S3rver = require(main);
const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
server.run().then(({ port }) => {
  process.stdout.write(JSON.stringify({ endpoint: 'http://127.0.0.1:' + port }) + '\\n');
  const stop = () => server.close().then(() => process.exit(0), () => process.exit(1));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent gone (a test run killed): this server goes too.
  process.stdin.on('end', stop);
  process.stdin.resume();
});
`;

/**
 * Starts a server in a child process; resolves once it listens. `stop()` ends it and removes its folder.
 * @returns {Promise<{ endpoint: string, bucket: string, accessKeyId: string, secretAccessKey: string, stop: () => Promise<void> }>}
 */
export async function startS3Server({ buckets = [S3_BUCKET] } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'docsctl-s3-'));
  const require = createRequire(import.meta.url);
  const paths = [require.resolve('@20minutes/s3rver/lib/middleware/authentication.js'), require.resolve('@20minutes/s3rver')];
  const child = spawn(process.execPath, ['-e', CHILD, ...paths, directory, ...buckets], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const endpoint = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve(JSON.parse(line).endpoint);
    });
    exited.then((code) => reject(new Error(`the S3 server exited with ${code} before listening`)));
  });
  return {
    endpoint,
    bucket: buckets[0],
    accessKeyId: S3_ACCESS_KEY,
    secretAccessKey: S3_SECRET_KEY,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startS3Server();
  process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint, bucket: server.bucket, accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey })}\n`);
  const stop = () => server.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
