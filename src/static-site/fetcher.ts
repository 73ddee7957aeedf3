/**
 * How a static build reads a published site: the pages `serve` answers visitors, asked in-process of
 * the local engine's reader, or over HTTP of a remote `serve` (which answers the path form of each
 * site's URL on its own listener). Either way the same renderer and the same rules of who sees what.
 */
export interface SiteAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Reads `path` (the path form: `/o/{organizationId}/sites/{siteId}/…`) with these request headers. */
export type SiteFetcher = (path: string, headers?: Record<string, string>) => Promise<SiteAnswer>;
