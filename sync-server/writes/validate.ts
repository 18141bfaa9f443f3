/** Schema check of every pushed document: SCHEMAS plus RxDB's `_deleted`, nothing else. */
import { Ajv, type ValidateFunction } from 'ajv';
import { isValidId } from '../../src/domain/codes';
import type { MessageCode } from '../../src/domain/messages';
import { COLLECTIONS, SCHEMAS, type CollectionName } from '../../src/domain/schemas';
import type { ClientDoc } from '../data-access/store';

const ajv = new Ajv({ strict: false, allErrors: false });

const validators = Object.fromEntries(
  COLLECTIONS.map((name) => {
    const { primaryKey: _pk, version: _v, indexes: _i, title: _t, ...schema } = SCHEMAS[name] as typeof SCHEMAS[CollectionName] & {
      indexes?: unknown;
    };
    return [name, ajv.compile({ ...schema, properties: { ...schema.properties, _deleted: { type: 'boolean' } } })];
  }),
) as Record<CollectionName, ValidateFunction>;

export type DocCheck = { ok: true; doc: ClientDoc } | { ok: false; code: MessageCode };

export function validateDoc(collection: CollectionName, value: unknown): DocCheck {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, code: 'invalid_document' };
  const doc = value as Record<string, unknown>;
  if ('_attachments' in doc) return { ok: false, code: 'attachments_refused' };
  if (typeof doc.id === 'string' && doc.id.startsWith('_design')) return { ok: false, code: 'design_doc_refused' };
  if (!isValidId(doc.id)) return { ok: false, code: 'id_refused' };
  if (!validators[collection](doc)) return { ok: false, code: 'invalid_document' };
  return { ok: true, doc: { ...doc, id: doc.id, _deleted: doc._deleted === true } };
}

/** Only the schema's own fields of a (possibly invalid) document: what may safely go back to its writer. */
export function schemaFieldsOnly(collection: CollectionName, value: Record<string, unknown>): Record<string, unknown> {
  const props = SCHEMAS[collection].properties as Record<string, unknown>;
  return Object.fromEntries(Object.entries(value).filter(([k]) => Object.hasOwn(props, k)));
}
