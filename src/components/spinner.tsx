import { UI } from '../domain/ui-text';

/** Loading spinner; `overlay` covers the page while something blocks it. */
export function Spinner({ label = UI.loading, overlay = false }: { label?: string; overlay?: boolean }) {
  return (
    <div className={overlay ? 'spinner-overlay' : 'spinner-inline'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
