/** Runs `work` once the page has loaded and the browser is idle: work no first paint should wait for. */
export function afterLoad(work: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => !cancelled && work(), { timeout: 2000 });
    else setTimeout(() => !cancelled && work(), 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}
