/**
 * The longest text a person may type into each kind of field: the forms' `maxLength` and the documents' schemas
 * (schemas.ts) use the same numbers, so a form never accepts what the server will refuse as 'Data tidak valid.'.
 */
export const TEXT_MAX = { name: 200, email: 254, phone: 30, address: 500 } as const;
