import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long after a route change a page that swaps its heading (loading → loaded) is followed. */
const FOLLOW_MS = 10_000;

/**
 * After a route change, keyboard and screen reader users land on the new page's main heading
 * instead of staying on the link they used: the <h1> inside `main` gets focus (made focusable by
 * script only, tabIndex -1, so it is no extra Tab stop). The first load is left alone (the
 * browser starts at the top of the page), and so are changes of the query alone (filters, the
 * map view). A page whose heading is replaced once its data arrives (a loading heading, then
 * the report's title) is followed until the person moves focus themselves.
 */
export function useFocusHeadingOnNavigation(mainId: string): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    let focused: HTMLElement | null = null;

    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || heading === focused) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      // The page was scrolled to the top by the router; the heading is in view.
      heading.focus({ preventScroll: true });
      focused = heading;
    };

    // Focus is the page's own once it is somewhere else than the heading we gave it (or nowhere).
    const personMovedOn = () => {
      const active = document.activeElement;
      return focused !== null && active !== null && active !== document.body && active !== focused;
    };

    focusHeading();
    const observer = new MutationObserver(() => {
      if (personMovedOn()) stop();
      else if (!focused || !focused.isConnected) focusHeading();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => stop(), FOLLOW_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    return stop;
  }, [pathname, mainId]);
}
