// Checks dist-sea/docsctl (built by scripts/package.js) the way a user gets it: the file ALONE in an
// empty temp directory, no node_modules anywhere above it, no Node on the PATH it could lean on.
// Runs --version, a local `init --sample` + `members list`, every lazily loaded feature, a `serve`
// with a remote command against it; then reports size and start-up. Exits 1 on any failure.
// `--build` runs the same checks on the normal build instead, in place: `node bin/docsctl.cjs`, with
// its start-up bundle, its vendor bundles (one per lazily loaded package) and its code cache.
// `--snapshot` checks an executable built with `scripts/package.js --snapshot` (no start-up bundles read).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasTerminal, runOnTerminal } from './terminal.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildMode = process.argv.includes('--build');
// `--snapshot`: the executable starts from a V8 startup snapshot (scripts/package.js --snapshot): its
// start-up code is in the heap it starts from, so it reads no start-up bundle and writes no cache of one.
const snapshotMode = process.argv.includes('--snapshot');
// The executable to check: the argument, else what `npm run package` produced.
const argument = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const built = buildMode ? join(root, 'bin', 'docsctl.cjs') : resolve(argument ?? join(root, 'dist-sea', 'docsctl'));
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const runs = Number(process.env.DOCSCTL_PACKAGE_TEST_RUNS ?? 7);

if (!existsSync(built)) {
  console.error(`${built} does not exist: run \`npm run ${buildMode ? 'build' : 'package'}\` first`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'docsctl-sea-'));
for (let up = dir; up !== dirname(up); up = dirname(up)) {
  if (existsSync(join(up, 'node_modules'))) throw new Error(`${up} holds a node_modules: the check would not be alone`);
}
const bin = buildMode ? built : join(dir, 'docsctl');
if (!buildMode) copyFileSync(built, bin);
/** The program and arguments that run docsctl with `args`. */
const command = (args) => (buildMode ? [process.execPath, [bin, ...args]] : [bin, args]);
const files = join(dir, 'files');
mkdirSync(files);
// Nothing of the developer's machine: its own home (the addon cache goes to ~/.cache), database and
// profiles; a PATH without node; no NODE_* variables but NODE_DEBUG=docsctl, which names each vendor
// bundle a run loads (see `loaded` below): files of dist/vendor/, or assets of the executable.
const env = { PATH: '/usr/bin:/bin', HOME: join(dir, 'home'), DOCSCTL_DB: join(dir, 'docs.db'), DOCSCTL_CONFIG_DIR: join(dir, 'config'), CI: '1', NODE_DEBUG: 'docsctl' };

/** Vendor bundles loaded by the runs of the current check, and by all checks. */
let loaded = new Set();
const everLoaded = new Set();
/** `output` without NODE_DEBUG's lines, after noting the vendor bundles they name. */
function noteLoads(output) {
  return output.replace(/^DOCSCTL \d+: (.*)\n/gm, (_, message) => {
    const vendor = /^vendor bundle loaded: (\S+)/.exec(message)?.[1];
    if (vendor) loaded.add(vendor), everLoaded.add(vendor);
    return '';
  });
}

/** Runs docsctl on a terminal (script(1)), answering its prompts; resolves with its exit code and screen. */
async function onTerminal(args, extraEnv = {}) {
  const [file, argv] = command(args);
  const { CI, ...rest } = env; // a person at a terminal, not CI
  const result = await runOnTerminal(file, argv, { cwd: dir, env: { ...rest, ...extraEnv } });
  return { ...result, output: noteLoads(result.output) };
}

/**
 * Runs the executable (with `json`, adds --json and parses); rejects unless it exits with `expect`.
 * Asynchronous: the import checks' web server lives in this process and must keep answering.
 */
function docsctl(args, { expect = 0, json = false, env: extraEnv = {} } = {}) {
  const argv = json ? [...args, '--json'] : args;
  return new Promise((resolve, reject) => {
    execFile(...command(argv), { cwd: dir, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 << 20 }, (error, stdout, rawStderr) => {
      const stderr = noteLoads(rawStderr);
      const status = error ? (typeof error.code === 'number' ? error.code : error.signal ?? error.code) : 0;
      if (status !== expect) reject(new Error(`docsctl ${argv.join(' ')} exited ${status}, not ${expect}: ${stderr || stdout}`));
      else resolve(json ? JSON.parse(stdout) : { stdout, stderr });
    });
  });
}

const results = [];
async function check(name, fn) {
  loaded = new Set();
  const started = performance.now();
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    const loads = loaded.size ? `loads ${[...loaded].sort().join(', ')}` : '';
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const said = [detail, loads, took].filter(Boolean).join('; ');
    console.log(`ok   ${name}${said ? ` (${said})` : ''}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}\n     ${String(error.message ?? error).split('\n').join('\n     ')}`);
  }
}
const assert = (condition, message) => {
  if (!condition) throw new Error(message);
};

/** Files a local web server hands to `content import` (fetch with undici, then convert). */
async function importFixtures() {
  const JSZip = createRequire(import.meta.url)('jszip');
  const zip = new JSZip();
  zip.file('intro.md', '# Intro\n\nFrom a zip.');
  zip.file('usage.md', '# Usage\n\nAlso from a zip.');
  // The smallest Word document mammoth reads: content types, the package relation, the body.
  const docx = new JSZip();
  docx.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  docx.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  docx.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Quarterly report</w:t></w:r></w:p><w:p><w:r><w:t>Sales grew.</w:t></w:r></w:p></w:body></w:document>');
  return {
    '/site/index.html': ['text/html', '<html><body><main><h1>Welcome</h1><p>See <a href="/site/guide.html">the guide</a>.</p></main></body></html>'],
    '/site/guide.html': ['text/html', '<html><body><main><h1>Guide</h1><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></main></body></html>'],
    '/robots.txt': ['text/plain', 'User-agent: *\nDisallow: /private/\n'],
    '/notes.md': ['text/markdown', '---\ntitle: Notes from markdown\n---\n\nSome *notes*.\n'],
    '/notes.zip': ['application/zip', await zip.generateAsync({ type: 'nodebuffer' })],
    '/report.docx': ['application/octet-stream', await docx.generateAsync({ type: 'nodebuffer' })],
  };
}

async function withFixtureSite(fn) {
  const routes = await importFixtures();
  const server = createServer((req, res) => {
    const route = routes[req.url];
    res.writeHead(route ? 200 : 404, { 'content-type': route ? route[0] : 'text/plain' });
    res.end(route ? route[1] : 'not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn(`http://127.0.0.1:${server.address().port}`);
  } finally {
    server.close();
  }
}

/**
 * `serve --port 0 --json` from the executable (with `args`, in `env` and `extraEnv`); resolves with its URL
 * and a way to stop it. No load balancer watches it: SIGTERM stops it at once (no 5 s of --shutdown-grace).
 */
function startServe(args = [], extraEnv = {}) {
  const child = spawn(...command(['serve', '--port', '0', '--metrics-port', '0', '--json', '--shutdown-grace', '0', ...args]), { cwd: dir, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  // Whatever happens to this script, the server does not outlive it.
  process.on('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += noteLoads(String(chunk))));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      let announced;
      try {
        announced = JSON.parse(out); // one JSON object, possibly over several chunks
      } catch {
        return;
      }
      resolve({ url: announced.url, metrics: announced.metrics, sites: announced.sites ?? [], stop: () => (child.kill('SIGTERM'), exited) });
    });
    exited.then((code) => reject(new Error(`serve exited ${code} before listening: ${stderr}`)));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Wall time of each command, interleaved so the machine's drift hits all of them alike (as bench/startup.ts). */
function startupTimes(commands) {
  const { NODE_DEBUG, ...quiet } = env; // timed as users run it, saying nothing of its caches
  const samples = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach(([file, ...args], k) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(file, args, { cwd: dir, env: quiet, stdio: 'ignore' });
      samples[k].push(Number(process.hrtime.bigint() - start) / 1e6);
      if (result.status !== 0) throw new Error(`${file} ${args.join(' ')} exited ${result.status}`);
    });
  }
  return samples.map(median);
}

try {
  await check(buildMode ? '--version' : '--version answers without node_modules', async () => {
    const out = (await docsctl(['--version'])).stdout.trim();
    assert(out === version, `printed ${out}, expected ${version}`);
    return out;
  });

  // Both builds write each command group's code cache (but the executable from a snapshot); the executable also extracts its SQLite addon.
  const cachedNames = [...(snapshotMode ? [] : [/^code-[0-9a-f]{16}-members-v[\d.]+-\w+\.bin$/]), ...(buildMode ? [] : [/^better_sqlite3-[0-9a-f]{16}\.node$/])];
  const cacheSaid = [snapshotMode ? 'started from its snapshot' : 'code cache written', ...(buildMode ? [] : ['SQLite addon extracted from the executable'])].join(', ');
  await check(`local init --sample and members list (${cacheSaid})`, async () => {
    await docsctl(['init', '--sample']);
    const rows = (await docsctl(['members', 'list'])).stdout.trim().split('\n');
    assert(rows.length >= 10, `members list printed ${rows.length} rows`);
    const again = (await docsctl(['members', 'list'])).stdout.trim().split('\n');
    assert(again.join('\n') === rows.join('\n'), 'a second members list, from the code cache, printed other rows');
    const cached = readdirSync(join(env.HOME, '.cache', 'docsctl'));
    const found = cachedNames.map((name) => cached.find((file) => name.test(file)));
    assert(found.every(Boolean), `cache holds ${cached.join(', ')}`);
    return `${rows.length} members; cached ${found.join(', ')}`;
  });

  // serve answers the published sites it announces with pages for browsers; raw HTML goes through js-xss.
  // Before any check changes the sample (a section's condition would hide its pages).
  await check('a published site for visitors (xss, highlight.js, katex, transliteration, yaml): the pages serve announces, a table of contents, highlighted code, math, heading ids, an API operation from a spec', async () => {
    // A site of its own over a pushed page with a code block, beside the sample's.
    const docs = join(files, 'site-docs');
    mkdirSync(docs, { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# Code\n\n<mark>Marked</mark> words.\n\n```js\nconst answer = 42;\n```\n\n$$E = mc^2$$\n\n## 1. 中文分词\n\n{% openapi-operation spec="site-pets" path="/pets" method="get" %}\n{% endopenapi-operation %}\n');
    // The operation that block names, from a spec the organization publishes (issue 58).
    writeFileSync(join(files, 'site-pets.yaml'), readFileSync(join(root, 'test', 'fixtures', 'openapi', 'v1.yaml'), 'utf8'));
    await docsctl(['openapi', 'publish', join(files, 'site-pets.yaml'), '--spec', 'site-pets']);
    const codeSpace = (await docsctl(['spaces', 'create', '--title', 'Code', '--json'], { json: true })).id;
    await docsctl(['content', 'push', docs, '--space', codeSpace, '--merge']);
    const codeSite = (await docsctl(['sites', 'create', '--title', 'Code site', '--space', codeSpace, '--json'], { json: true })).id;
    await docsctl(['sites', 'publish', codeSite]);
    const server = await startServe();
    try {
      const site = server.sites.find((s) => s.title === 'Acme Developers');
      assert(site, `serve announced ${JSON.stringify(server.sites)}`);
      const page = await fetch(site.url);
      const html = await page.text();
      assert(page.status === 200 && /^text\/html/.test(page.headers.get('content-type')), `${site.url}: ${page.status} ${html.slice(0, 200)}`);
      assert(/<nav class="toc"/.test(html) && /<h1[^>]*>Overview</.test(html), `no table of contents or heading: ${html.slice(0, 400)}`);
      const css = /href="([^"]+\.css)"/.exec(html)?.[1];
      const style = await fetch(new URL(css, site.url));
      assert(style.status === 200 && /immutable/.test(style.headers.get('cache-control')), `stylesheet ${css}: ${style.status}`);
      const code = server.sites.find((s) => s.id === codeSite);
      const codeAnswer = await fetch(code.url);
      const codePage = await codeAnswer.text();
      assert(codeAnswer.status === 200, `${code.url}: ${codeAnswer.status} ${codePage.slice(0, 300)}`);
      assert(/<span class="hljs-keyword">const<\/span>/.test(codePage) && /<mark>Marked<\/mark>/.test(codePage) && /<math xmlns=/.test(codePage), `no highlighted code, kept <mark> or MathML: ${codePage.slice(codePage.indexOf('<article'), codePage.indexOf('<article') + 400)}`);
      // The platform's id of a heading in another script: its letters in Latin ones.
      assert(codePage.includes('<p class="api-operation-summary">List all pets</p>'), `no operation from the spec: ${codePage.slice(codePage.indexOf('api-operation'), codePage.indexOf('api-operation') + 300)}`);
      assert(codePage.includes('<h2 id="id-1.-zhong-wen-fen-ci">'), `no platform id for a Chinese heading: ${codePage.slice(codePage.indexOf('<h2'), codePage.indexOf('<h2') + 200)}`);
      return `${site.url} (${html.length} bytes)`;
    } finally {
      const code = await server.stop();
      assert(code === 0, `serve exited ${code} on SIGTERM`);
    }
  });

  const space = (await docsctl(['spaces', 'create', '--title', 'Packaged'], { json: true })).id;

  await check('markdown with YAML frontmatter (marked, yaml): content push', async () => {
    const docs = join(files, 'docs');
    mkdirSync(docs);
    // Chinese and Korean: the PDF below reads their fonts from the executable's assets.
    writeFileSync(join(docs, 'README.md'), '# Home\n\nWelcome. 欢迎。 환영합니다.\n');
    writeFileSync(join(docs, 'setup.md'), '---\ntitle: Set up from frontmatter\ndescription: How to install\n---\n\n# Ignored heading\n\n- one\n- two\n');
    await docsctl(['content', 'push', docs, '--space', space, '--merge']);
    const tree = (await docsctl(['content', 'tree', '--space', space])).stdout;
    assert(tree.includes('Set up from frontmatter'), `tree:\n${tree}`);
  });

  await check('PDF (pdf-lib, fontkit, the fonts among the assets): cr pdf', async () => {
    const number = (await docsctl(['cr', 'list', '--space', space, '--status', 'merged'], { json: true })).items[0].number;
    const out = join(files, 'cr.pdf');
    await docsctl(['cr', 'pdf', String(number), '--space', space, '-o', out]);
    assert(readFileSync(out).subarray(0, 5).toString() === '%PDF-', 'not a PDF');
    return `${statSync(out).size} bytes`;
  });

  await withFixtureSite(async (site) => {
    const imported = (url, source) => docsctl(['content', 'import', url, '--source', source, '--space', space], { json: true });
    await check('import a website (undici, robots-parser, turndown + domino html→markdown)', async () => {
      const result = await imported(`${site}/site/index.html`, 'website');
      assert(result.importedResources === 2, JSON.stringify(result));
      const guide = (await docsctl(['content', 'page', 'guide', '--path', '--space', space])).stdout;
      assert(guide.includes('| A | B |'), `guide page:\n${guide}`);
    });
    await check('import markdown with frontmatter', async () => assert((await imported(`${site}/notes.md`, 'markdown')).importedResources === 1, 'not imported'));
    await check('import a zip (jszip)', async () => assert((await imported(`${site}/notes.zip`, 'zip')).importedResources === 2, 'not imported'));
    await check('import a Word document (mammoth)', async () => {
      assert((await imported(`${site}/report.docx`, 'docx')).importedResources === 1, 'not imported');
      const tree = (await docsctl(['content', 'tree', '--space', space])).stdout;
      assert(tree.includes('Quarterly report'), `tree:\n${tree}`);
    });
  });

  await check('OpenAPI validation and publish (yaml, swagger-parser)', async () => {
    const fixtures = join(root, 'test', 'fixtures', 'openapi');
    for (const name of ['v1.yaml', 'v2.yaml', 'invalid.yaml']) copyFileSync(join(fixtures, name), join(files, name));
    const published = await docsctl(['openapi', 'publish', join(files, 'v1.yaml'), '--spec', 'pets'], { json: true });
    const invalid = await docsctl(['openapi', 'publish', join(files, 'invalid.yaml'), '--spec', 'pets'], { expect: 1 });
    assert(invalid.stderr.length > 0, 'an invalid document says nothing');
    await docsctl(['openapi', 'diff', 'pets', join(files, 'v2.yaml')], { expect: 0 });
    return `version ${published.version?.id ?? published.id ?? 'published'}`;
  });

  await check('adaptive schema (ajv): sites adaptive-schema set', async () => {
    const site = (await docsctl(['sites', 'list'], { json: true })).items[0].id;
    const schema = join(files, 'claims.json');
    writeFileSync(schema, JSON.stringify({ type: 'object', additionalProperties: false, properties: { isBetaUser: { type: 'boolean', description: 'Signed up for the beta' } } }));
    await docsctl(['sites', 'adaptive-schema', 'set', site, '--file', schema]);
    const bad = join(files, 'bad.json');
    writeFileSync(bad, JSON.stringify({ type: 'object', properties: { x: { type: 'boolean' } } }));
    await docsctl(['sites', 'adaptive-schema', 'set', site, '--file', bad], { expect: 1 });
  });

  await check('PostgreSQL (pg): --database postgres://… loads the driver and names a server it cannot reach', async () => {
    const refused = await docsctl(['--database', 'postgres://docsctl:secret@127.0.0.1:1/docs', 'members', 'list'], { expect: 1 });
    assert(/cannot open postgres:\/\/docsctl:\*\*\*@127\.0\.0\.1:1\/docs: .*ECONNREFUSED/.test(refused.stderr), `said: ${refused.stderr}`);
  });

  await check('files in S3 (@aws-sdk/client-s3, s3-request-presigner): --files s3://…, a folder pushed to an S3-protocol server (s3rver) and pulled back, locally and through serve --files-presign', async () => {
    const { startS3Server } = await import('./s3-server.js');
    const s3 = await startS3Server();
    try {
      const s3env = {
        DOCSCTL_DB: join(dir, 's3.db'), DOCSCTL_FILES: `s3://${s3.bucket}/sea`, DOCSCTL_FILES_ENDPOINT: s3.endpoint,
        AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
      };
      await docsctl(['init'], { env: s3env });
      const space = (await docsctl(['spaces', 'create', '--title', 'S3'], { json: true, env: s3env })).id;
      const folder = join(dir, 's3-docs');
      mkdirSync(join(folder, 'images'), { recursive: true });
      const image = Buffer.alloc(3 * 1024 * 1024 + 7, 'docsctl');
      writeFileSync(join(folder, 'README.md'), '# S3\n\n![a](images/a.png)\n');
      writeFileSync(join(folder, 'images/a.png'), image);
      await docsctl(['content', 'push', folder, '--space', space, '--merge'], { env: s3env });
      await docsctl(['content', 'pull', join(dir, 's3-out'), '--space', space], { env: s3env });
      assert(readFileSync(join(dir, 's3-out', 'images/a.png')).equals(image), 'the file pulled back differs from the one pushed');
      // serve --files-presign: a remote pull follows the redirects to presigned URLs of the store.
      const token = (await docsctl(['tokens', 'create', '--name', 's3'], { json: true, env: s3env })).token;
      const server = await startServe(['--files-presign', '60'], s3env);
      try {
        const pulled = spawnSync(...command(['--url', server.url, '--token', token, 'content', 'pull', join(dir, 's3-remote'), '--space', space]), { cwd: dir, env: { PATH: env.PATH, HOME: env.HOME, DOCSCTL_CONFIG_DIR: join(dir, 'remote') }, encoding: 'utf8' });
        assert(pulled.status === 0, `content pull exited ${pulled.status}: ${pulled.stderr}`);
        assert(readFileSync(join(dir, 's3-remote', 'images/a.png')).equals(image), 'the file pulled through a presigned URL differs from the one pushed');
      } finally {
        const code = await server.stop();
        assert(code === 0, `serve exited ${code} on SIGTERM`);
      }
    } finally {
      await s3.stop();
    }
  });

  await check('MCP (@modelcontextprotocol/sdk): docsctl mcp answers initialize and tools/list on stdio', async () => {
    const [file, args] = command(['mcp']);
    const { stdout, stderr } = await new Promise((resolve, reject) => {
      const child = spawn(file, args, { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        // The tools/list answer is in: the assistant hangs up.
        if (/"id":2[,}]/.test(out)) child.stdin.end();
      });
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('close', (code) => (code === 0 ? resolve({ stdout: out, stderr: err }) : reject(new Error(`docsctl mcp exited ${code}: ${err}`))));
      const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
      send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } } });
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/list' });
    });
    noteLoads(stderr);
    const answers = stdout.trim().split('\n').map((line) => JSON.parse(line));
    const tools = answers.find((answer) => answer.id === 2)?.result?.tools ?? [];
    assert(tools.some((tool) => tool.name === 'listOrganizations'), `tools/list answered ${stdout.slice(0, 300)}`);
    return `${tools.length} tools`;
  });

  await check('conditions (jsep): sections update --condition, sites preview', async () => {
    const site = (await docsctl(['sites', 'list'], { json: true })).items[0].id;
    const section = (await docsctl(['sections', 'list', site], { json: true })).items[0].id;
    const bad = await docsctl(['sections', 'update', site, section, '--condition', 'visitor.claims.isBetaUser = true'], { expect: 1 });
    assert(/condition: .* at position \d+/.test(bad.stderr), `said ${bad.stderr}`);
    await docsctl(['sections', 'update', site, section, '--condition', 'visitor.claims.isBetaUser']);
    const seen = await docsctl(['sites', 'preview', site, '--claims', 'isBetaUser=true'], { json: true });
    assert(seen.structure.some((s) => s.id === section), 'the beta section is not in the preview');
  });

  await check('--jq (jq-wasm, WebAssembly inside the bundle)', async () => {
    const emails = (await docsctl(['members', 'list', '--jq', '.items[] | select(.role == "admin") | .user.email'])).stdout.trim().split('\n');
    assert(emails.includes('admin@example.com'), `printed ${emails.join(', ')}`);
    await docsctl(['members', 'list', '--jq', '.items[] | nope('], { expect: 2 });
  });

  await check('bulk membership from a CSV file (csv-parse), a dry run', async () => {
    const team = (await docsctl(['teams', 'list'], { json: true })).items[0].id;
    writeFileSync(join(files, 'new.csv'), 'email,role\nada.lovelace@acme.example,member\n');
    const plan = (await docsctl(['teams', 'members', 'add', team, '--file', join(files, 'new.csv'), '--dry-run'])).stdout;
    assert(plan.includes('ada.lovelace@acme.example'), `plan:\n${plan}`);
  });

  if (hasTerminal()) {
    await check('on a terminal, through script(1): a table fitted to the width, a spinner (ora), a confirmation and a pick-list (@inquirer/prompts)', async () => {
      const table = await onTerminal(['members', 'list']);
      assert(table.code === 0 && /^ID {2,}NAME {2,}EMAIL/m.test(table.output), `members list: exit ${table.code}:\n${table.output}`);
      const push = await onTerminal(['content', 'push', join(files, 'docs'), '--space', space]);
      assert(push.code === 0 && push.output.includes('✔ Reading the space'), `content push: exit ${push.code}:\n${push.output}`);
      const doomed = (await docsctl(['spaces', 'create', '--title', 'Doomed'], { json: true })).id;
      const deleted = await onTerminal(['spaces', 'delete', doomed]);
      assert(deleted.code === 0 && deleted.answered === 1 && deleted.output.includes('Deleted space Doomed'), `spaces delete: exit ${deleted.code}, ${deleted.answered} answers:\n${deleted.output}`);
      const restored = await onTerminal(['spaces', 'restore']);
      assert(restored.code === 0 && restored.answered === 1 && /Restored 1 of 1/.test(restored.output), `spaces restore: exit ${restored.code}, ${restored.answered} answers:\n${restored.output}`);
    });
  }

  await check('saved profiles (conf): login, whoami, a remote command through the profile, logout; serve metrics (prom-client)', async () => {
    const token = (await docsctl(['tokens', 'create', '--name', 'profile-test'], { json: true })).token;
    const server = await startServe();
    // No DOCSCTL_DB, which would beat the profile: the saved profile decides, as for a user.
    const user = { DOCSCTL_DB: '', DOCSCTL_CONFIG_DIR: join(dir, 'profiles') };
    try {
      await docsctl(['login', '--url', server.url, '--token', token], { env: user });
      const me = await docsctl(['whoami'], { json: true, env: user });
      assert(me.mode === 'remote' && me.target === server.url && me.user.email === 'admin@example.com', JSON.stringify(me));
      const rows = (await docsctl(['members', 'list'], { env: user })).stdout.trim().split('\n');
      assert(rows.length >= 10, `members list through the profile printed ${rows.length} rows`);
      await docsctl(['logout'], { env: user });
      // Local again: the default database, which does not exist here, so it names `docsctl init` (exit 2).
      const after = await docsctl(['whoami'], { expect: 2, env: user });
      assert(/the default location/.test(after.stderr) && /docsctl init/.test(after.stderr), `after logout: ${after.stderr}`);
      // Metrics (prom-client, a vendor bundle of its own) count what was just asked.
      const scraped = await (await fetch(server.metrics)).text();
      assert(/docsctl_http_requests_total\{operation="listMembersInOrganizationById",status="200"\} [1-9]/.test(scraped), `metrics: ${scraped.slice(0, 300)}`);
    } finally {
      const code = await server.stop();
      assert(code === 0, `serve exited ${code} on SIGTERM`);
    }
  });

  await check('serve from the executable, and a remote command against it', async () => {
    const token = (await docsctl(['tokens', 'create', '--name', 'package-test'], { json: true })).token;
    const server = await startServe();
    try {
      const remote = (args) => spawnSync(...command(['--url', server.url, '--token', token, ...args]), { cwd: dir, env: { PATH: env.PATH, HOME: env.HOME, DOCSCTL_CONFIG_DIR: join(dir, 'remote') }, encoding: 'utf8' });
      const whoami = remote(['whoami', '--json']);
      assert(whoami.status === 0, `whoami exited ${whoami.status}: ${whoami.stderr}`);
      assert(JSON.parse(whoami.stdout).mode === 'remote', whoami.stdout);
      const members = remote(['members', 'list']);
      assert(members.status === 0 && members.stdout.trim().split('\n').length >= 10, `members list exited ${members.status}: ${members.stderr}`);
      // A remote command reads the core and its command group's bundle, never the engine's; a local one does.
      const startupBundles = (args, extraEnv) => {
        const run = spawnSync(...command(args), { cwd: dir, env: { ...extraEnv, NODE_DEBUG: 'docsctl' }, encoding: 'utf8' });
        return [...run.stderr.matchAll(/start-up bundle loaded: (\S+)/g)].map((m) => m[1]).sort().join(' ');
      };
      const remoteBundles = startupBundles(['--url', server.url, '--token', token, 'members', 'list'], { PATH: env.PATH, HOME: env.HOME, DOCSCTL_CONFIG_DIR: join(dir, 'remote') });
      // From a snapshot, none: they are in the heap it starts from.
      assert(remoteBundles === (snapshotMode ? '' : 'members'), `a remote members list loaded the start-up bundles: ${remoteBundles}`);
      const localBundles = startupBundles(['members', 'list'], env);
      assert(localBundles === (snapshotMode ? '' : 'engine members'), `a local members list loaded the start-up bundles: ${localBundles}`);
    } finally {
      const code = await server.stop();
      assert(code === 0, `serve exited ${code} on SIGTERM`);
    }
    return server.url;
  });

  // Validation runs in a worker thread (the npm build's script, the executable's asset), stopped at its
  // time bound: a `$ref` bomb of 5 KB that validates as 10^7 nodes ends in PARSE_ERROR naming the bound.
  await check('a hostile OpenAPI document through serve stops at the time bound, and serve answers meanwhile', async () => {
    const token = (await docsctl(['tokens', 'create', '--name', 'package-test-bomb'], { json: true })).token;
    // No expansion bound (it refuses this document at once): the validator runs and the time bound stops it.
    const server = await startServe(['--openapi-max-time', '1', '--openapi-max-expansion', '0']);
    try {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const org = (await (await fetch(`${server.url}/v1/orgs`, { headers })).json()).items[0].id;
      const started = Date.now();
      const publishing = fetch(`${server.url}/v1/orgs/${org}/openapi/bomb`, { method: 'PUT', headers, body: JSON.stringify({ source: { text: readFileSync(join(root, 'test', 'fixtures', 'openapi', 'ref-bomb.json'), 'utf8') } }) });
      const meanwhile = await fetch(`${server.url}/v1/user`, { headers });
      assert(meanwhile.status === 200, `GET /v1/user answered ${meanwhile.status} while the bomb was validated`);
      const spec = await (await publishing).json();
      const seconds = (Date.now() - started) / 1000;
      assert(spec.lastProcessErrorCode === 'PARSE_ERROR' && /longer than 1 s, the time bound/.test(spec.lastProcessError), `spec: ${JSON.stringify(spec)}`);
      assert(seconds < 10, `the bound of 1 s took ${seconds} s`);
      return `${spec.lastProcessError} (${seconds.toFixed(1)} s)`;
    } finally {
      const code = await server.stop();
      assert(code === 0, `serve exited ${code} on SIGTERM`);
    }
  });

  // Writing a cache clears out other builds' caches unused for two weeks; the executable's bundles are
  // one build, so none of them may clear out another's (bin/run-bundle.cjs, `build`).
  if (!buildMode) {
    await check('a new cache keeps the old ones of the same build (start-up and vendor bundles)', async () => {
      const cacheDir = join(env.HOME, '.cache', 'docsctl');
      const codeFiles = () => readdirSync(cacheDir).filter((name) => name.startsWith('code-'));
      const before = codeFiles();
      const hashes = new Set(before.map((name) => name.split('-')[1]));
      assert(hashes.size > 1, `caches of one bundle only: ${before.join(', ')}`);
      const weeksAgo = new Date(Date.now() - 20 * 24 * 3600 * 1000);
      for (const name of before) utimesSync(join(cacheDir, name), weeksAgo, weeksAgo);
      // A command group not run before: the start-up bundle and jq-wasm write caches of their own.
      await docsctl(['audit', 'list', '--jq', '.items | length']);
      const after = codeFiles();
      const gone = before.filter((name) => !after.includes(name));
      assert(gone.length === 0, `cleared out: ${gone.join(', ')}`);
      assert(after.length > before.length, 'no new cache was written');
      return `${before.length} old caches of ${hashes.size} bundles kept, ${after.length - before.length} written`;
    });
  }

  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const [baseline, versionMs, listMs] = startupTimes([[process.execPath, '-e', '0'], command(['--version']).flat(), command(['members', 'list']).flat()]);
  if (!buildMode) console.log(`\nsize: ${mb(statSync(bin).size)} (node binary ${mb(statSync(process.execPath).size)})`);
  console.log(`start-up, median of ${runs}: node -e 0 ${baseline.toFixed(0)} ms; docsctl --version ${versionMs.toFixed(0)} ms (${(versionMs / baseline).toFixed(2)}x); local members list ${listMs.toFixed(0)} ms (${(listMs / baseline).toFixed(2)}x)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// A vendor bundle no check loads is a package no test runs the way users get it.
if (buildMode) {
  const bundles = readdirSync(join(root, 'dist', 'vendor')).filter((f) => f.endsWith('.cjs')).map((f) => f.slice(0, -4));
  await check(`every vendor bundle in dist/vendor/ is loaded by a check (${bundles.length})`, () => {
    const missed = bundles.filter((name) => !everLoaded.has(name));
    assert(bundles.length > 0 && missed.length === 0, `never loaded: ${missed.join(', ')}`);
  });
}

const failed = results.filter((r) => !r.ok);
console.log(`\n${results.length - failed.length} of ${results.length} checks passed`);
process.exit(failed.length ? 1 : 0);
