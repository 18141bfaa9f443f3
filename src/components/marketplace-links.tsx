import settings from '../../shop.settings.json';
import { UI } from '../domain/ui-text';

const NAMES: Record<string, string> = { tokopedia: 'Tokopedia', shopee: 'Shopee' };

/** Marketplace shops from the settings, the default one first. */
export function marketplaces(): Array<{ key: string; name: string; url: string; isDefault: boolean }> {
  const { default: def, ...shops } = settings.marketplaces as Record<string, string>;
  return Object.entries(shops)
    .map(([key, url]) => ({ key, name: NAMES[key] ?? key, url, isDefault: key === def }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

export function MarketplaceLinks({ className = 'marketplaces' }: { className?: string }) {
  return (
    <ul className={className}>
      {marketplaces().map((m) => (
        <li key={m.key}>
          <a href={m.url} target="_blank" rel="noopener noreferrer" className={`market market-${m.key}`}>
            {m.name}
            {m.isDefault && <span className="visually-hidden"> ({UI.footer.defaultShop})</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
