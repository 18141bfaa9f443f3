import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import settings from '../../../shop.settings.json';
import { MarketplaceLinks } from '../../components/marketplace-links';
import { TutorialBlock } from '../../components/tutorial-block';
import { UI } from '../../domain/ui-text';
import { useOnline } from '../../lib/use-online';
import { Slideshow } from './slideshow';

/** The product variations shown on the landing page (static: `/` does not load the local database). */
const VARIATIONS = [
  { id: 'polaroid', title: 'Foto Polaroid', img: '/assets/goods/foto-polaroid.svg', text: 'Cetak foto instan 86x54 mm.' },
  { id: 'bingkai', title: 'Bingkai Kayu', img: '/assets/goods/bingkai-kayu.svg', text: 'Bingkai kayu untuk polaroidmu.' },
  { id: 'gantungan', title: 'Gantungan Kunci', img: '/assets/goods/gantungan-kunci.svg', text: 'Foto kecil yang selalu dibawa.' },
  { id: 'akrilik', title: 'Akrilik Stand', img: '/assets/goods/akrilik-stand.svg', text: 'Pajang foto di meja.' },
  { id: 'film', title: 'Kertas Film', img: '/assets/goods/kertas-film.svg', text: 'Isi ulang kertas film instan.' },
];

function OrderButton() {
  return (
    <Link to="/products" className="btn btn-primary">
      {UI.landing.order}
    </Link>
  );
}

/**
 * The map is another site's page: it is put in once the app runs, never in the HTML, so a slow phone first
 * spends its connection on the shop's own page. Its box keeps the same height meanwhile (no layout shift).
 */
function ShopMap() {
  const online = useOnline();
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  return (
    <section className="map" aria-labelledby="map-title">
      <h2 id="map-title">{UI.landing.mapTitle}</h2>
      <address>{settings.address}</address>
      {online ? (
        <div className="map-frame">
          {started && <iframe src={settings.map.embedUrl} title={UI.landing.mapFrameTitle} loading="lazy" referrerPolicy="no-referrer" />}
        </div>
      ) : (
        <p>
          <a href={settings.map.link} target="_blank" rel="noopener noreferrer">
            {UI.landing.mapOffline}
          </a>
        </p>
      )}
    </section>
  );
}

export function LandingPage() {
  return (
    <div className="landing">
      <section className="hero" id="polaroid" aria-labelledby="hero-title">
        <div className="hero-text">
          <h1 id="hero-title">{UI.landing.hero}</h1>
          <p>{UI.landing.heroText}</p>
          <OrderButton />
        </div>
        <Slideshow />
      </section>

      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title">{UI.landing.featuresTitle}</h2>
        <ul className="feature-grid">
          {UI.landing.features.map((f) => (
            <li key={f.title}>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
        <OrderButton />
      </section>

      <section className="variations" id="product" aria-labelledby="variations-title">
        <h2 id="variations-title">{UI.landing.variationsTitle}</h2>
        <ul className="variation-grid">
          {VARIATIONS.map((v) => (
            <li key={v.id} className="polaroid-card">
              <img src={v.img} alt="" width={200} height={200} loading="lazy" />
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
        <OrderButton />
      </section>

      <TutorialBlock />

      <section className="marketplace" aria-labelledby="market-title">
        <h2 id="market-title">{UI.landing.marketplaceTitle}</h2>
        <MarketplaceLinks />
      </section>

      <ShopMap />
    </div>
  );
}
