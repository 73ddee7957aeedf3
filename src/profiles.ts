import Conf from 'conf';
import { configDir, type Env, type Profile, type ProfileFile } from './config';

/** Writes saved profiles with `conf` (atomic writes); only login/logout load this module. */
export function profileStore(env: Env) {
  // Profiles hold tokens: the file is its owner's alone (conf's default mode would let anyone read it).
  const store = new Conf<ProfileFile>({ projectName: 'docsctl', cwd: configDir(env), configName: 'config', configFileMode: 0o600 });
  return {
    save(name: string, profile: Profile, makeCurrent: boolean): void {
      store.set(`profiles.${name}`, profile);
      if (makeCurrent) store.set('current', name);
    },
    remove(name: string): boolean {
      const existed = store.has(`profiles.${name}`);
      store.delete(`profiles.${name}` as keyof ProfileFile);
      if (store.get('current') === name) store.delete('current');
      return existed;
    },
    current: () => store.get('current'),
    path: store.path,
  };
}
