import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { normalizeJsonFlag } from '../../src/output/json-argv';

function program() {
  const p = new Command('docsctl');
  const members = p.command('members');
  members.command('list');
  p.command('change-requests').alias('cr').command('get');
  return p;
}

describe('--json before command words and arguments', () => {
  const n = (argv: string[]) => normalizeJsonFlag(program(), argv);

  it('takes a field list after --json', () => {
    expect(n(['members', 'list', '--json', 'id,user.email'])).toEqual(['members', 'list', '--json=id,user.email']);
    expect(n(['members', 'list', '--json', 'id'])).toEqual(['members', 'list', '--json=id']);
  });

  it('never takes a command word, a flag or an argument that is no field list', () => {
    expect(n(['--json', 'members', 'list'])).toEqual(['--json=', 'members', 'list']);
    expect(n(['members', '--json', 'list'])).toEqual(['members', '--json=', 'list']);
    expect(n(['--json', 'cr', 'get', '12'])).toEqual(['--json=', 'cr', 'get', '12']);
    expect(n(['members', 'list', '--json', '--limit', '2'])).toEqual(['members', 'list', '--json=', '--limit', '2']);
    expect(n(['cr', 'get', '--json', 'Xy12abcDEF'])).toEqual(['cr', 'get', '--json=', 'Xy12abcDEF']);
    expect(n(['members', 'list', '--json'])).toEqual(['members', 'list', '--json=']);
  });

  it('keeps --json=FIELDS, and leaves everything after -- alone', () => {
    expect(n(['members', 'list', '--json=id,role'])).toEqual(['members', 'list', '--json=id,role']);
    expect(n(['members', 'list', '--', '--json', 'id'])).toEqual(['members', 'list', '--', '--json', 'id']);
  });
});
