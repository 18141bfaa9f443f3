import { Link } from 'react-router-dom';
import settings from '../../../shop.settings.json';
import { MarketplaceLinks } from '../../components/marketplace-links';
import { UI } from '../../domain/ui-text';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{settings.name}</h2>
          <p>{settings.tagline}</p>
          <address>{settings.address}</address>
        </section>
        <section aria-labelledby="footer-products">
          <h2 id="footer-products">{UI.footer.products}</h2>
          <ul>
            <li>
              <a href="/#polaroid">{UI.footer.polaroid}</a>
            </li>
            <li>
              <a href="/#product">{UI.footer.variations}</a>
            </li>
            <li>
              <Link to="/custom">{UI.footer.custom}</Link>
            </li>
          </ul>
        </section>
        <section id="contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact">{UI.footer.contact}</h2>
          <ul>
            <li>
              <a href={`https://wa.me/${settings.whatsapp}`} target="_blank" rel="noopener noreferrer">
                {UI.footer.whatsapp}
              </a>
            </li>
            <li>
              <a href={`mailto:${settings.email}`}>
                {UI.footer.email}: {settings.email}
              </a>
            </li>
            <li>
              <a href={settings.instagram} target="_blank" rel="noopener noreferrer">
                {UI.footer.instagram}
              </a>
            </li>
            <li>
              <a href={settings.tiktok} target="_blank" rel="noopener noreferrer">
                {UI.footer.tiktok}
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-market">
          <h2 id="footer-market">{UI.footer.marketplace}</h2>
          <MarketplaceLinks />
        </section>
      </div>
      <p className="copyright">© {new Date().getFullYear()} {settings.name}</p>
    </footer>
  );
}
