/** The slice of jsbarcode's Code 128 encoder the labels use (its deep modules ship no types). */
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  /** Code 128 choosing its code sets (A, B, C) itself; `encode().data` is the modules, '1' a bar, '0' a space. */
  export class CODE128 {
    constructor(text: string, options: object);
    valid(): boolean;
    encode(): { text: string; data: string };
  }
}

/** Code 128's table of bar patterns by symbol value (read by the tests' decoder). */
declare module 'jsbarcode/bin/barcodes/CODE128/constants.js' {
  export const BARS: readonly number[];
}
