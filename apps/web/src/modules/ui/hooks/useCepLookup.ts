import { useCallback, useRef } from 'react';
import { cepContracts, onlyDigits, type CepAddress } from '@assoc/domain';
import { callApi } from '../../../app/client';

/** '01310100' -> '01310-100' while typing (mask 11111-111). */
export function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/**
 * GET cep/{cep} through our server (decision 11). Resolves the address, or null on any failure
 * (unknown CEP, upstream down): the caller then clears the address fields. A newer lookup cancels
 * the previous one.
 */
export function useCepLookup() {
  const pending = useRef<AbortController | null>(null);
  return useCallback(async (cep: string): Promise<CepAddress | null> => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    try {
      return await callApi(cepContracts.lookup, { params: { cep: onlyDigits(cep) } }, { signal: controller.signal });
    } catch {
      return null;
    } finally {
      if (pending.current === controller) pending.current = null;
    }
  }, []);
}
