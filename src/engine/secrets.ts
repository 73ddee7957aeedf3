import type { Core } from './core';
import { newSigningSecret } from './jwt';
import { newShareKey } from './sites/sites';

/**
 * A new signing secret (`docsctl db rotate-secret`): every visitor token signed before is refused from
 * now on, each site's own visitor signing key is drawn again too, and so is each site's share key,
 * ending every link handed out. Returns how many sites got a new share key.
 */
export async function rotateSigningSecret(core: Core): Promise<{ sites: number }> {
  return await core.write(async () => {
    await core.run("INSERT INTO meta (key, value) VALUES ('jwt_secret', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [newSigningSecret()]);
    const sites = await core.all<{ id: string }>('SELECT id FROM sites');
    // Sites' own visitor signing keys too: every visitor token of the instance is refused after it.
    for (const site of sites) {
      await core.run('UPDATE sites SET share_key = ?, visitor_signing_key = CASE WHEN visitor_signing_key IS NULL THEN NULL ELSE ? END, updated_at = ? WHERE id = ?', [newShareKey(), newSigningSecret(), core.now(), site.id]);
    }
    return { sites: sites.length };
  });
}
