/**
 * Whether a built entry still imports by a relative path (`./x.js`). Inline in a pre-rendered page
 * (sync-server/pages/template.ts) such an import would resolve against the page's URL, not the entry's folder:
 * the build (vite.config.ts) writes the entry's imports as absolute paths and fails if one is left, and the server
 * keeps an entry that has one as a file.
 */
export const importsByRelativePath = (code: string): boolean => /(?:\bimport\s*\(?|\bfrom)\s*["'`]\.\.?\//.test(code);
