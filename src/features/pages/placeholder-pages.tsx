import { UI } from '../../domain/ui-text';
import { useDocumentTitle } from '../../lib/use-document-title';

function Placeholder({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <div className="page placeholder">
      <h1>{title}</h1>
      <p>{text}</p>
    </div>
  );
}

export const AboutPage = () => <Placeholder title={UI.placeholder.about} text={UI.placeholder.aboutText} />;
export const CheckoutPage = () => <Placeholder title={UI.placeholder.checkout} text={UI.placeholder.checkoutText} />;
