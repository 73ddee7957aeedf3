import type { SiteRow } from './rows';

/**
 * The customization of a published site. There is no operation to change it yet: every site answers
 * these defaults, overlaid with what its `customizations` column holds (the sample site sets some).
 */
const DEFAULT_STYLING = {
  theme: 'clean',
  corners: 'rounded',
  links: 'default',
  font: 'Inter',
  icons: 'regular',
  search: 'prominent',
  primaryColor: { light: '#346DDB', dark: '#346DDB' },
  infoColor: { light: '#787878', dark: '#787878' },
  successColor: { light: '#00C950', dark: '#00C950' },
  warningColor: { light: '#FE9A00', dark: '#FE9A00' },
  dangerColor: { light: '#FB2C36', dark: '#FB2C36' },
  tint: { color: { light: '#346DDB', dark: '#346DDB' } },
  sidebar: { background: 'default', list: 'default' },
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with `over` laid on top, object by object (so one colour can change without the others). */
function overlay<T extends Json>(base: T, over: unknown): T {
  if (!isObject(over)) return base;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = isObject(value) && isObject(out[key]) ? overlay(out[key] as Json, value) : value;
  return out as T;
}

export function customizationsOf(site: SiteRow) {
  let stored: Json = {};
  try {
    const parsed = JSON.parse(site.customizations) as unknown;
    if (isObject(parsed)) stored = parsed;
  } catch {
    // A damaged column answers the defaults rather than failing the whole page.
  }
  let icon: unknown;
  try {
    icon = site.icon ? JSON.parse(site.icon) : undefined;
  } catch {
    icon = undefined;
  }
  return {
    site: {
      title: site.title,
      styling: overlay(DEFAULT_STYLING, stored.styling),
      internationalization: overlay({ locale: 'en' }, stored.internationalization),
      // The favicon is the site's icon when it has one; `{}` lets clients fall back to their own.
      // (Both were checked against the schema when written.)
      favicon: overlay(isObject(icon) && isObject(icon.icon) ? { icon: icon.icon } : {}, stored.favicon) as { icon?: { light: string; dark: string } },
    },
    // Site spaces have no customization of their own (hasAdvancedCustomizationFeature is false): none overrides the site's.
    siteSpaces: {},
  };
}
