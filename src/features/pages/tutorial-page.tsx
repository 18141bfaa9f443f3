import { Link } from 'react-router-dom';
import { TutorialBlock } from '../../components/tutorial-block';
import { UI } from '../../domain/ui-text';
import { useDocumentTitle } from '../../lib/use-document-title';

export function TutorialPage() {
  useDocumentTitle(UI.tutorial.title);
  return (
    <div className="page">
      <TutorialBlock headingLevel={1} />
      <p className="center">
        <Link to="/products" className="btn btn-primary">
          {UI.landing.order}
        </Link>
      </p>
    </div>
  );
}
