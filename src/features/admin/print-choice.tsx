/**
 * The print queue tab's presses (cards, labels): the paper or size to print on, as radio buttons, beside the one button
 * that asks the server for the PDF, which says 'Menyiapkan file…' while it comes.
 */
import type { ReactNode } from 'react';
import { ADMIN_UI } from '../../domain/admin-text';

export function PrintChoice<C extends string>({ legend, name, choices, value, onChange, busy, onPrint, children }: {
  legend: string;
  /** The radio group's name (unique on the page). */
  name: string;
  choices: ReadonlyArray<readonly [C, string]>;
  value: C;
  onChange(choice: C): void;
  busy: boolean;
  onPrint(): void;
  /** The button's label. */
  children: ReactNode;
}) {
  return (
    <>
      <fieldset className="print-queue-paper">
        <legend>{legend}</legend>
        {choices.map(([choice, label]) => (
          <label key={choice}>
            <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} /> {label}
          </label>
        ))}
      </fieldset>
      <button type="button" className="btn btn-primary" onClick={onPrint} aria-busy={busy} disabled={busy}>
        {children}
        {busy && <span> · {ADMIN_UI.preparingFile}</span>}
      </button>
    </>
  );
}
