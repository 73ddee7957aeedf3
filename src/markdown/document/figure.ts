/**
 * GitBook's figure (an image with a caption), as Git Sync writes it:
 * `<figure><img src="…" alt="…"><figcaption><p>…</p></figcaption></figure>`. Only that exact form is
 * read as an image; any other HTML stays text (docs/decisions.md).
 */
const FIGURE = /^<figure><img src="([^"<>]*)" alt="([^"<>]*)"><figcaption><p>([^<>]*)<\/p><\/figcaption><\/figure>$/;

export interface Figure { src: string; alt: string; caption: string }

export function figureOf(html: string): Figure | undefined {
  const m = FIGURE.exec(html);
  return m ? { src: m[1], alt: m[2], caption: m[3] } : undefined;
}

/** The figure's HTML, or undefined when a value would not survive it (then the image is written as markdown). */
export function figureHtml(figure: Figure): string | undefined {
  if ([figure.src, figure.alt].some((v) => /["<>\n]/.test(v)) || /[<>\n]/.test(figure.caption)) return undefined;
  return `<figure><img src="${figure.src}" alt="${figure.alt}"><figcaption><p>${figure.caption}</p></figcaption></figure>`;
}
