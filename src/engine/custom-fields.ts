import type { Actor, Core } from './core';
import { conflict, invalid, notFound } from './errors';
import { requireRight, type Membership } from './access';
import { keysetPage, type PageRequest } from './pagination';
import type { spacesModule } from './spaces';

import type { FieldType } from '../domain/values';
export type FieldValue = string | number | boolean | string[];

interface FieldRow {
  id: string;
  organization_id: string;
  name: string;
  type: FieldType;
  title: string | null;
  description: string | null;
  placeholder: string | null;
  options: string | null;
  created_at: string;
  updated_at: string;
}

export interface FieldInput {
  name: string;
  type: FieldType;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

export type FieldPatch = Partial<Pick<FieldInput, 'title' | 'description' | 'placeholder' | 'options'>>;

const isSelect = (type: FieldType) => type === 'select:single' || type === 'select:multi';

function presentField(core: Core, row: FieldRow, caller: Membership) {
  return {
    object: 'custom-field' as const,
    id: row.id,
    name: row.name,
    title: row.title ?? row.name,
    description: row.description ?? '',
    type: row.type,
    placeholder: row.placeholder ?? '',
    options: row.options ? (JSON.parse(row.options) as string[]) : [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location: core.apiUrl(`/orgs/${row.organization_id}/custom-fields/${row.name}`) },
    permissions: { view: true, edit: caller.role === 'admin' },
  };
}

export type CustomField = ReturnType<typeof presentField>;

/** Checks a space's value against its field's type (and options); `field` names it in errors. */
export function checkValue(row: Pick<FieldRow, 'type' | 'options'>, value: unknown, field: string): FieldValue {
  const options = row.options ? (JSON.parse(row.options) as string[]) : [];
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string' && s.length <= 256);
  switch (row.type) {
    case 'text':
      if (typeof value !== 'string' || value.length > 256) throw invalid(`${field}: must be a string of at most 256 characters`);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${field}: must be a number`);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(`${field}: must be true or false`);
      return value;
    case 'tags':
      if (!strings(value)) throw invalid(`${field}: must be a list of strings of at most 256 characters`);
      return [...new Set(value as string[])];
    case 'select:single':
      if (typeof value !== 'string' || !options.includes(value)) throw invalid(`${field}: must be one of: ${options.map((o) => JSON.stringify(o)).join(', ')}`);
      return value;
    case 'select:multi': {
      if (!strings(value) || !(value as string[]).every((v) => options.includes(v))) {
        throw invalid(`${field}: must be a list of: ${options.map((o) => JSON.stringify(o)).join(', ')}`);
      }
      return [...new Set(value as string[])];
    }
  }
}

type Spaces = ReturnType<typeof spacesModule>;

/** Custom field definitions of an organization and their values on spaces. */
export function customFieldsModule(core: Core, spaces: Spaces) {
  async function row(organizationId: string, name: string): Promise<FieldRow> {
    const found = await core.get<FieldRow>('SELECT * FROM custom_fields WHERE organization_id = ? AND name = ?', [organizationId, name]);
    if (!found) throw notFound(`custom field ${name} not found in organization ${organizationId}`);
    return found;
  }

  function checkOptions(type: FieldType, options: string[] | undefined): void {
    if (isSelect(type) && !options?.length) throw invalid(`options: required for ${type} fields (1 to 50 options)`);
    if (!isSelect(type) && options !== undefined) throw invalid(`options: only select:single and select:multi fields have options`);
  }

  return {
    async list(actor: Actor, organizationId: string, page: PageRequest) {
      const caller = await requireRight(core, actor, organizationId, 'listMembers');
      return await keysetPage<FieldRow, CustomField>(core, {
        listing: 'custom-fields',
        from: 'custom_fields',
        columns: '*',
        where: ['organization_id = ?'],
        args: [organizationId],
        orderBy: ['name', 'id'],
        direction: 'asc',
        keyOf: (r) => [r.name, r.id],
        present: (r) => presentField(core, r, caller),
      }, page);
    },

    async create(actor: Actor, organizationId: string, input: FieldInput): Promise<CustomField> {
      const caller = await requireRight(core, actor, organizationId, 'admin');
      checkOptions(input.type, input.options);
      return await core.write(async () => {
        if (await core.get('SELECT 1 FROM custom_fields WHERE organization_id = ? AND name = ?', [organizationId, input.name])) {
          throw conflict(`name: a custom field named ${input.name} already exists`);
        }
        const now = core.now();
        await core.run(
          `INSERT INTO custom_fields (id, organization_id, name, type, title, description, placeholder, options, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [core.newId(), organizationId, input.name, input.type, input.title ?? null, input.description ?? null, input.placeholder ?? null,
            input.options ? JSON.stringify(input.options) : null, now, now],
        );
        return presentField(core, await row(organizationId, input.name), caller);
      });
    },

    async get(actor: Actor, organizationId: string, name: string): Promise<CustomField> {
      const caller = await requireRight(core, actor, organizationId, 'listMembers');
      return presentField(core, await row(organizationId, name), caller);
    },

    async update(actor: Actor, organizationId: string, name: string, patch: FieldPatch): Promise<CustomField> {
      const caller = await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        const current = await row(organizationId, name);
        if (patch.options !== undefined) checkOptions(current.type, patch.options);
        const columns: [keyof FieldPatch, string][] = [['title', 'title'], ['description', 'description'], ['placeholder', 'placeholder']];
        for (const [field, column] of columns) {
          if (patch[field] !== undefined) await core.run(`UPDATE custom_fields SET ${column} = ? WHERE id = ?`, [patch[field], current.id]);
        }
        if (patch.options !== undefined) await core.run('UPDATE custom_fields SET options = ? WHERE id = ?', [JSON.stringify(patch.options), current.id]);
        await core.run('UPDATE custom_fields SET updated_at = ? WHERE id = ?', [core.now(), current.id]);
        return presentField(core, await row(organizationId, name), caller);
      });
    },

    /** Deleting a definition removes its values from every space. */
    async remove(actor: Actor, organizationId: string, name: string): Promise<void> {
      await requireRight(core, actor, organizationId, 'admin');
      await core.write(async () => await core.run('DELETE FROM custom_fields WHERE id = ?', [(await row(organizationId, name)).id]));
    },

    /** The values set on a space, with their definitions. */
    async valuesOf(actor: Actor, spaceId: string) {
      const space = await spaces.visible(actor, spaceId);
      const caller = await requireRight(core, actor, space.organization_id, 'view');
      return (await core
        .all<FieldRow & { value: string }>(
          'SELECT f.*, v.value FROM space_field_values v JOIN custom_fields f ON f.id = v.field_id WHERE v.space_id = ? ORDER BY f.name',
          [spaceId],
        ))
        .map((r) => ({ customField: presentField(core, r, caller), value: JSON.parse(r.value) as FieldValue }));
    },

    /** Sets (or with `value: null`, clears) values by field name, all or nothing. Needs edit rights on the space. */
    async setValues(actor: Actor, spaceId: string, values: Record<string, { value: unknown }>): Promise<void> {
      await core.write(async () => {
        const space = await spaces.visible(actor, spaceId);
        spaces.requireRank(space, 3, 'edit the custom fields of this space');
        for (const [name, { value }] of Object.entries(values)) {
          const field = await core.get<FieldRow>('SELECT * FROM custom_fields WHERE organization_id = ? AND name = ?', [space.organization_id, name]);
          if (!field) throw invalid(`values.${name}: no custom field named ${name} in this organization`);
          if (value === null) {
            await core.run('DELETE FROM space_field_values WHERE space_id = ? AND field_id = ?', [spaceId, field.id]);
            continue;
          }
          const checked = checkValue(field, value, `values.${name}.value`);
          await core.run(
            'INSERT INTO space_field_values (space_id, field_id, value) VALUES (?, ?, ?) ON CONFLICT (space_id, field_id) DO UPDATE SET value = excluded.value',
            [spaceId, field.id, JSON.stringify(checked)],
          );
        }
      });
    },
  };
}
