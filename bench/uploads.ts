// A 60 MB file uploaded and downloaded (issue 29: files are bytes, streamed): the peak resident memory
// of the server (`docsctl serve`) and of docsctl's client (ApiClient over node:http) while each does its
// part, and of one process doing both in local mode (the in-process transport). Each must stay under
// 150 MB: nothing holds the file whole (docs/performance.md). DOCSCTL_BENCH_FILE_BYTES sets another size
// (the peaks stay where they are from 60 MB on: they are garbage waiting for a collection, not the file).
import { spawn } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './report';
import { runQuiet, startServe } from './spawn';
import { startupEnv } from './startup';
import { ApiClient } from '../src/api/client';
import { remoteTransport } from '../src/api/transports/remote';
import { localTransport } from '../src/api/transports/local';
import { routes } from '../src/api/routes/index';
import { createApp } from '../src/server/app';
import { openEngine } from '../src/engine/index';

const FILE_BYTES = Number(process.env.DOCSCTL_BENCH_FILE_BYTES ?? 60 * 1000 * 1000);
const LIMIT_MB = 150;
/** How the file's size reads in the rows. */
const SIZE = `${FILE_BYTES / 1e6} MB`;
/** Set in a child the bench starts: which part it plays (the bench bundle is its program too). */
const ROLE = 'DOCSCTL_BENCH_TRANSFER';

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** A process's peak resident memory so far, in kB (Linux: VmHWM). */
function peakKbOf(pid: number | undefined): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}

/** Uploads FILE to SPACE, puts it in a change request and merges it; prints the file's id. */
async function upload(api: ApiClient, spaceId: string, file: string): Promise<string> {
  const uploaded = await api.upload(routes.createSpaceUpload, { params: { spaceId }, query: { name: 'demo.gif' } }, file);
  const cr = await api.call(routes.createChangeRequest, { params: { spaceId }, body: {} });
  const written = await api.call(routes.writeChangeRequestContent, {
    params: { spaceId, changeRequestId: cr.id },
    body: { changes: [{ operation: 'insert_files', files: [{ name: 'demo.gif', upload: uploaded.id }] }] },
  });
  await api.call(routes.mergeChangeRequest, { params: { spaceId, changeRequestId: cr.id } });
  return written.insertedFiles[0].id;
}

/** What a child does, by its role; it prints one JSON line with its peak memory. */
async function child(role: string): Promise<void> {
  const env = process.env;
  // VmHWM, not resourceUsage().maxRSS: Linux carries the latter over from the parent across exec.
  const report = (extra: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify({ ...extra, peakKb: peakKbOf(process.pid) })}\n`);
  // What the bench bundle costs a process before it does anything: the floor of the clients' figures.
  if (role === 'idle') return report({});
  if (role === 'local') {
    const engine = await openEngine(env.DATABASE!);
    const { organizationId, userId } = await engine.install();
    const api = new ApiClient(localTransport(createApp({ engine }), { userId: userId! }));
    const space = await api.call(routes.createSpace, { params: { organizationId: organizationId! }, body: { title: 'Local' } });
    const fileId = await upload(api, space.id, env.FILE!);
    await api.download(routes.downloadSpaceFile, { params: { spaceId: space.id, fileId } }, env.TARGET!);
    await engine.close();
    return report({ fileId });
  }
  const api = new ApiClient(remoteTransport({ baseUrl: env.URL!, token: env.TOKEN, timeoutMs: 120_000 }));
  if (role === 'upload') report({ fileId: await upload(api, env.SPACE!, env.FILE!) });
  else {
    await api.download(routes.downloadSpaceFile, { params: { spaceId: env.SPACE!, fileId: env.FILE_ID! } }, env.TARGET!);
    report({});
  }
  await api.close();
}

// The bench bundle runs as the child too: its role is set, it plays it and exits before the bench runs.
if (process.env[ROLE]) {
  await child(process.env[ROLE]);
  process.exit(0);
}

/** Runs this bundle as a child playing `role`; answers what it printed. */
function play(role: string, env: NodeJS.ProcessEnv): Promise<{ fileId?: string; peakKb: number }> {
  return new Promise((resolve, reject) => {
    const program = fileURLToPath(import.meta.url);
    const proc = spawn(process.execPath, [program], { env: { ...env, [ROLE]: role }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk));
    proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`the ${role} child exited with ${code}`))));
  });
}


/** FILE_BYTES of random bytes at `path`; answers their SHA-256. */
function writeRandomFile(path: string): string {
  const bytes = Buffer.alloc(FILE_BYTES);
  randomFillSync(bytes);
  writeFileSync(path, bytes);
  return createHash('sha256').update(bytes).digest('hex');
}

const mb = (kb: number) => kb / 1024;
const row = (name: string, kb: number): BenchRow => ({ name, value: `${mb(kb).toFixed(0)} MB`, target: `< ${LIMIT_MB} MB`, ok: mb(kb) < LIMIT_MB });

/** What one serve did with the file: its peaks (kB) before, after the upload and after the download, the times, and each client's peak. */
interface Transfer {
  before: number;
  afterUpload: number;
  afterDownload: number;
  uploadSeconds: number;
  downloadSeconds: number;
  uploaded: { peakKb: number };
  downloaded: { peakKb: number };
}

/**
 * An instance in `home` (with `env`'s settings: files in the database, or in S3), served: FILE uploaded,
 * merged and downloaded by client children, serve's peak memory read around each, the bytes checked.
 */
async function throughServe(bin: string, env: NodeJS.ProcessEnv, home: string, file: string, expected: string): Promise<Transfer> {
  runQuiet(bin, ['init'], env);
  const token = JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], env)).token as string;
  const space = JSON.parse(runQuiet(bin, ['spaces', 'create', '--title', 'Files', '--json'], env)).id as string;
  const serve = await startServe(bin, env);
  try {
    const before = peakKbOf(serve.child.pid);
    const remote = { ...env, URL: serve.url, TOKEN: token, SPACE: space, FILE: file };
    let started = performance.now();
    const uploaded = await play('upload', remote);
    const uploadSeconds = (performance.now() - started) / 1000;
    const afterUpload = peakKbOf(serve.child.pid);
    const target = join(home, 'downloaded.gif');
    started = performance.now();
    const downloaded = await play('download', { ...remote, FILE_ID: uploaded.fileId, TARGET: target });
    const downloadSeconds = (performance.now() - started) / 1000;
    const afterDownload = peakKbOf(serve.child.pid);
    if ((await sha256Of(target)) !== expected) throw new Error(`the file downloaded from ${home} differs from the uploaded one`);
    return { before, afterUpload, afterDownload, uploadSeconds, downloadSeconds, uploaded, downloaded };
  } finally {
    serve.child.kill('SIGTERM');
  }
}

export async function benchUploads(bin: string): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = startupEnv(dir);
  try {
    const file = join(dir, 'demo.gif');
    const expected = writeRandomFile(file);
    const idle = await play('idle', env);
    const { before, afterUpload, afterDownload, uploadSeconds, downloadSeconds, uploaded, downloaded } = await throughServe(bin, env, dir, file, expected);
    const inS3 = await throughS3(bin, dir, file, expected);
    const localTarget = join(dir, 'local.gif');
    const local = await play('local', { ...env, DATABASE: join(dir, 'local.db'), FILE: file, TARGET: localTarget });
    if ((await sha256Of(localTarget)) !== expected) throw new Error('the file downloaded in local mode differs from the uploaded one');
    return [
      { name: `uploads: serve's peak before any transfer`, value: `${mb(before).toFixed(0)} MB` },
      row(`uploads: serve's peak while receiving and storing a ${SIZE} upload`, afterUpload),
      row(`uploads: serve's peak once it has also sent the file back (the download)`, afterDownload),
      { name: 'uploads: a client process\'s peak before any transfer (the bench bundle loaded)', value: `${mb(idle.peakKb).toFixed(0)} MB` },
      row(`uploads: the client's peak uploading ${SIZE} (ApiClient.upload over node:http)`, uploaded.peakKb),
      row(`uploads: the client's peak downloading ${SIZE} (ApiClient.download over node:http)`, downloaded.peakKb),
      row(`uploads: local mode, one process uploading and downloading ${SIZE} (engine in-process)`, local.peakKb),
      { name: `uploads: time to upload ${SIZE} through serve and merge it (files in the database)`, value: `${uploadSeconds.toFixed(2)} s` },
      { name: `uploads: time to download it (files in the database)`, value: `${downloadSeconds.toFixed(2)} s` },
      ...inS3,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same upload and download through a serve that keeps files in S3 (`--files s3://…`, an S3-protocol
 * server on loopback: s3rver, scripts/s3-server.js): serve's peaks and the times, the store's own work
 * included (s3rver writes each object to its disk; a real store's network adds to them).
 */
async function throughS3(bin: string, dir: string, file: string, expected: string): Promise<BenchRow[]> {
  const { startS3Server } = (await import('../scripts/s3-server.js' as string)) as {
    startS3Server: () => Promise<{ endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; stop: () => Promise<void> }>;
  };
  const s3 = await startS3Server();
  const home = join(dir, 's3');
  mkdirSync(home);
  const env = {
    ...startupEnv(home), DOCSCTL_FILES: `s3://${s3.bucket}/bench`, DOCSCTL_FILES_ENDPOINT: s3.endpoint,
    AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  try {
    const t = await throughServe(bin, env, home, file, expected);
    return [
      { name: `uploads, files in S3: serve's peak before any transfer (the bucket checked: the AWS SDK loaded)`, value: `${mb(t.before).toFixed(0)} MB` },
      row(`uploads, files in S3: serve's peak while receiving and storing a ${SIZE} upload`, t.afterUpload),
      row(`uploads, files in S3: serve's peak once it has also sent the file back`, t.afterDownload),
      { name: `uploads, files in S3: time to upload ${SIZE} through serve and merge it`, value: `${t.uploadSeconds.toFixed(2)} s` },
      { name: `uploads, files in S3: time to download it`, value: `${t.downloadSeconds.toFixed(2)} s` },
    ];
  } finally {
    await s3.stop();
  }
}
