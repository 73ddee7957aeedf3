import { describe, expect, it } from 'vitest';
import { ORG_ROLE_COLUMNS, columnName, parseUserFile } from '../../src/bulk/user-file';
import { CliError } from '../../src/errors';

describe('parseUserFile: one user a line', () => {
  it('reads ids and e-mails, trims them, skips blank lines and # comments, and keeps file line numbers', () => {
    const text = '# leavers, Q3\nada@acme.example\n\n   grace@acme.example  \n# ignored@acme.example\nUSER123\n';
    expect(parseUserFile(text, 'users.txt')).toEqual([
      { line: 2, ref: 'ada@acme.example' },
      { line: 4, ref: 'grace@acme.example' },
      { line: 6, ref: 'USER123' },
    ]);
  });

  it('handles CRLF line endings, a byte-order mark, quotes and a missing final newline', () => {
    expect(parseUserFile('\ufeffada@acme.example\r\n"grace@acme.example"\r\nlinus@acme.example', 'u.txt')).toEqual([
      { line: 1, ref: 'ada@acme.example' },
      { line: 2, ref: 'grace@acme.example' },
      { line: 3, ref: 'linus@acme.example' },
    ]);
  });

  it('returns no rows for an empty file or one with only comments', () => {
    expect(parseUserFile('', 'u.txt')).toEqual([]);
    expect(parseUserFile('# nobody\n\n   \n', 'u.txt')).toEqual([]);
  });

  it('a single e-mail that looks nothing like a header is data, not a header', () => {
    expect(parseUserFile('id@acme.example\n', 'u.txt')).toEqual([{ line: 1, ref: 'id@acme.example' }]);
  });
});

describe('parseUserFile: CSV with a header', () => {
  it('reads an email,role CSV; an empty role cell means no role', () => {
    const text = 'email,role\nada@acme.example,owner\ngrace@acme.example,\n\nlinus@acme.example, member \n';
    expect(parseUserFile(text, 'users.csv')).toEqual([
      { line: 2, ref: 'ada@acme.example', role: 'owner' },
      { line: 3, ref: 'grace@acme.example' },
      { line: 5, ref: 'linus@acme.example', role: 'member' },
    ]);
  });

  it('finds the id column among other columns, whatever its case, and honours quoted commas', () => {
    const text = 'Name,ID,Team\n"Lovelace, Ada",u1,Eng\nGrace Hopper,u2,\n';
    expect(parseUserFile(text, 'export.csv')).toEqual([
      { line: 2, ref: 'u1' },
      { line: 3, ref: 'u2' },
    ]);
  });

  it.each(['email', 'E-Mail', 'mail', 'user', 'id', 'userId', 'user_id'])('accepts %s as the user column', (header) => {
    expect(parseUserFile(`${header},role\nada@acme.example,owner\n`, 'u.csv')).toEqual([{ line: 2, ref: 'ada@acme.example', role: 'owner' }]);
  });

  it('skips rows whose user cell is empty, and rows shorter than the header', () => {
    expect(parseUserFile('role,email\nowner,\nmember\nowner,ada@acme.example\n', 'u.csv')).toEqual([
      { line: 4, ref: 'ada@acme.example', role: 'owner' },
    ]);
  });

  it('a header alone gives no rows', () => {
    expect(parseUserFile('email,role\n', 'u.csv')).toEqual([]);
  });
});

describe('parseUserFile: role columns (team_role, org_role)', () => {
  it('column names ignore case, and blanks or hyphens stand for _', () => {
    expect(['TEAM ROLE', 'team_role', 'Team-Role', ' team  role '].map(columnName)).toEqual(['team_role', 'team_role', 'team_role', 'team_role']);
    expect(columnName('ORG ROLE')).toBe('org_role');
  });

  it('a team file reads team_role, else role; org_role is never a team role', () => {
    expect(parseUserFile('email,org_role\nada@acme.example,read\n', 'm.csv')).toEqual([{ line: 2, ref: 'ada@acme.example' }]);
    expect(parseUserFile('email,ORG ROLE,TEAM ROLE,role\nada@acme.example,admin,owner,member\n', 'm.csv')).toEqual([{ line: 2, ref: 'ada@acme.example', role: 'owner' }]);
    expect(parseUserFile('email,role,org_role\nada@acme.example,owner,admin\n', 'm.csv')).toEqual([{ line: 2, ref: 'ada@acme.example', role: 'owner' }]);
  });

  it('an organization-role file reads org_role, else role', () => {
    expect(parseUserFile('email,TEAM ROLE,ORG ROLE\nada@acme.example,owner,edit\n', 'm.csv', { roleColumns: ORG_ROLE_COLUMNS })).toEqual([{ line: 2, ref: 'ada@acme.example', role: 'edit' }]);
    expect(parseUserFile('email,role\nada@acme.example,edit\n', 'm.csv', { roleColumns: ORG_ROLE_COLUMNS })).toEqual([{ line: 2, ref: 'ada@acme.example', role: 'edit' }]);
  });

  it('reads the CSV members list writes: the e-mail names the user (an id is only this instance\'s), other columns ignored', () => {
    const text = 'ID,NAME,EMAIL,ORG ROLE,TEAMS,SSO,JOINED,LAST SEEN\nu1,Ada,ada@acme.example,admin,2,false,2026-01-01T00:00:00.000Z,\nu2,Nameless,,read,0,false,2026-01-01T00:00:00.000Z,\n';
    expect(parseUserFile(text, 'members.csv')).toEqual([{ line: 2, ref: 'ada@acme.example' }, { line: 3, ref: 'u2' }]);
  });
});

describe('parseUserFile: errors', () => {
  it('refuses a several-column CSV without a recognised header, naming the file (exit 1)', () => {
    let error: unknown;
    try {
      parseUserFile('ada@acme.example,owner\ngrace@acme.example,member\n', 'people.csv');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(1);
    expect((error as CliError).message).toMatch(/^people\.csv: .*"email", "user" or "id" column/);
  });

  it('refuses when only a later line has several columns', () => {
    expect(() => parseUserFile('ada@acme.example\ngrace@acme.example,owner\n', 'u.txt')).toThrow(/needs a header/);
  });
});
