import { geoContracts } from '@assoc/domain';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mockApi, mockContract } from '../../test/api-mock';
import { MapDialog, coordinatesQuery, mapTexts, SAO_PAULO } from './MapDialog';
import type { LeafletMapProps } from './LeafletMap';

// Leaflet needs a real layout; the dialog's logic is what is tested here.
vi.mock('./LeafletMap', () => ({
  default: (props: LeafletMapProps) => (
    <div
      data-testid="map"
      data-center={props.center.join(',')}
      data-zoom={props.zoom}
      data-tiles={props.tileUrl}
      data-marker={props.marker ? props.marker.position.join(',') : ''}
    />
  ),
}));

const address = { street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP', zip: '01310100' };
const settings = { body: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Teste' } };

describe("'Mapa' dialog", () => {
  it('centres on the address with a marker at zoom 18, on the configured tiles', async () => {
    const api = mockApi([
      mockContract(geoContracts.settings, settings),
      mockContract(geoContracts.coordinates, { body: { lat: -23.56, lon: -46.65, precisao: 'endereco' } }),
    ]);
    renderWithProviders(<MapDialog opened onClose={() => {}} address={address} />);
    const dialog = await screen.findByRole('dialog', { name: 'Mapa' });
    const map = await within(dialog).findByTestId('map');
    expect(map).toHaveAttribute('data-center', '-23.56,-46.65');
    expect(map).toHaveAttribute('data-marker', '-23.56,-46.65');
    expect(map).toHaveAttribute('data-zoom', '18');
    expect(map).toHaveAttribute('data-tiles', 'https://tiles.test/{z}/{x}/{y}.png');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    const url = String(api.fetchMock.mock.calls.find(([u]) => String(u).includes('geo/coordenadas'))![0]);
    expect(new URL(url, 'http://x').searchParams.toString()).toBe('logradouro=Avenida+Paulista&numero=1000&cidade=S%C3%A3o+Paulo&uf=SP&cep=01310100');
  });

  it('still opens, on São Paulo without a marker, with a note when the lookup is unreachable', async () => {
    mockApi([
      mockContract(geoContracts.settings, settings),
      mockContract(geoContracts.coordinates, { status: 503, body: { message: 'Serviço de localização indisponível no momento' } }),
    ]);
    renderWithProviders(<MapDialog opened onClose={() => {}} address={address} />);
    const dialog = await screen.findByRole('dialog', { name: 'Mapa' });
    expect(await within(dialog).findByText(mapTexts.unavailable)).toBeInTheDocument();
    const map = await within(dialog).findByTestId('map');
    expect(map).toHaveAttribute('data-center', SAO_PAULO.join(','));
    expect(map).toHaveAttribute('data-marker', '');
  });

  it('says when the address was not found, or placed only by its city', async () => {
    mockApi([
      mockContract(geoContracts.settings, settings),
      mockContract(geoContracts.coordinates, { status: 404, body: { message: 'Endereço não localizado no mapa' } }),
    ]);
    const view = renderWithProviders(<MapDialog opened onClose={() => {}} address={address} />);
    expect(await screen.findByText(mapTexts.notFound)).toBeInTheDocument();
    view.unmount();
    mockApi([
      mockContract(geoContracts.settings, settings),
      mockContract(geoContracts.coordinates, { body: { lat: -22, lon: -47.9, precisao: 'cidade' } }),
    ]);
    renderWithProviders(<MapDialog opened onClose={() => {}} address={{ ...address, street: 'Rua Sem Nome', city: 'São Carlos' }} />);
    expect(await screen.findByText(mapTexts.approximate)).toBeInTheDocument();
    expect(await screen.findByTestId('map')).toHaveAttribute('data-marker', '-22,-47.9');
  });

  it('leaves empty and malformed fields out of the lookup', () => {
    expect(coordinatesQuery({ street: ' ', number: '', city: 'Campinas', state: 'sp', zip: '13015-000' })).toEqual({
      logradouro: undefined,
      numero: undefined,
      bairro: undefined,
      cidade: 'Campinas',
      uf: 'SP',
      cep: '13015000',
    });
    expect(coordinatesQuery({ city: 'X', state: 'São Paulo', zip: '123' })).toMatchObject({ uf: undefined, cep: undefined });
  });
});
