import { useCallback, useState } from 'react';

export interface LocationSelection {
  cirId: number | null;
  comId: number | null;
  apfId: number | null;
}

/**
 * The chosen circunscrição, comarca and fórum (spec 3 §4): changing the circunscrição resets comarca
 * and fórum; changing the comarca resets the fórum.
 */
export function useLocationCascade() {
  const [selection, setSelection] = useState<LocationSelection>({ cirId: null, comId: null, apfId: null });
  const selectCir = useCallback((cirId: number | null) => setSelection({ cirId, comId: null, apfId: null }), []);
  const selectComarca = useCallback((comId: number | null) => setSelection((s) => ({ ...s, comId, apfId: null })), []);
  const selectForum = useCallback((apfId: number | null) => setSelection((s) => ({ ...s, apfId })), []);
  return { selection, selectCir, selectComarca, selectForum };
}

export type LocationCascade = ReturnType<typeof useLocationCascade>;
