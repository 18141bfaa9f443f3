/**
 * Conflicting revisions are normal on a CouchDB cluster: when two writers race, one reaches its quorum and the other is
 * kept on the copies it reached (202), and both survive as leaves, CouchDB showing one by its own rule. A replicated
 * revision (`new_edits: false`) can branch the same way on one node. Left alone, the hidden leaf's write is lost
 * while its effects stay; so whoever meets a conflict resolves it here: the live leaves are merged into one revision
 * written on CouchDB's winner, and the others are deleted in the same request (CouchDB's own recipe). Two servers
 * resolving at once write the same merge; their two revisions differ only in the store's own fields, and the next
 * round deletes one without writing anything new, so the rounds end.
 */
const ROUNDS = 6;

type OpenRev = { ok?: PouchDoc };
interface Revisions {
  start: number;
  ids: string[];
}

/**
 * Merges `leaves` (CouchDB's winner first) into the revision to write on the winner, given the revision they grew
 * from when the store still has it; null when the winner stands as it is.
 */
export type MergeLeaves = (base: PouchDoc | undefined, leaves: PouchDoc[]) => PouchDoc | null;

const generation = (rev: string): number => Number(rev.slice(0, rev.indexOf('-')));

/** CouchDB's winner order among live leaves: the longer history first, then the greater revision id. */
function couchOrder(a: PouchDoc, b: PouchDoc): number {
  const [ra, rb] = [String(a._rev), String(b._rev)];
  const byLength = generation(rb) - generation(ra);
  if (byLength !== 0) return byLength;
  return ra < rb ? 1 : ra > rb ? -1 : 0;
}

/** The live (not deleted) leaves of a document, CouchDB's winner first, each with its `_revisions`. */
export async function liveLeaves(db: PouchDb, id: string): Promise<PouchDoc[]> {
  let found: OpenRev[];
  try {
    found = (await db.get(id, { open_revs: 'all', revs: true })) as unknown as OpenRev[];
  } catch (err) {
    if ((err as { status?: number }).status === 404) return [];
    throw err;
  }
  return found.flatMap((r) => (r.ok && r.ok._deleted !== true ? [r.ok] : [])).sort(couchOrder);
}

/** The newest revision every leaf descends from, or null when their histories share none (two first writes). */
export function commonAncestor(leaves: readonly PouchDoc[]): string | null {
  const histories = leaves.map((leaf) => {
    const { start, ids } = (leaf._revisions as Revisions | undefined) ?? { start: generation(String(leaf._rev)), ids: [] };
    return ids.map((hash, i) => `${start - i}-${hash}`);
  });
  const [first = [], ...rest] = histories;
  return first.find((rev) => rest.every((h) => h.includes(rev))) ?? null;
}

const withoutRevisions = ({ _revisions: _r, _conflicts: _c, ...doc }: PouchDoc): PouchDoc => doc;

/**
 * Resolves the conflicts of one document with `merge` and answers it as stored afterwards (null when it is gone).
 * Written revisions that another resolver beat (409), or that a cluster kept without a quorum (202), send it round
 * again on what the store holds then.
 */
export async function resolveLeaves(db: PouchDb, id: string, merge: MergeLeaves): Promise<PouchDoc | null> {
  for (let round = 0; round < ROUNDS; round++) {
    const leaves = await liveLeaves(db, id);
    if (leaves.length <= 1) return leaves[0] ? withoutRevisions(leaves[0]) : null;
    const ancestor = commonAncestor(leaves);
    const base = ancestor ? await db.get(id, { rev: ancestor }).catch(() => undefined) : undefined;
    const [winner, ...losers] = leaves as [PouchDoc, ...PouchDoc[]];
    const merged = merge(base, leaves.map(withoutRevisions));
    const docs: PouchDoc[] = losers.map((l) => ({ _id: id, _rev: l._rev, _deleted: true }));
    if (merged) docs.unshift({ ...merged, _id: id, _rev: winner._rev });
    await db.bulkDocs(docs);
  }
  // Still contended: what the store shows stands for now, and whoever meets the conflict next goes on.
  const [winner] = await liveLeaves(db, id);
  return winner ? withoutRevisions(winner) : null;
}
