/**
 * The sync protocol between the PWA and the server, in one place both sides import (docs/architecture.md, "Sync
 * protocol"): RxDB's own replication over the shop's endpoints, with the shapes each side sends and the limits of a
 * page. It carries a version: the app sends the one it speaks, and a server that no longer speaks it answers 426, so
 * an app left open on an old phone across a deploy is told to reload instead of failing pull after pull.
 */
import type { CollectionName } from './schemas';

/** The version this code speaks; raise it when a shape below changes in a way an older app cannot follow. */
export const SYNC_PROTOCOL_VERSION = 1;
/** The oldest version the server still answers. */
export const SYNC_PROTOCOL_OLDEST = 1;
/** The request header that names the version (absent: a client that is not the app, such as a script; answered). */
export const SYNC_PROTOCOL_HEADER = 'X-Jepret-Sync';

export const SYNC_BASE = '/api/sync';
export const pullPath = (collection: CollectionName): string => `${SYNC_BASE}/${collection}/pull`;
export const pushPath = (collection: CollectionName): string => `${SYNC_BASE}/${collection}/push`;
export const STREAM_PATH = `${SYNC_BASE}/stream`;

/** A pull page: the server's default, and its largest (a `limit` past it is taken as this). */
export const PULL_DEFAULT_LIMIT = 100;
export const PULL_MAX_LIMIT = 1000;
/** The most rows one push may carry. */
export const PUSH_MAX_ROWS = 200;

/**
 * Where a client is in a collection: `{ change }`, the store's changes-feed position, for readers of the whole
 * collection; `{ seq }`, the sync stamp, for readers of their own documents (docs/sync-checkpoints.md). Opaque to
 * the client.
 */
export type Checkpoint = { seq: string } | { change: number | string };

/** `GET pull?checkpoint=<json>&limit=<n>`: a page shorter than `limit` means caught up. */
export interface PullAnswer<Doc> {
  documents: Doc[];
  checkpoint: Checkpoint | null;
}

/** One row of `POST push`: the state the client last had from the server, and the one it wrote. */
export interface PushRow<Doc> {
  assumedMasterState?: Doc;
  newDocumentState: Doc;
}

/** A refused write, or one taken otherwise than sent (a notice), with the reason the app shows. */
export interface PushReason {
  id: string;
  error: string;
  message: string;
}

/**
 * The answer to a push: the master states of the rows that conflict or were refused (RxDB's convention: the device
 * adopts or merges them), the reasons of the refusals, and notices of writes taken but not as sent (when any).
 */
export interface PushAnswer<Doc> {
  conflicts: Doc[];
  refused: PushReason[];
  notices?: PushReason[];
}

/** Whether a request naming `version` (its header, or undefined) is answered. */
export function speaksProtocol(version: string | undefined): boolean {
  if (version === undefined) return true;
  const n = Number(version);
  return Number.isInteger(n) && n >= SYNC_PROTOCOL_OLDEST;
}
