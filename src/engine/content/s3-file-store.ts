import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { FileStoreFailed, FileStoreRefused, MissingObject } from '../errors';
import type { FileStore, PresignedFile } from './file-store-contract';

/**
 * How an S3-compatible store is reached: what `--files-endpoint` and the usual `AWS_*` variables say
 * (docs/deployment.md, "Files in object storage"). Nothing here is remembered by the database: only
 * the bucket and prefix are, so every replica and command gives its own endpoint and credentials.
 */
export interface S3Settings {
  /** MinIO, R2, … (`--files-endpoint`, DOCSCTL_FILES_ENDPOINT, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL); AWS itself without one. Path-style addressing with one. */
  endpoint?: string;
  /** AWS_REGION or AWS_DEFAULT_REGION; us-east-1 without (MinIO and most others take any). */
  region?: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); without them, the SDK's own chain (~/.aws, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** `serve --files-presign`: downloads answer a redirect to a presigned GET URL valid this many seconds. */
  presignSeconds?: number;
}

/** The settings the environment gives (the flag's endpoint first). */
export function s3SettingsOf(env: Record<string, string | undefined>, endpoint?: string): S3Settings {
  const given = (name: string) => env[name] || undefined;
  const accessKeyId = given('AWS_ACCESS_KEY_ID');
  const secretAccessKey = given('AWS_SECRET_ACCESS_KEY');
  return {
    endpoint: endpoint || given('DOCSCTL_FILES_ENDPOINT') || given('AWS_ENDPOINT_URL_S3') || given('AWS_ENDPOINT_URL'),
    region: given('AWS_REGION') || given('AWS_DEFAULT_REGION'),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey, ...(given('AWS_SESSION_TOKEN') ? { sessionToken: given('AWS_SESSION_TOKEN') } : {}) } } : {}),
  };
}

/** Objects up to this size go in one PUT; larger ones in parts of this size, one part in memory at a time. */
export const PART_BYTES = 8 * 1024 * 1024;
/** How much of an object is asked of the caller at a time while a PUT or a part is assembled. */
const PIECE_BYTES = 1024 * 1024;
const OBJECT_NAME = /^[0-9a-f]{2}\/([0-9a-f]{64})$/;

type S3Module = typeof import('@aws-sdk/client-s3');

/** An error of the SDK, as much of it as is read here. */
interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * An S3-compatible bucket (`--files s3://bucket/prefix`): objects named `<prefix>/<first two hex
 * digits>/<sha256>`, written before the row that names them commits (a HEAD first: one already there
 * is kept), in one PUT or, past PART_BYTES, in parts of PART_BYTES (one in memory at a time; an upload
 * that fails is aborted); read back as the response streams in. The SDK (`@aws-sdk/client-s3`, its own
 * vendor bundle) loads on the first request, so commands that touch no file never pay for it.
 */
export class S3FileStore implements FileStore {
  readonly location: string;
  readonly bucket: string;
  readonly prefix: string;
  private clientPromise: Promise<{ s3: S3Module; client: S3Client }> | undefined;

  constructor(location: string, readonly settings: S3Settings = {}) {
    const parsed = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/.exec(location);
    const bucket = parsed?.[1] ?? '';
    if (!parsed || !/^[a-z0-9][a-z0-9.\-_]{1,61}[a-z0-9]$/i.test(bucket)) {
      throw new FileStoreRefused(`--files ${location}: must be s3://BUCKET or s3://BUCKET/PREFIX (a bucket name of 3 to 63 letters, digits, dots and dashes)`);
    }
    if (settings.endpoint && !/^https?:\/\/[^\s/]+/.test(settings.endpoint)) {
      throw new FileStoreRefused(`--files-endpoint ${settings.endpoint}: must be an http:// or https:// URL (such as http://minio.internal:9000)`);
    }
    this.bucket = bucket;
    this.prefix = (parsed[2] ?? '').replace(/^\/+|\/+$/g, '');
    this.location = `s3://${bucket}${this.prefix ? `/${this.prefix}` : ''}`;
  }

  /** Where the store is, for messages: the location, and the endpoint when it is not AWS's. */
  private get named(): string {
    return this.settings.endpoint ? `${this.location} (at ${this.settings.endpoint})` : this.location;
  }

  get presignSeconds(): number | undefined {
    return this.settings.presignSeconds;
  }

  keyOf(id: string): string {
    if (!/^[0-9a-f]{64}$/.test(id)) throw new Error(`file store ${this.location}: ${id} is not a SHA-256`);
    return `${this.prefix ? `${this.prefix}/` : ''}${id.slice(0, 2)}/${id}`;
  }

  private async connect(): Promise<{ s3: S3Module; client: S3Client }> {
    this.clientPromise ??= (async () => {
      // The SDK warns on every process under Node 22 of a future release's requirement: nothing a user of docsctl can act on.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const s3 = await import('@aws-sdk/client-s3');
      const { endpoint, region, credentials } = this.settings;
      const client = new s3.S3Client({
        region: region ?? 'us-east-1',
        ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
        ...(credentials ? { credentials } : {}),
        // A bucket in another region than the one given is found rather than refused.
        followRegionRedirects: true,
        // Checksums only where S3 requires them: several S3-compatible stores refuse the newer trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An endpoint that does not answer is named within seconds, not after the system's TCP timeout.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        maxAttempts: 3,
      });
      return { s3, client };
    })();
    return await this.clientPromise;
  }

  /** An SDK failure as a FileStoreFailed naming the store and what went wrong (or MissingObject for a key not there). */
  private failure(error: unknown, doing: string, id?: string): Error {
    const e = (error ?? {}) as SdkError;
    const status = e.$metadata?.httpStatusCode;
    const code = e.Code ?? e.name ?? e.code;
    if (id && (code === 'NoSuchKey' || (status === 404 && code !== 'NoSuchBucket'))) return new MissingObject(`file ${id} is missing from the file store ${this.location}`);
    const what = `the file store ${this.named} failed to ${doing}`;
    if (code === 'NoSuchBucket' || (status === 404 && !id)) return new FileStoreFailed(`${what}: bucket ${this.bucket} does not exist (create it, or fix --files)`);
    if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch' || code === 'InvalidToken' || code === 'ExpiredToken' || code === 'CredentialsProviderError' || /Could not load credentials/i.test(e.message ?? '')) {
      return new FileStoreFailed(`${what}: the credentials were refused or are missing (${code}): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or an AWS profile)`);
    }
    if (code === 'AccessDenied' || status === 403) return new FileStoreFailed(`${what}: access denied (403): the credentials are wrong (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), or may not use bucket ${this.bucket}${this.prefix ? ` under ${this.prefix}/` : ''}`);
    if (code === 'PermanentRedirect' || code === 'AuthorizationHeaderMalformed' || status === 301) return new FileStoreFailed(`${what}: bucket ${this.bucket} is in another region: set AWS_REGION`);
    const network = e.code ?? (error as { cause?: { code?: string } })?.cause?.code;
    if (typeof network === 'string' && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE)$/.test(network) || code === 'TimeoutError') {
      return new FileStoreFailed(`${what}: cannot reach ${this.settings.endpoint ?? 'S3'} (${network ?? code}${e.message ? `: ${e.message}` : ''})`);
    }
    return new FileStoreFailed(`${what}: ${code ?? 'error'}${status ? ` (HTTP ${status})` : ''}${e.message && e.message !== code ? `: ${e.message}` : ''}`);
  }

  /** One request: `command` builds it from the SDK's module (loaded by then); a failure is named (see `failure`). */
  private async send<T>(doing: string, command: (s3: S3Module) => object, id?: string): Promise<T> {
    const { s3, client } = await this.connect();
    try {
      return (await (client.send as (command: object) => Promise<unknown>).call(client, command(s3))) as T;
    } catch (error) {
      throw this.failure(error, doing, id);
    }
  }

  /** The bucket answers with these settings: what `serve` and a first `--files` check before going on. */
  async check(): Promise<void> {
    await this.send('reach its bucket', (s3) => new s3.HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** The size of the object `id`, or undefined when it is not there. */
  async sizeOf(id: string): Promise<number | undefined> {
    try {
      return (await this.send<{ ContentLength?: number }>(`look up file ${id}`, (s3) => new s3.HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(id) }), id)).ContentLength;
    } catch (error) {
      if (error instanceof MissingObject) return undefined;
      throw error;
    }
  }

  async put(id: string, size: number, pieceAt: (at: number, length: number) => Buffer | Promise<Buffer>): Promise<void> {
    if ((await this.sizeOf(id)) === size) return;
    const Key = this.keyOf(id);
    const gather = async (at: number, length: number): Promise<Buffer> => {
      const pieces: Buffer[] = [];
      for (let offset = at; offset < at + length; offset += PIECE_BYTES) pieces.push(await pieceAt(offset, Math.min(PIECE_BYTES, at + length - offset)));
      return pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, length);
    };
    const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
    if (size <= PART_BYTES) {
      const body = await gather(0, size);
      await this.send(`write file ${id}`, (s3) => new s3.PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: size, ContentMD5: md5(body) }));
      return;
    }
    const { UploadId } = await this.send<{ UploadId?: string }>(`begin writing file ${id}`, (s3) => new s3.CreateMultipartUploadCommand({ Bucket: this.bucket, Key }));
    try {
      const parts: { ETag?: string; PartNumber: number }[] = [];
      for (let at = 0, number = 1; at < size; at += PART_BYTES, number++) {
        const body = await gather(at, Math.min(PART_BYTES, size - at));
        const PartNumber = number;
        const { ETag } = await this.send<{ ETag?: string }>(`write part ${PartNumber} of file ${id}`, (s3) => new s3.UploadPartCommand({ Bucket: this.bucket, Key, UploadId, PartNumber, Body: body, ContentLength: body.length, ContentMD5: md5(body) }));
        parts.push({ ETag, PartNumber });
      }
      await this.send(`finish writing file ${id}`, (s3) => new s3.CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      // Its parts cost storage until aborted; an abort that fails too is left to the purge's sweep.
      await this.send('abort an upload', (s3) => new s3.AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async *read(id: string, pieceBytes: number): AsyncGenerator<Buffer> {
    const { Body } = await this.send<{ Body?: Readable }>(`read file ${id}`, (s3) => new s3.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(id) }), id);
    if (!Body) return;
    try {
      // As the response arrives: the consumer's pace is the socket's (a slow client slows the read).
      for await (const chunk of Body as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length; at += pieceBytes) yield at === 0 && chunk.length <= pieceBytes ? chunk : chunk.subarray(at, at + pieceBytes);
      }
    } catch (error) {
      throw error instanceof MissingObject ? error : this.failure(error, `read file ${id}`);
    } finally {
      // A consumer that stopped early (a client gone) leaves no half-read response holding a socket.
      Body.destroy();
    }
  }

  async remove(id: string): Promise<void> {
    await this.send(`remove file ${id}`, (s3) => new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(id) }));
  }

  async presign(id: string, file: PresignedFile): Promise<string> {
    const { s3, client } = await this.connect();
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    const command = new s3.GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(id),
      ResponseContentType: file.contentType,
      ...(file.disposition ? { ResponseContentDisposition: file.disposition } : {}),
    });
    try {
      return await getSignedUrl(client, command, { expiresIn: this.settings.presignSeconds ?? 300 });
    } catch (error) {
      throw this.failure(error, `sign a download of file ${id}`);
    }
  }

  /**
   * Lists the prefix and removes the objects older than `before` that no row names, and aborts the
   * multipart uploads begun before it (a process killed mid-upload). Keys that are not objects of this
   * store (another name under the prefix) are left alone.
   */
  async sweep(before: Date, named: (ids: string[]) => Promise<Set<string>>): Promise<number> {
    let removed = 0;
    const Prefix = this.prefix ? `${this.prefix}/` : undefined;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.send<{ Contents?: { Key?: string; LastModified?: Date }[]; NextContinuationToken?: string; IsTruncated?: boolean }>(
        'list its objects', (s3) => new s3.ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken }),
      );
      const old: string[] = [];
      for (const object of page.Contents ?? []) {
        const id = OBJECT_NAME.exec((object.Key ?? '').slice(Prefix?.length ?? 0))?.[1];
        if (id && object.LastModified && object.LastModified < before) old.push(id);
      }
      // One question to the database per page of the listing (up to 1,000 keys), not one per object.
      const kept = old.length ? await named(old) : new Set<string>();
      for (const id of old) {
        if (kept.has(id)) continue;
        await this.remove(id);
        removed++;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    let uploads: { Key?: string; UploadId?: string; Initiated?: Date }[] = [];
    try {
      uploads = (await this.send<{ Uploads?: typeof uploads }>('list unfinished uploads', (s3) => new s3.ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix }))).Uploads ?? [];
    } catch (error) {
      // A store that does not list them (some S3-compatible ones) has nothing to abort here.
      if (!/NotImplemented|HTTP 501/.test((error as Error).message)) throw error;
    }
    for (const upload of uploads) {
      if (!upload.Initiated || upload.Initiated >= before) continue;
      await this.send('abort an unfinished upload', (s3) => new s3.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
      removed++;
    }
    return removed;
  }
}
