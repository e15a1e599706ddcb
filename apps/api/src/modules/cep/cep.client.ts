import type { CepAddress } from '@assoc/domain';

/** The upstream failed, timed out or answered something unusable. */
export class CepUpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CepUpstreamError';
  }
}

/** Street types that open a street name; ViaCEP gives one text ("Avenida Paulista"). */
const STREET_TYPES = [
  'Aeroporto',
  'Alameda',
  'Área',
  'Avenida',
  'Beco',
  'Campo',
  'Chácara',
  'Colônia',
  'Condomínio',
  'Conjunto',
  'Distrito',
  'Esplanada',
  'Estação',
  'Estrada',
  'Favela',
  'Fazenda',
  'Feira',
  'Jardim',
  'Ladeira',
  'Lago',
  'Lagoa',
  'Largo',
  'Loteamento',
  'Morro',
  'Núcleo',
  'Parque',
  'Passarela',
  'Pátio',
  'Praça',
  'Quadra',
  'Recanto',
  'Residencial',
  'Rodovia',
  'Rua',
  'Setor',
  'Sítio',
  'Travessa',
  'Trecho',
  'Trevo',
  'Vale',
  'Vereda',
  'Via',
  'Viaduto',
  'Viela',
  'Vila',
];

/** 'Avenida Paulista' -> 'Avenida'; '' when the street does not open with a known type. */
export function streetTypeOf(street: string): string {
  const first = street.trim().split(/\s+/)[0] ?? '';
  return STREET_TYPES.find((t) => t.localeCompare(first, 'pt-BR', { sensitivity: 'base' }) === 0) ?? '';
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** ViaCEP-compatible client: GET {base}/{cep}/json/ answers the address or {erro: true}. */
export function createCepClient(baseUrl: string) {
  return {
    /** The address of a CEP; null when the CEP does not exist. */
    async lookup(cep: string, signal: AbortSignal): Promise<CepAddress | null> {
      const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${cep}/json/`);
      let response: Response;
      try {
        response = await fetch(url, { signal, headers: { accept: 'application/json' } });
      } catch (err) {
        throw new CepUpstreamError(`${url.origin} inacessível`, { cause: err });
      }
      // ViaCEP answers 400 for a malformed CEP; ours are always 8 digits, so treat it as unknown.
      if (response.status === 404 || response.status === 400) {
        await response.body?.cancel().catch(() => {});
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new CepUpstreamError(`${url.origin} respondeu ${response.status}`);
      }
      let body: Record<string, unknown>;
      try {
        body = (await response.json()) as Record<string, unknown>;
      } catch (err) {
        throw new CepUpstreamError(`${url.origin} respondeu algo que não é JSON`, { cause: err });
      }
      if (body?.erro === true || body?.erro === 'true') return null;
      const cidade = text(body?.localidade);
      const uf = text(body?.uf).toUpperCase();
      if (!cidade || !uf) throw new CepUpstreamError('Resposta de CEP sem localidade');
      const logradouro = text(body.logradouro);
      return { logradouro, tipoLogradouro: streetTypeOf(logradouro), bairro: text(body.bairro), cidade, uf };
    },
  };
}

export type CepClient = ReturnType<typeof createCepClient>;
