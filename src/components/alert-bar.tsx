import { UI } from '../domain/ui-text';
import { alertKind, useAlertIfProvided } from '../lib/alert';

/** The top alert bar. Errors and warnings interrupt (role="alert"); info is polite (role="status"). */
export function AlertBar() {
  const api = useAlertIfProvided();
  if (!api) return null;
  const { alert, closeAlert } = api;
  const kind = alertKind(alert.type);
  if (kind === 'hidden' || !alert.message) return null;
  return (
    <div className={`alert-bar alert-${kind}`} role={kind === 'info' ? 'status' : 'alert'} data-alert-type={alert.type}>
      <p className="alert-message">{alert.message}</p>
      <button type="button" className="alert-close" onClick={closeAlert} aria-label={UI.closeMessage}>
        ×
      </button>
    </div>
  );
}
