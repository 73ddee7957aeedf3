import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { normalizeJsonFlag } from '../../src/output/json-argv';

function program() {
  const p = new Command('docsctl');
  const members = p.command('members');
  members.command('list');
  p.command('change-requests').alias('cr').command('get');
  p.option('--org <id>');
  p.command('spaces').command('get').argument('<spaceId>').option('--revision <id>');
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

  it('never takes the word a required argument needs, even when it reads as fields (an id of letters only)', () => {
    expect(n(['spaces', 'get', '--json', 'abcdefghijKLMNOPqrst'])).toEqual(['spaces', 'get', '--json=', 'abcdefghijKLMNOPqrst']);
    expect(n(['--org', 'acme', 'spaces', 'get', '--revision', 'r1', '--json', 'title'])).toEqual(['--org', 'acme', 'spaces', 'get', '--revision', 'r1', '--json=', 'title']);
    // The argument given before or after, the word is fields.
    expect(n(['spaces', 'get', 'Sp4ce', '--json', 'id,title'])).toEqual(['spaces', 'get', 'Sp4ce', '--json=id,title']);
    expect(n(['spaces', 'get', '--json', 'id,title', 'Sp4ce'])).toEqual(['spaces', 'get', '--json=id,title', 'Sp4ce']);
    expect(n(['spaces', 'get', '--json', 'id', '--revision', 'r1', 'Sp4ce'])).toEqual(['spaces', 'get', '--json=id', '--revision', 'r1', 'Sp4ce']);
  });

  it('keeps --json=FIELDS, and leaves everything after -- alone', () => {
    expect(n(['members', 'list', '--json=id,role'])).toEqual(['members', 'list', '--json=id,role']);
    expect(n(['members', 'list', '--', '--json', 'id'])).toEqual(['members', 'list', '--', '--json', 'id']);
  });
});
