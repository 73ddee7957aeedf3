import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerPublish } from './publish';
import { registerShareLink } from './share-link';
import { registerAdaptiveSchema } from './adaptive-schema/index';
import { registerPublished } from './published';
import { registerTree } from './tree';
import { registerPreview } from './preview';
import { registerOpen } from './open';
import { registerVisitorAuth } from './visitor-auth';
import { registerBuild } from './build';
import { registerPdf } from './pdf';
import { registerApiReference } from './api-reference/index';

/** `docsctl sites`: docs sites, how they are published, and who may read them. */
export function registerSites(program: Command, ctx: Context): void {
  const group = program.command('sites').description('docs sites: publish spaces as a website, for everyone, by share link or for authenticated visitors')
    .addHelpText('after', '\nExamples:\n  $ docsctl sites list\n  $ docsctl sites tree SITE_ID\n  $ docsctl sites preview SITE_ID --claims isBetaUser=true\n  $ docsctl sites open SITE_ID');
  for (const register of [
    registerList, registerGet, registerCreate, registerUpdate, registerDelete, registerPublish, registerShareLink, registerAdaptiveSchema, registerPublished,
  ]) register(group, ctx);
  registerTree(group, ctx);
  registerPreview(group, ctx);
  registerOpen(group, ctx);
  registerVisitorAuth(group, ctx);
  registerBuild(group, ctx);
  registerPdf(group, ctx);
  registerApiReference(group, ctx);
}
