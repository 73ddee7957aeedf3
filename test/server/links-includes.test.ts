import { describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/app';
import { contentSetup } from '../helpers/content';

interface Item {
  status: string;
  targetReference: { kind: string; reusableContent?: string; name?: string; path?: string; versionContext: { revision: string } };
  locationReferences: { page: string; path: string }[];
}

const include = (id: string) => `{% include "/reusable-contents/${id}" %}`;

/**
 * Main content: reusable content "Restart" (kept in .gitbook/includes/restart.md), a page "Guide"
 * including it twice (once in a hint) and "Ghost", an id the content does not hold, and a page
 * "Setup" including it once; in code, an include is text.
 */
async function includesSetup() {
  const s = await contentSetup();
  const seed = await s.createCr({ subject: 'seed' });
  const restart = (await s.writeOk(seed.id, [
    { operation: 'insert_reusable_content', title: 'Restart', document: { markdown: '1. Stop.\n2. Start.\n' }, git: { path: '.gitbook/includes/restart.md' } },
  ])).changes[0].reusableContent as string;
  const [guide, setup] = (await s.writeOk(seed.id, [
    { operation: 'insert_page', document: { markdown: `# Guide\n\n${include(restart)}\n\n{% hint style="info" %}\n${include(restart)}\n{% endhint %}\n\n${include('ghost')}\n\n\`\`\`\n${include('in-code')}\n\`\`\`\n` } },
    { operation: 'insert_page', document: { markdown: `# Setup\n\nFirst:\n\n${include(restart)}\n` } },
  ])).changes.map((c: { page: string }) => c.page);
  expectOk(await s.merge(seed.id), 'mergeChangeRequest');
  return { ...s, restart, ids: { guide, setup } };
}

type Setup = Awaited<ReturnType<typeof includesSetup>>;

async function listing(s: Setup, url: string, operationId: 'listSpaceLinks' | 'listChangeRequestLinks' | 'listSpacePageLinks') {
  const res = await s.api.request('GET', url, { as: s.adminId });
  expectOk(res, operationId);
  return res.body as { count: number; stats: { total: number; broken: { total: number; changeRequest: number } }; items: Item[] };
}

const described = (items: Item[]) => items.map((i) => `${i.status} ${i.targetReference.kind} ${i.targetReference.reusableContent} ${i.targetReference.name ?? '-'} <- ${i.locationReferences.map((l) => l.path).join(',')}`);

describe('links: include lines of reusable content', () => {
  it('lists an include of a reusable content of the revision as ok and one of an id it does not hold as broken', async () => {
    const s = await includesSetup();
    const body = await listing(s, `/v1/spaces/${s.spaceId}/links`, 'listSpaceLinks');
    expect(described(body.items)).toEqual([
      'broken reusable-content ghost - <- guide',
      `ok reusable-content ${s.restart} Restart <- guide,setup`,
    ]);
    expect(body.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });
    const revision = await s.spaceRevision();
    expect(body.items[1].targetReference).toEqual({
      kind: 'reusable-content', organization: s.orgId, space: s.spaceId, versionContext: { type: 'revision', revision }, reusableContent: s.restart, name: 'Restart',
    });
    expect(body.items[0].targetReference).toEqual({ kind: 'reusable-content', organization: s.orgId, space: s.spaceId, versionContext: { type: 'revision', revision }, reusableContent: 'ghost' });
    const broken = await listing(s, `/v1/spaces/${s.spaceId}/links?status=broken`, 'listSpaceLinks');
    expect(broken.items.map((i) => i.targetReference.reusableContent)).toEqual(['ghost']);
  });

  it('lists a page\'s includes', async () => {
    const s = await includesSetup();
    const body = await listing(s, `/v1/spaces/${s.spaceId}/content/page/${s.ids.setup}/links`, 'listSpacePageLinks');
    expect(described(body.items)).toEqual([`ok reusable-content ${s.restart} Restart <- setup`]);
  });

  it('finds the includes a change request breaks by deleting the reusable content, and counts them as introduced', async () => {
    const s = await includesSetup();
    const cr = await s.createCr({ subject: 'drop restart' });
    await s.writeOk(cr.id, [{ operation: 'delete_reusable_content', reusableContent: s.restart }]);
    const body = await listing(s, `${s.crUrl(cr.id)}/links`, 'listChangeRequestLinks');
    expect(described(body.items)).toEqual([
      'broken reusable-content ghost - <- guide',
      `broken reusable-content ${s.restart} - <- guide,setup`,
    ]);
    expect(body.stats).toEqual({ total: 2, broken: { total: 2, changeRequest: 1 } });
    expect((await listing(s, `/v1/spaces/${s.spaceId}/links`, 'listSpaceLinks')).stats.broken).toEqual({ total: 1, changeRequest: 1 });
    // Inserting one again under a new id does not mend the pages: they name the old one.
    await s.writeOk(cr.id, [{ operation: 'insert_reusable_content', title: 'Restart', document: { markdown: '1. Stop.\n2. Start.\n' } }]);
    expect((await listing(s, `${s.crUrl(cr.id)}/links`, 'listChangeRequestLinks')).stats.broken.total).toBe(2);
  });
});
