import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import fontFiles from './font-files.json';

/** The fonts PDFs are drawn with (all Noto, SIL Open Font License 1.1): see docs/distribution.md. */
export type FontName = 'NotoSans-Regular' | 'NotoSans-Bold' | 'NotoSansMono-Regular' | 'NotoSansArabic-Regular'
  | 'NotoSansSC-Regular' | 'NotoSansKR-Regular' | 'NotoEmoji-Regular';

interface FontFile { name: FontName; package: string; file: string }
export const FONT_FILES = fontFiles as FontFile[];

/** Where the build puts a font (scripts/build.js): brotli-compressed, beside the bundles in `dist/fonts/`. */
export const builtFontName = (name: FontName) => `fonts/${name}.ttf.br`;

/** Fonts read once a process: a PDF of Chinese text reads the 10 MB font once, not once a PDF. */
const loaded = new Map<FontName, Uint8Array>();

/**
 * A font's bytes: the single executable's asset, else the build's file in `dist/fonts/` (beside the
 * bundle this code is in), else the font package itself (a checkout running its sources).
 */
export function fontBytes(name: FontName): Uint8Array {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = readFont(name);
    loaded.set(name, bytes);
  }
  return bytes;
}

function readFont(name: FontName): Uint8Array {
  const built = builtFontName(name);
  const asset = seaAsset(built);
  if (asset) return brotliDecompressSync(asset);
  const beside = fileURLToPath(new URL(`./${built}`, import.meta.url));
  if (existsSync(beside)) return brotliDecompressSync(readFileSync(beside));
  const entry = FONT_FILES.find((f) => f.name === name)!;
  try {
    return readFileSync(createRequire(import.meta.url).resolve(`${entry.package}/${entry.file}`));
  } catch {
    throw new Error(`the font ${name} is missing: neither ${beside} nor the package ${entry.package} is installed`);
  }
}

function seaAsset(name: string): Buffer | undefined {
  try {
    const sea = createRequire(import.meta.url)('node:sea') as { isSea(): boolean; getAsset(name: string): ArrayBuffer };
    return sea.isSea() ? Buffer.from(sea.getAsset(name)) : undefined;
  } catch {
    return undefined; // not a single executable, or one without this asset
  }
}
