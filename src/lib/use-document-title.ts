/**
 * The browser's title names the page (WCAG 2.4.2): what a screen reader says on arriving, what the tab strip and
 * the history show. The page's own heading, then the shop; the shop's title again when the page goes.
 */
import { useEffect } from 'react';
import { UI } from '../domain/ui-text';

export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = UI.pageTitle(page);
    return () => {
      document.title = UI.siteTitle;
    };
  }, [page]);
}
