import { lazy, Suspense, useMemo } from 'react';
import { Alert, Center, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { geoContracts, type GeoAddressQuery } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { isApiError } from '../../app/api';
import { BusyIndicator } from '../ui/components/BusyIndicator';

const LeafletMap = lazy(() => import('./LeafletMap'));

/** Spec 1 §2 / spec 3 §2.16: 870x400, zoom 18, São Paulo when there are no coordinates. */
export const MAP_WIDTH = 870;
export const MAP_HEIGHT = 400;
export const MAP_ZOOM = 18;
/** Praça da Sé, São Paulo. */
export const SAO_PAULO: [number, number] = [-23.5503, -46.6339];
/** The city alone: zoomed out so the approximate marker is not taken for the address. */
const CITY_ZOOM = 13;
const DEFAULT_TILES = { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '&copy; OpenStreetMap' };

export const mapTexts = {
  title: 'Mapa',
  unavailable: 'Não foi possível localizar o endereço agora (serviço de localização indisponível). O mapa mostra São Paulo.',
  notFound: 'Endereço não localizado no mapa. O mapa mostra São Paulo.',
  approximate: 'Localização aproximada: o endereço não foi encontrado, o marcador indica a cidade.',
  loading: 'Localizando o endereço...',
};

/** What the address block hands to the dialog (AddressFields' AddressSnapshot). */
export interface MapAddress {
  street?: string;
  number?: string;
  district?: string;
  city?: string;
  state?: string;
  zip?: string;
}

/** The query of GET geo/coordenadas: empty fields left out (the server needs the city and UF, or the CEP). */
export function coordinatesQuery(address: MapAddress): GeoAddressQuery {
  const clean = (value?: string) => value?.trim() || undefined;
  const zip = address.zip?.replace(/\D/g, '');
  const state = clean(address.state);
  return {
    logradouro: clean(address.street),
    numero: clean(address.number),
    bairro: clean(address.district),
    cidade: clean(address.city),
    uf: state && /^[A-Za-z]{2}$/.test(state) ? state.toUpperCase() : undefined,
    cep: zip && zip.length === 8 ? zip : undefined,
  };
}

const addressLine = (a: MapAddress) =>
  [[a.street, a.number].filter(Boolean).join(', '), a.district, [a.city, a.state].filter(Boolean).join(' - ')].filter(Boolean).join(' · ');

interface MapDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The address to show; the dialog renders nothing without one. */
  address: MapAddress | null;
}

/**
 * The 'Mapa' dialog (spec 1 §2, spec 3 §2.16): the address's coordinates from our server (geocoder with a
 * timeout and a cache, decision 11), drawn by Leaflet on the configured tile server with a marker at zoom 18.
 * When the address cannot be placed or the service is down, the map opens on São Paulo with a note.
 */
export function MapDialog({ opened, onClose, address }: MapDialogProps) {
  const query = useMemo(() => (address ? coordinatesQuery(address) : null), [address]);
  const searchable = !!query && (!!(query.cidade && query.uf) || !!query.cep);
  const coordinates = useQuery({
    queryKey: queryKeyOf(geoContracts.coordinates, { query: query ?? {} }),
    queryFn: ({ signal }) => callApi(geoContracts.coordinates, { query: query! }, { signal }),
    enabled: opened && searchable,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
  const settings = useQuery({
    queryKey: queryKeyOf(geoContracts.settings),
    queryFn: ({ signal }) => callApi(geoContracts.settings, undefined, { signal }),
    enabled: opened,
    staleTime: Infinity,
    retry: false,
  });

  if (!address) return null;
  const tiles = settings.data ?? DEFAULT_TILES;
  const loading = searchable && coordinates.isPending;
  const found = coordinates.data;
  let note: { text: string; color: string } | null = null;
  if (!searchable || (coordinates.isError && isApiError(coordinates.error) && coordinates.error.status === 404)) {
    note = { text: mapTexts.notFound, color: 'yellow' };
  } else if (coordinates.isError) {
    note = { text: mapTexts.unavailable, color: 'orange' };
  } else if (found?.precisao === 'cidade') {
    note = { text: mapTexts.approximate, color: 'yellow' };
  }
  const position: [number, number] | null = found ? [found.lat, found.lon] : null;
  const label = addressLine(address) || 'Endereço';

  return (
    <Modal opened={opened} onClose={onClose} title={mapTexts.title} size={MAP_WIDTH} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack gap="xs">
        <Text size="sm">{label}</Text>
        {note ? (
          <Alert color={note.color} role="status" p="xs">
            {note.text}
          </Alert>
        ) : null}
        {loading || settings.isPending ? (
          <Center h={MAP_HEIGHT}>
            <BusyIndicator size="md" label={mapTexts.loading} />
          </Center>
        ) : (
          <Suspense
            fallback={
              <Center h={MAP_HEIGHT}>
                <BusyIndicator size="md" label={mapTexts.loading} />
              </Center>
            }
          >
            <LeafletMap
              // A new place re-centres the map (MapContainer's centre is read once).
              key={position ? position.join(',') : 'sp'}
              center={position ?? SAO_PAULO}
              zoom={position && found?.precisao === 'cidade' ? CITY_ZOOM : MAP_ZOOM}
              tileUrl={tiles.tileUrl}
              attribution={tiles.attribution}
              marker={position ? { position, label } : null}
              height={MAP_HEIGHT}
            />
          </Suspense>
        )}
      </Stack>
    </Modal>
  );
}
