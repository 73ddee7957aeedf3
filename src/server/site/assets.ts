import { createHash } from 'node:crypto';
import { SITE_CSS } from './site.css';
import { SITE_JS } from './site.js';

/** A file every published page shares, at a URL named by its hash: cached for a year, never stale. */
export interface Asset {
  path: string;
  contentType: string;
  body: string;
}

const ASSET_ROOT = '/~docsctl/assets';

function asset(name: string, extension: string, contentType: string, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path: `${ASSET_ROOT}/${name}.${hash}.${extension}`, contentType, body };
}

export const STYLESHEET = asset('site', 'css', 'text/css; charset=utf-8', SITE_CSS);
export const SCRIPT = asset('site', 'js', 'text/javascript; charset=utf-8', SITE_JS);
const BY_PATH = new Map([STYLESHEET, SCRIPT].map((a) => [a.path, a]));

/** The asset at `path`, when it is one. */
export const assetAt = (path: string): Asset | undefined => (path.startsWith(ASSET_ROOT) ? BY_PATH.get(path) : undefined);
