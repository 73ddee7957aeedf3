import { safeUrl } from '../../markdown/html/escape';

/** A site's icon as a page shows it: an image (with its dark-mode variant), or an emoji. */
export type SiteIconView = { light: string; dark?: string } | { emoji: string };

/**
 * The site's `icon` as stored (JSON of one of api.md's variants: a URL, `{ icon: { light, dark } }`,
 * `{ emoji }`), or undefined when it has none a page can show. An image is shown only from the site's
 * own origin (a path, `/…`): a page makes no request to another host, and an icon elsewhere (the
 * sample's `https://acme.example/…`) is left out until `serve` can keep a copy.
 */
export function siteIconView(stored: string | null | undefined): SiteIconView | undefined {
  if (!stored) return undefined;
  let icon: unknown;
  try {
    icon = JSON.parse(stored);
  } catch {
    icon = stored; // a bare URL, as older rows may hold
  }
  const url = (value: unknown) => (typeof value === 'string' && /^\/(?![/\\])/.test(value) ? safeUrl(value) : undefined);
  if (typeof icon === 'string') return url(icon) ? { light: url(icon)! } : undefined;
  if (icon === null || typeof icon !== 'object') return undefined;
  const { emoji, icon: images } = icon as { emoji?: unknown; icon?: { light?: unknown; dark?: unknown } };
  if (typeof emoji === 'string' && emoji.trim() && emoji.length <= 16) return { emoji: emoji.trim() };
  const light = url(images?.light);
  const dark = url(images?.dark);
  if (!light && !dark) return undefined;
  return { light: (light ?? dark)!, ...(light && dark && dark !== light ? { dark } : {}) };
}

/** An emoji as the browser tab's icon: a small SVG of it, as a data URL (the CSP allows `data:` images). */
export function emojiFavicon(emoji: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${emoji.replace(/[<>&"']/g, '')}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
