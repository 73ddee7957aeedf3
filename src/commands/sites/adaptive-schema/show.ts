import type { Context } from '../../../context';
import { claimColumns, claimsOf, type AdaptiveSchema } from '../columns';

/** The claims as a table (the whole schema object with --json). */
export async function show(ctx: Context, schema: AdaptiveSchema): Promise<void> {
  if (ctx.out.json) ctx.out.raw(schema);
  else await ctx.out.list(claimsOf(schema.jsonSchema), claimColumns);
}
