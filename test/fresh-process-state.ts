// Run before each test file (vitest.config.ts `setupFiles`). A worker process runs file after file, so what
// a package keeps on globalThis is put back as a process of its own would have it: zod's configuration,
// where the full zod (loaded with the MCP SDK by `docsctl mcp`) sets English messages that zod/mini would
// then give, instead of the "Invalid input" that src/api/format-issues.ts replaces with its own words.
const zod = (globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig;
if (zod) for (const key of Object.keys(zod)) delete zod[key];
