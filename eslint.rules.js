/**
 * The project's own lint rules (eslint.config.js), for habits no published rule knows: each proven by a planted
 * break in tests/lint.test.ts.
 */

/** RxDB's writing methods of a collection or a document (RxDatabase's own, as sign-out's removal, are not). */
const RXDB_WRITES = new Set([
  'insert', 'bulkInsert', 'insertIfNotExists', 'upsert', 'bulkUpsert', 'incrementalUpsert', 'patch', 'incrementalPatch',
  'modify', 'incrementalModify', 'update', 'incrementalUpdate', 'remove', 'incrementalRemove', 'bulkRemove',
]);
const RXDB_DOCUMENT_OR_COLLECTION = /[\\/]node_modules[\\/]rxdb[\\/].*rx-(document|collection|query)/;

/** Every write a screen makes to the device's database is a named mutator in src/lib/writes (docs/architecture.md). */
const writesThroughMutators = {
  meta: {
    type: 'problem',
    docs: { description: 'RxDB documents and collections are written only in src/lib/writes (and the two named exceptions).' },
    messages: { direct: 'An RxDB write ({{method}}) outside src/lib/writes: add a named mutator to src/lib/writes/mutators.ts and call it through useWrites().' },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || !RXDB_WRITES.has(callee.property.name)) return;
        const symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(callee.property));
        const declared = (symbol?.declarations ?? []).map((d) => d.getSourceFile().fileName);
        if (declared.some((file) => RXDB_DOCUMENT_OR_COLLECTION.test(file))) {
          context.report({ node: callee.property, messageId: 'direct', data: { method: callee.property.name } });
        }
      },
    };
  },
};

export const jepret = { rules: { 'writes-through-mutators': writesThroughMutators } };
