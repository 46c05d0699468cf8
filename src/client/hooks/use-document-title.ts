import { useEffect } from 'react';

const APP_NAME = 'Kerro';

/** Each page gets its own title, so tabs, history and screen readers can tell pages apart. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} – ${APP_NAME}` : APP_NAME;
  }, [pageTitle]);
}
