import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The navigation and the language choice. On wide screens they sit in the header's row; on
 * narrower ones (below 60rem, styles/layout.css) they fold behind a "Menu" button, a disclosure
 * (aria-expanded), so the header stays one slim row and the map starts right under it.
 * Escape closes it and puts focus back on the button; choosing a page, or a click or tap
 * anywhere outside it, closes it.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (pointerEvent: PointerEvent) => {
      const target = pointerEvent.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const closeOnEscape = (keyEvent: ReactKeyboardEvent) => {
    if (keyEvent.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="site-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={closeOnEscape}
      >
        <span className="site-menu__icon" aria-hidden="true" />
        {t('nav.menu')}
      </button>
      <div
        ref={menu}
        id={menuId}
        className={open ? 'site-menu site-menu--open' : 'site-menu'}
        onKeyDown={closeOnEscape}
        onClick={(clickEvent) => {
          // A link chosen to the page already shown changes no path: close here too.
          if ((clickEvent.target as Element).closest('a')) setOpen(false);
        }}
      >
        {children}
      </div>
    </>
  );
}
