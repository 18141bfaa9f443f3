import { defaultConflictHandler, type RxConflictHandler } from 'rxdb';
import { mergeEdit, type Doc } from '../../domain/merge';
import type { CollectionName } from '../../domain/schemas';

/**
 * A push that meets someone else's change (the server answers with its state): the device's edit is merged into
 * it field by field (src/domain/merge.ts) and pushed again, instead of RxDB's default of dropping the edit.
 */
export const conflictHandler = (name: CollectionName): RxConflictHandler<Doc> => ({
  isEqual: defaultConflictHandler.isEqual,
  resolve: async ({ assumedMasterState, realMasterState, newDocumentState }) =>
    mergeEdit(name, assumedMasterState, realMasterState, newDocumentState),
});
