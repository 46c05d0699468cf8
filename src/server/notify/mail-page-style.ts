/**
 * The look of the /mail/* pages: the web app's colours, type, header and buttons
 * (src/client/styles/tokens.css, layout.css, components.css) in one small inline style, so the
 * pages need no asset and work from any mail client. Their CSP admits exactly this style, by hash.
 */
import { createHash } from 'node:crypto';

export const mailPageStyle = `
:root{--text:#1b1f24;--muted:#4a5561;--background:#f4f6f9;--surface:#fff;--border:#c9d1db;--brand:#0a4d8c;--brand-dark:#073868;--focus:#5b21b6}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Liberation Sans',Arial,sans-serif;color:var(--text);background:var(--background)}
header{background:var(--surface);border-bottom:4px solid var(--brand)}
header p{max-width:40rem;margin:0 auto;padding:.75rem 1rem;font-size:1.5rem;font-weight:800;letter-spacing:-.02em}
main{box-sizing:border-box;max-width:40rem;margin:1.5rem auto;padding:1.5rem 1rem;background:var(--surface);border:1px solid var(--border);border-radius:.5rem}
@media (max-width:42rem){main{margin:0;border-width:0 0 1px;border-radius:0}}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
.report{padding:.75rem 1rem;background:#e6eef7;border-left:4px solid var(--brand);border-radius:.25rem;overflow-wrap:anywhere}
.report b{display:block;font-size:.875rem;color:var(--muted)}
form{margin:1.5rem 0 0}
button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;min-width:12rem;padding:.5rem 1.5rem;font:inherit;font-weight:600;color:#fff;background:var(--brand);border:2px solid var(--brand);border-radius:.5rem;cursor:pointer}
button:hover{background:var(--brand-dark);border-color:var(--brand-dark)}
@media (max-width:30rem){button{width:100%}}
a{color:var(--brand)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
[role=status]{font-weight:600}
`;

const styleHash = createHash('sha256').update(mailPageStyle).digest('base64');

/** Nothing loads or runs but the style above; the forms post only to this site. */
export const mailPageCsp = `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
