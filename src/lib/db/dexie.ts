/**
 * Dexie as the app uses it. Dexie turns its debug mode on by itself when the page's address is localhost or
 * 127.0.0.1: every transaction and promise then makes a `console.createTask` for async stack traces, and the
 * stacks it keeps cost the main thread on every read and write. A phone on the shop's own domain never pays that,
 * so a built app never does, wherever it is served (the benchmarks and browser tests run on 127.0.0.1).
 * In development the default stays.
 */
import Dexie from 'dexie';

if (import.meta.env.PROD) Dexie.debug = false;

export { Dexie };
export type { Table } from 'dexie';
