import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { UI } from '../domain/ui-text';
import { useDocumentTitle } from '../lib/use-document-title';

/** The router's error element: the spec's fallback heading with status and message. */
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle(UI.error.title);
  let status: string | number = '';
  let message: string;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = error.status === 404 ? UI.error.notFound : error.statusText || String(error.data ?? '');
  } else if (error instanceof Error) {
    message = error.message;
  } else {
    message = String(error);
  }
  return (
    <main id="main" className="error-page">
      <h1>{UI.error.title}</h1>
      {status !== '' && <p className="error-status">{status}</p>}
      <p className="error-message">{message}</p>
      <p>
        <a href="/">{UI.auth.backHome}</a>
      </p>
    </main>
  );
}
