// The S3 run of the suite (vitest project "s3", whose workers have DOCSCTL_TEST_FILES=s3): one
// throwaway S3-protocol server for the whole run (scripts/s3-server.js: s3rver from the
// devDependencies, on a free port, its objects in a temporary folder). Test engines and sandboxes keep
// their files in a prefix of its bucket each (test/helpers/s3.ts).
export default async function setup(): Promise<() => Promise<void>> {
  const { startS3Server } = (await import('../scripts/s3-server.js' as string)) as {
    startS3Server: () => Promise<{ endpoint: string; bucket: string; stop: () => Promise<void> }>;
  };
  const server = await startS3Server();
  process.env.DOCSCTL_TEST_S3_ENDPOINT = server.endpoint;
  process.env.DOCSCTL_TEST_S3_BUCKET = server.bucket;
  return async () => await server.stop();
}
