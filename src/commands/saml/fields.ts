import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { ROLES } from '../../domain/roles';
import { nullable } from '../shared/nullable';
import { resolveTeamId } from '../shared/resolve';
import { readInput } from '../shared/input';

export interface SamlOpts {
  label?: string;
  entityId?: string;
  certificateFile?: string;
  ssoUrl?: string;
  defaultTeam?: string;
  defaultRole?: string;
}

/** The provider fields as options, shared by create and update. */
export function withSamlOptions(command: Command, labelRequired: boolean): Command {
  const label = new Option('--label <label>', 'name shown on the sign-in page (1-30 characters)');
  return command
    .addOption(labelRequired ? label.makeOptionMandatory() : label)
    .option('--entity-id <id>', "the identity provider's entity ID")
    .option('--certificate-file <file>', "the identity provider's X.509 signing certificate (PEM)")
    .option('--sso-url <url>', "the identity provider's sign-in URL")
    .option('--default-team <team>', 'team (id or title) new SSO members join')
    .addOption(new Option('--default-role <role>', 'role of new SSO members').choices([...ROLES, 'guest']));
}

export async function samlBody(ctx: Context, organizationId: string, opts: SamlOpts): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  if (opts.label !== undefined) body.label = opts.label;
  if (opts.entityId !== undefined) body.entityID = opts.entityId;
  if (opts.ssoUrl !== undefined) body.ssoURL = opts.ssoUrl;
  if (opts.defaultRole !== undefined) body.defaultRole = nullable(opts.defaultRole);
  if (opts.defaultTeam !== undefined) body.defaultTeam = await resolveTeamId(ctx, organizationId, opts.defaultTeam);
  if (opts.certificateFile !== undefined) {
    body.certificate = await readInput(ctx, '--certificate-file', opts.certificateFile);
  }
  return body;
}
