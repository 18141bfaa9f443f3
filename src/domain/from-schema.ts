/**
 * The TypeScript type of a JSON schema written `as const` (schemas.ts), so a document's fields are declared once, in
 * the schema that RxDB and the server check, and the types cannot drift from it. It reads the part of JSON Schema the
 * shop's schemas use: `enum`, the types string, integer, number, boolean, array (of `items`) and object (its
 * `properties`, those in `required` present, the others optional). Anything else is `unknown`, never a guess.
 * json-schema-to-ts does the same for all of JSON Schema, at the cost of a dependency and a slower type check.
 */

type RequiredKeys<S> = S extends { required: readonly (infer K)[] } ? K : never;
/** Shows `{ a: string; b?: number }` rather than an intersection of mapped types in editors and messages. */
type Flat<T> = { [K in keyof T]: T[K] };

type ObjectOf<P, R> = Flat<
  { -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]>;
  }
>;

export type FromSchema<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: 'string' }
    ? string
    : S extends { type: 'integer' | 'number' }
      ? number
      : S extends { type: 'boolean' }
        ? boolean
        : S extends { type: 'array'; items: infer I }
          ? Array<FromSchema<I>>
          : S extends { type: 'object'; properties: infer P }
            ? ObjectOf<P, RequiredKeys<S>>
            : unknown;
