import { createServer } from 'node:net';
import { S3FileStore } from '../../src/engine/content/s3-file-store';

/**
 * Files in S3 for the tests: the server test/s3-setup.ts starts (its endpoint in
 * DOCSCTL_TEST_S3_ENDPOINT), with s3rver's own credentials. In the "s3" project
 * (DOCSCTL_TEST_FILES=s3) every test engine and sandbox keeps its files there, each under a prefix of
 * its own; elsewhere nothing changes.
 */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let prefixes = 0;

/** The endpoint of the test run's S3 server, or undefined when the run started none. */
export function s3Endpoint(): string | undefined {
  return process.env.DOCSCTL_TEST_S3_ENDPOINT;
}

/** Whether this run keeps every test's files in S3 (the "s3" project). */
export function filesInS3(): boolean {
  return process.env.DOCSCTL_TEST_FILES === 's3' && s3Endpoint() !== undefined;
}

/** A location no other test uses: `s3://BUCKET/NAME-PID-N`. */
export function s3Location(name = 'box'): string {
  const bucket = process.env.DOCSCTL_TEST_S3_BUCKET ?? 'docsctl-test';
  return `s3://${bucket}/${name}-${process.pid}-${++prefixes}-${Date.now().toString(36)}`;
}

/** What docsctl reads to reach the server (the endpoint and credentials), without a location. */
export function s3Reach(): Record<string, string> {
  const endpoint = s3Endpoint();
  if (!endpoint) throw new Error('no S3 server in this run: the "s3" vitest project starts one (test/s3-setup.ts)');
  // Never the instance metadata address: a store opened without these keys by mistake fails at once instead.
  return { DOCSCTL_FILES_ENDPOINT: endpoint, AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey, AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true' };
}

/** The environment of a sandbox whose files go to a fresh prefix of the test bucket. */
export function s3Env(location = s3Location()): Record<string, string> {
  return { DOCSCTL_FILES: location, ...s3Reach() };
}

/** A store on a fresh prefix of the test bucket (or `location`). */
export function testS3Store(location = s3Location('engine'), presignSeconds?: number): S3FileStore {
  return new S3FileStore(location, { endpoint: s3Endpoint(), region: 'us-east-1', credentials: S3_CREDENTIALS, ...(presignSeconds ? { presignSeconds } : {}) });
}

/** What `openEngine` needs to reach the run's S3 server (the store a sandbox's database remembers); nothing outside the S3 run. */
export function testFileStoreOptions(): { s3?: { endpoint?: string; region: string; credentials: typeof S3_CREDENTIALS } } {
  return filesInS3() ? { s3: { endpoint: s3Endpoint(), region: 'us-east-1', credentials: S3_CREDENTIALS } } : {};
}

/** A port of 127.0.0.1 nothing listens on (an endpoint that does not answer). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
