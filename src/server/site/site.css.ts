/** The stylesheet of published sites: light and dark from the visitor's preference, 360 px to wide screens. */
export const SITE_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#57606a;--line:#d8dee4;--soft:#f4f6f8;--link:#0b5cad;--accent:#0b5cad;
--info:#e8f1fb;--info-line:#0b5cad;--success:#e9f7ef;--success-line:#1a7f37;--warning:#fff6e0;--warning-line:#9a6700;--danger:#fdecec;--danger-line:#c0262d}
@media (prefers-color-scheme:dark){:root{--bg:#0f1216;--fg:#e6e8eb;--muted:#9aa4ae;--line:#2d333b;--soft:#171b21;--link:#6cb6ff;--accent:#6cb6ff;
--info:#12263b;--info-line:#6cb6ff;--success:#10261a;--success-line:#57ab5a;--warning:#2b2210;--warning-line:#d29922;--danger:#2f1416;--danger-line:#f47067}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:anywhere}
a{color:var(--link)}
a:focus-visible,summary:focus-visible,button:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:8px;z-index:10}
header.site{display:flex;flex-wrap:wrap;align-items:center;gap:12px;padding:10px 20px;border-bottom:1px solid var(--line)}
.brand{display:flex;align-items:center;gap:8px;font-weight:600;font-size:18px;color:var(--fg);text-decoration:none}
.brand img{width:28px;height:28px;border-radius:6px}
.brand-icon{display:inline-flex;font-size:24px;line-height:1}
form.search{margin-left:auto;display:flex;gap:6px}
form.search input{font:inherit;padding:4px 8px;border:1px solid var(--line);border-radius:6px;background:var(--soft);color:var(--fg);width:min(260px,50vw)}
form.search{position:relative}
.suggest{position:absolute;right:0;top:calc(100% + 6px);z-index:20;width:min(480px,calc(100vw - 24px));max-height:70vh;overflow:auto;background:var(--bg);border:1px solid var(--line);border-radius:8px;box-shadow:0 8px 24px rgba(0,0,0,.15);padding:6px}
.suggest ul,ol.results{list-style:none;margin:0;padding:0}
.suggest li{padding:6px 8px;border-radius:6px}.suggest li:hover{background:var(--soft)}
.suggest a,ol.results a.result{font-weight:600}
.suggest p,ol.results p{margin:2px 0 0;color:var(--muted);font-size:14px}
.where{display:block;font-size:13px;color:var(--muted)}
ol.results>li{padding:12px 0;border-bottom:1px solid var(--line)}
ol.results ul{list-style:none;padding-left:12px;margin:6px 0 0}
mark{background:#fff3a3;color:#1b1f24;border-radius:2px}
form.search button{font:inherit;padding:4px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
nav.sections{display:flex;flex-wrap:wrap;gap:4px 18px;padding:0 20px;border-bottom:1px solid var(--line)}
nav.sections a{display:inline-block;padding:8px 0;color:var(--muted);text-decoration:none;border-bottom:2px solid transparent}
nav.sections a[aria-current]{color:var(--fg);border-bottom-color:var(--accent)}
nav.sections .group{color:var(--muted);font-size:13px;text-transform:uppercase;letter-spacing:.04em;padding:10px 0 0}
.layout{display:grid;grid-template-columns:minmax(220px,280px) minmax(0,1fr) minmax(180px,240px);gap:32px;max-width:1440px;margin:0 auto;padding:0 20px}
nav.toc{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:20px 0}
nav.toc ul{list-style:none;margin:0;padding:0}
nav.toc ul ul{padding-left:14px;border-left:1px solid var(--line);margin-left:6px}
nav.toc li a{display:block;padding:3px 8px;border-radius:6px;color:var(--fg);text-decoration:none}
nav.toc li a:hover{background:var(--soft)}
nav.toc li a[aria-current]{background:var(--soft);color:var(--accent);font-weight:600}
nav.toc .toc-group{margin:16px 0 4px 8px;font-size:13px;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.variants{margin:0 0 12px}
.variants summary{cursor:pointer;padding:4px 8px;border:1px solid var(--line);border-radius:6px}
.variants ul{list-style:none;padding:4px 0;margin:0}
.variants a{display:block;padding:3px 8px;color:var(--fg);text-decoration:none}
.variants a[aria-current]{font-weight:600;color:var(--accent)}
main{min-width:0;padding:20px 0 60px}
nav.breadcrumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:4px;margin:0 0 8px;padding:0;font-size:14px;color:var(--muted)}
nav.breadcrumbs li+li::before{content:"/";margin-right:4px}
nav.breadcrumbs a{color:var(--muted)}
article h1{font-size:2em;line-height:1.25;margin:.2em 0 .3em}
article .description{color:var(--muted);font-size:1.1em;margin-top:0}
article h2{margin-top:1.8em;padding-bottom:.2em;border-bottom:1px solid var(--line)}
article :is(h1,h2,h3,h4,h5,h6) .anchor{margin-left:6px;color:var(--muted);text-decoration:none;opacity:0}
article :is(h1,h2,h3,h4,h5,h6):hover .anchor,article .anchor:focus{opacity:1}
article img{max-width:100%;height:auto}
article pre{background:var(--soft);border:1px solid var(--line);border-radius:8px;padding:12px 14px;overflow:auto;font-size:14px;line-height:1.5}
article figure.code{margin:1em 0}
article figure.code.wrap pre{white-space:pre-wrap}
article .code-title{font-size:13px;color:var(--muted);padding:4px 2px}
article .line-numbers code{counter-reset:line}
article .line-numbers .line::before{counter-increment:line;content:counter(line);display:inline-block;width:2.5em;margin-right:12px;text-align:right;color:var(--muted)}
.hljs-keyword,.hljs-meta .hljs-keyword,.hljs-doctag,.hljs-template-tag,.hljs-template-variable,.hljs-selector-tag{color:#cf222e}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string{color:#0a3069}
.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute,.hljs-symbol,.hljs-variable.language_,.hljs-selector-attr,.hljs-selector-class,.hljs-selector-id,.hljs-operator{color:#0550ae}
.hljs-title,.hljs-title.function_,.hljs-built_in,.hljs-title.class_{color:#8250df}
.hljs-type,.hljs-params,.hljs-variable,.hljs-property{color:#953800}
.hljs-comment,.hljs-quote,.hljs-code{color:#57606a;font-style:italic}
.hljs-name,.hljs-tag,.hljs-selector-pseudo,.hljs-addition{color:#116329}
.hljs-section,.hljs-bullet{color:#0550ae;font-weight:600}
.hljs-deletion{color:#82071e}
@media (prefers-color-scheme:dark){.hljs-keyword,.hljs-meta .hljs-keyword,.hljs-doctag,.hljs-template-tag,.hljs-template-variable,.hljs-selector-tag{color:#ff7b72}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string{color:#a5d6ff}
.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute,.hljs-symbol,.hljs-variable.language_,.hljs-selector-attr,.hljs-selector-class,.hljs-selector-id,.hljs-operator,.hljs-section,.hljs-bullet{color:#79c0ff}
.hljs-title,.hljs-title.function_,.hljs-built_in,.hljs-title.class_{color:#d2a8ff}
.hljs-type,.hljs-params,.hljs-variable,.hljs-property{color:#ffa657}
.hljs-comment,.hljs-quote,.hljs-code{color:#8b949e}
.hljs-name,.hljs-tag,.hljs-selector-pseudo,.hljs-addition{color:#7ee787}
.hljs-deletion{color:#ffa198}}
article code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
article :not(pre)>code{background:var(--soft);border-radius:4px;padding:.1em .3em}
article blockquote{margin:1em 0;padding:0 1em;border-left:4px solid var(--line);color:var(--muted)}
article .table{overflow-x:auto}
article table{border-collapse:collapse;margin:1em 0;min-width:50%}
article th,article td{border:1px solid var(--line);padding:6px 10px;vertical-align:top;overflow-wrap:break-word}
article th{background:var(--soft)}
article .align-left{text-align:left}article .align-center{text-align:center}article .align-right{text-align:right}
article .hint{border-left:4px solid var(--info-line);background:var(--info);border-radius:6px;padding:4px 16px;margin:1em 0}
article .hint-success{border-color:var(--success-line);background:var(--success)}
article .hint-warning{border-color:var(--warning-line);background:var(--warning)}
article .hint-danger{border-color:var(--danger-line);background:var(--danger)}
article .tabs{border:1px solid var(--line);border-radius:8px;margin:1em 0}
article .tabs .tab{padding:0 16px 8px}
article .tabs .tab+.tab{border-top:1px solid var(--line)}
article .tabs [role=tablist]{display:flex;flex-wrap:wrap;border-bottom:1px solid var(--line)}
article .tabs [role=tab]{font:inherit;background:none;border:0;border-bottom:2px solid transparent;padding:8px 14px;color:var(--muted);cursor:pointer}
article .tabs [role=tab][aria-selected=true]{color:var(--fg);border-bottom-color:var(--accent)}
article .tabs.enhanced .tab+.tab{border-top:0}
article .tabs.enhanced .tab-title{display:none}
article a.card{display:block;border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:.6em 0;text-decoration:none}
article a.card:hover{border-color:var(--accent)}
article .card-title{font-weight:600}
article figure.embed,article .file{border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:1em 0}
article details{border:1px solid var(--line);border-radius:8px;padding:8px 14px;margin:.8em 0}
article details summary{cursor:pointer;font-weight:600}
article ol.stepper{list-style:none;counter-reset:step;padding:0;margin:1em 0}
article ol.stepper>li{counter-increment:step;position:relative;padding:0 0 12px 44px;border-left:2px solid var(--line);margin-left:14px}
article ol.stepper>li::before{content:counter(step);position:absolute;left:-15px;top:0;width:28px;height:28px;border-radius:50%;background:var(--accent);color:var(--bg);text-align:center;font-weight:600;line-height:28px}
article ol.stepper>li:last-child{border-left-color:transparent}
article .columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:20px}
article .update{border-left:3px solid var(--line);padding-left:14px;margin:1.2em 0}
article .update-date{font-weight:600;color:var(--muted);margin:0}
article .api-operation{border:1px solid var(--line);border-radius:8px;padding:4px 16px;margin:1em 0}
article .api-operation-title{margin:.6em 0}
article .method{font-weight:700;text-transform:uppercase}
article .api-operation-spec{color:var(--muted);font-size:14px;margin-top:0}
article .api-operation-notice{border-left:3px solid var(--warning-line);background:var(--warning);padding:6px 12px}
article .api-operation h4{font-size:15px;margin:1.2em 0 .4em}
article .schema-properties{list-style:none;padding-left:0;margin:.3em 0}
article .schema-properties .schema-properties{padding-left:1.2em;border-left:1px solid var(--line)}
article .schema-properties li{margin:.35em 0}
article .schema-type,article .api-deprecated{color:var(--muted);font-size:14px}
article .schema-required{color:var(--danger-line);font-size:13px}
article .schema-description p{margin:.2em 0}
article .api-response{border-top:1px solid var(--line);padding:4px 0}
article .api-response summary{cursor:pointer}
article a.button{display:inline-block;padding:6px 14px;margin:4px 6px 4px 0;border:1px solid var(--accent);border-radius:8px;text-decoration:none;font-weight:600}
article a.button.primary{background:var(--accent);color:var(--bg)}
article ul.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
article ul.cards-large{grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}
article li.card{position:relative;border:1px solid var(--line);border-radius:8px;padding:10px 14px;margin:0;overflow:hidden}
article li.card-linked:hover{border-color:var(--accent)}
article .card-cover{display:block;width:calc(100% + 28px);max-width:none;margin:-10px -14px 8px;aspect-ratio:16/9;object-fit:cover}
article .card-target::after{content:"";position:absolute;inset:0}
article .card-target:focus-visible{outline:none}
article .card-target:focus-visible::after{outline:2px solid var(--accent);outline-offset:-2px;border-radius:8px}
article .card-cell a{position:relative;z-index:1}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
article .math-block{overflow-x:auto;margin:1em 0;text-align:center}
article .footnotes{margin-top:2.5em;border-top:1px solid var(--line);font-size:.9em}
article .footnote-ref a{text-decoration:none;padding:0 .1em}
nav.pager{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin-top:48px}
nav.pager a{display:block;border:1px solid var(--line);border-radius:8px;padding:10px 14px;text-decoration:none}
nav.pager .next{text-align:right;grid-column:2}
nav.pager small{display:block;color:var(--muted)}
aside.outline{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:20px 0;font-size:14px}
aside.outline h2{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:0 0 6px}
aside.outline ul{list-style:none;margin:0;padding:0}
aside.outline a{display:block;padding:2px 0;color:var(--muted);text-decoration:none}
aside.outline .depth-3{padding-left:12px}
.menu{display:none}
footer.site{border-top:1px solid var(--line);padding:16px 20px;color:var(--muted);font-size:13px;text-align:center}
@media (max-width:1199px){.layout{grid-template-columns:minmax(200px,260px) minmax(0,1fr)}aside.outline{display:none}}
@media (max-width:799px){.layout{display:block}nav.toc{display:none}.menu{display:block;margin:12px 0}.menu summary{cursor:pointer;padding:6px 10px;border:1px solid var(--line);border-radius:6px}
.menu nav.toc{display:block;position:static;max-height:none;padding:8px 0}form.search{margin-left:0;width:100%}form.search input{flex:1;width:auto}}
`;
