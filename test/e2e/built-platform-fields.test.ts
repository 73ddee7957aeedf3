import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { sandbox } from '../helpers/cli';
import { runBuilt, runBuiltJson } from '../helpers/built';

/** Fields that follow the platform's shapes (issue 18 parts 3-4), as the built `bin/docsctl.cjs` prints them. */
describe('platform fields through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const json = async (argv: string[]) => await runBuiltJson(box, argv);

  it('shows the organization\'s billing end date and merge rules, a SAML provider\'s status and a member\'s sites', async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const org = (await json(['orgs', 'list'])).items[0];
    const got = await json(['api', '/v1/orgs/{org}']);
    expect(got.billing.endDate).toBeNull();
    expect(got.mergeRules).toEqual({ type: 'none' });
    const saml = await json(['saml', 'list']);
    expect(saml.items[0]).toMatchObject({ label: 'Acme Okta', status: 'active', defaultTeam: { object: 'team', title: 'Documentation' } });
    const members = await json(['members', 'list']);
    expect(members.items.find((m: { user: { displayName: string } }) => m.user.displayName === 'Ada Lovelace').sites).toBe(2);
  }, 60_000);
});
