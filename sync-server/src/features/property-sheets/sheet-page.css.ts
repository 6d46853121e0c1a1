/**
 * The public sheet's styles, inline under the page's CSP nonce (one request on a phone's slow network).
 * Mobile first (390 px), two columns from 760 px, and an A4 print layout without the button.
 */
export const SHEET_CSS = `
:root{--brand:#1d4e89;--accent:#e07a1f;--ink:#1c2430;--muted:#5b6676;--line:#e3e7ee;--bg:#f5f7fa}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
.bar{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:12px 16px;background:var(--brand);color:#fff}
.brand{font-weight:700;letter-spacing:.2px}
.doc{font-size:13px;opacity:.85;white-space:nowrap}
.sheet{max-width:960px;margin:0 auto;padding:0 0 24px;background:#fff}
figure{margin:0}
img{display:block;width:100%;height:auto;background:var(--line)}
.cover img{aspect-ratio:4/3;object-fit:cover;max-height:70vh}
.gallery{display:grid;grid-template-columns:1fr 1fr;gap:4px;padding:4px 0 0}
.gallery img{aspect-ratio:4/3;object-fit:cover}
.intro,.facts,.features,.agent{padding:16px}
.kicker{margin:0;color:var(--muted);font-size:14px;text-transform:uppercase;letter-spacing:.6px}
h1{margin:4px 0 6px;font-size:24px;line-height:1.25}
h2{margin:0 0 10px;font-size:18px}
.place{margin:0;color:var(--muted)}
.price{margin:12px 0 0;font-size:30px;font-weight:800;color:var(--brand);white-space:nowrap}
.status{display:inline-block;vertical-align:middle;margin-left:8px;padding:2px 10px;border-radius:999px;background:var(--accent);color:#fff;font-size:14px;font-weight:700}
.ref{margin:6px 0 0;color:var(--muted);font-size:14px}
.facts{border-top:1px solid var(--line)}
dl{display:grid;grid-template-columns:1fr 1fr;gap:12px 16px;margin:0}
dl div{min-width:0}
dt{color:var(--muted);font-size:13px}
dd{margin:0;font-weight:600}
.energy{display:flex;align-items:center;gap:10px;margin:16px 0 0}
.energy-label{color:var(--muted);font-size:13px}
.energy-badge{display:inline-block;min-width:44px;padding:2px 10px;border-radius:4px;color:#fff;font-weight:800;text-align:center;background:#6b7280}
.e-Aplus{background:#0a7d3b}.e-A{background:#24973f}.e-B{background:#6cb33f}.e-Bminus{background:#a8c83a;color:#1c2430}
.e-C{background:#f2d31b;color:#1c2430}.e-D{background:#f5a623;color:#1c2430}.e-E{background:#ee7623}.e-F{background:#d9342b}
.features{border-top:1px solid var(--line)}
.features ul{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.features li{padding:6px 12px;border-radius:999px;background:#eaf1fa;color:var(--brand);font-size:14px;font-weight:600}
.agent{margin:8px 16px 0;border:1px solid var(--line);border-radius:12px;background:#fbfcfe}
.agent-name{margin:0;font-size:18px;font-weight:700}
.agency{margin:0 0 12px;color:var(--muted)}
.contacts{display:flex;flex-direction:column;gap:8px}
.contact{display:block;padding:12px 14px;border-radius:10px;background:var(--brand);color:#fff;font-weight:600;text-decoration:none;overflow-wrap:anywhere}
.contact+.contact{background:#fff;color:var(--brand);border:1px solid var(--brand)}
.actions{padding:16px;margin:0}
.actions button{width:100%;padding:12px 16px;border:1px solid var(--line);border-radius:10px;background:#fff;color:var(--ink);font:inherit;font-weight:600;cursor:pointer}
.foot{max-width:960px;margin:0 auto;padding:16px;color:var(--muted);font-size:13px;text-align:center}
.gone{min-height:100vh;padding:48px 24px;text-align:center}
.gone h1{font-size:22px}
@media (min-width:760px){
  .sheet{margin:24px auto;border-radius:14px;overflow:hidden;box-shadow:0 2px 18px rgba(20,30,50,.08)}
  .gallery{grid-template-columns:repeat(3,1fr)}
  .intro,.facts,.features{padding:20px 28px}
  h1{font-size:30px}
  dl{grid-template-columns:repeat(3,1fr)}
  .agent{margin:8px 28px 0;padding:20px}
  .contacts{flex-direction:row}
  .actions{padding:20px 28px}
  .actions button{width:auto}
}
@page{size:A4;margin:14mm}
@media print{
  body{background:#fff;font-size:11pt}
  .bar{background:none;color:var(--ink);border-bottom:2px solid var(--brand);padding:0 0 6px}
  .sheet{max-width:none;margin:0;box-shadow:none;border-radius:0}
  .cover img{max-height:95mm}
  .gallery{grid-template-columns:repeat(3,1fr)}
  .gallery img{max-height:45mm}
  .intro,.facts,.features{padding:10px 0}
  dl{grid-template-columns:repeat(3,1fr)}
  .agent{margin:10px 0 0;padding:10px 12px;break-inside:avoid}
  .contacts{flex-direction:row}
  .contact,.contact+.contact{padding:0;background:none;color:var(--ink);border:0}
  .facts,.features,figure,dl div{break-inside:avoid}
  .gallery{break-before:auto}
  .actions{display:none}
  .foot{padding:8px 0 0}
  *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
`.replace(/\n\s*/g, '');
