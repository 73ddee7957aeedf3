/** The sizes of sheet a PDF is drawn on, in points: A4 (the default) and US Letter. */
export const PAPERS = { a4: { width: 595.28, height: 841.89 }, letter: { width: 612, height: 792 } } as const;
export type Paper = keyof typeof PAPERS;
export const PAPER_NAMES = Object.keys(PAPERS) as Paper[];
export const isPaper = (value: string): value is Paper => Object.prototype.hasOwnProperty.call(PAPERS, value);
