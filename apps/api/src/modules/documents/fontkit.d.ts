/**
 * The little of fontkit (a dependency of @pdfme/generator, which parses the fonts) the document generator uses: it parses
 * each shipped font once per process and shares it between renders (documents.generator.ts).
 */
declare module 'fontkit' {
  export interface FontkitGlyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
  }
  export interface FontkitGlyphRun {
    glyphs: FontkitGlyph[];
  }
  export interface FontkitFont {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    bbox: { minY: number; maxY: number };
    layout(text: string, ...rest: unknown[]): FontkitGlyphRun;
    getGlyph(id: number, codePoints?: number[]): FontkitGlyph;
  }
  export function create(buffer: Buffer): FontkitFont;
}
