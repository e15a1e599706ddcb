import type { HighlightPiece } from '@assoc/domain';

/** The server's excerpt with its matches marked: plain text pieces in <mark>, never HTML. */
export function Highlight({ pieces }: { pieces: HighlightPiece[] }) {
  return <>{pieces.map((piece, index) => (piece.marcado ? <mark key={index}>{piece.texto}</mark> : <span key={index}>{piece.texto}</span>))}</>;
}
