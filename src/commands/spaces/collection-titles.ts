import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

/**
 * Collection id → title, for a table to name a space's collection: one request, made only when a
 * person reads a table. Collections this caller cannot list keep their id.
 */
export async function collectionTitles(ctx: Context, organizationId: string): Promise<Map<string, string>> {
  if (!ctx.out.tty) return new Map();
  const api = await ctx.client();
  try {
    const listed = await api.call(routes.listCollections, { params: { organizationId }, query: { limit: 1000 } });
    return new Map(listed.items.map((c) => [c.id, c.title]));
  } catch {
    return new Map();
  }
}
