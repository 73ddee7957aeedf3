import { sql as people } from './001_people';
import { sql as spaces } from './002_spaces';
import { sql as content } from './003_content';
import { sql as comments } from './004_comments';
import { sql as search } from './005_search';
import { sql as sites } from './006_sites';
import { sql as openapi } from './007_openapi';
import { sql as searchComputed } from './008_search_computed';
import { sql as tokenLimits } from './009_token_limits';
import { sql as audit } from './010_audit';
import { sql as searchKeys } from './011_search_keys';
import { sql as blobChunks } from './012_blob_chunks';
import { sql as fileGitPaths } from './013_file_git_paths';
import { sql as reusableContents } from './014_reusable_contents';
import { sql as history } from './015_history';
import { sql as webhooks } from './016_webhooks';
import { sql as indexes } from './017_indexes';
import { sql as outbox } from './018_outbox';
import { sql as organizationChanges } from './019_organization_changes';
import { sql as webhookEvents } from './020_webhook_events';
import { sql as siteVisitorAuth } from './021_site_visitor_auth';
import { sql as searchAnchors } from './022_search_anchors';
import { sql as specJson } from './023_spec_json';
import { sql as specParts } from './024_spec_parts';

/** Numbered schema migrations, applied in order; `user_version` records how many ran. */
export const migrations: readonly string[] = [people, spaces, content, comments, search, sites, openapi, searchComputed, tokenLimits, audit, searchKeys, blobChunks, fileGitPaths, reusableContents, history, webhooks, indexes, outbox, organizationChanges, webhookEvents, siteVisitorAuth, searchAnchors, specJson, specParts];
