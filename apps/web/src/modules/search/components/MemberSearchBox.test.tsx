import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authContracts, menuContracts, searchContracts, dashboardContracts, memberContracts } from '@assoc/domain';
import { mockApi, mockContract, type ContractReply } from '../../../test/api-mock';
import { memberRecord, person, sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { MemberSearchBox } from './MemberSearchBox';
import { SEARCH_DEBOUNCE_MS } from '../hooks/useMemberSearch';

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

const dependent = person({
  cstId: 202,
  parentId: 101,
  custName: 'João Pereira',
  custPerfil: 'M',
  custSituacao: 5,
  custFalecimento: '2020-03-04',
  socio: 'S',
  titular: 'Maria da Silva',
  custPhotoKey: 'abc123',
});
const retired = person({ cstId: 303, custName: 'Carlos Souza', custSituacao: 2, custPerfil: 'A', custAniversario: '1950-01-02', custAge: 75 });
const thirdParty = person({
  cstId: 9,
  custName: 'Clínica Boa Saúde',
  isTerceiro: true,
  custCPF: '99766167000125',
  custNumeroInterno: '',
  custAniversario: null,
  custAge: null,
});

/** The search box alone, or the whole app at '/' with `wholeApp` (to see the screen a choice opens). */
function setup(
  search: (text: string) => ContractReply<typeof searchContracts.search> = () => ({ body: [dependent, retired, thirdParty] }),
  wholeApp = false,
) {
  const session = sessionFor([...staffRoles, 'v2menucadterceiro']);
  const api = mockApi([
    mockContract(authContracts.session, { body: session }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(searchContracts.history, { body: [] }),
    mockContract(dashboardContracts.birthdays, { body: [] }),
    mockContract(searchContracts.search, ({ body }) => search((body as { text: string }).text)),
    mockContract(searchContracts.recordView, { body: [{ ...dependent, viewedAt: '2026-01-01T10:00:00Z' }] }, { params: { cstId: 202 } }),
    mockContract(searchContracts.recordView, { body: [{ ...retired, viewedAt: '2026-01-01T10:00:00Z' }] }, { params: { cstId: 303 } }),
    mockContract(memberContracts.get, { body: memberRecord({ cstId: 303, custName: 'Carlos Souza', custStatus: 'A' }) }, { params: { cstId: 303 } }),
  ]);
  const app = wholeApp ? renderApp('/') : renderWithProviders(<MemberSearchBox />, { session });
  return { api, ...app };
}

async function searchInput() {
  return screen.findByRole('textbox', { name: 'Pesquisar associado' });
}

describe('member search box', () => {
  it('does not search under 3 characters and searches once, after the 400 ms pause, from 3', async () => {
    const { api, user } = setup();
    const input = await searchInput();
    expect(input).toHaveAttribute('maxlength', '30');
    expect(input).toHaveAttribute('placeholder', 'Pesquisar associado');

    await user.type(input, 'jo');
    await sleep(600);
    expect(api.callsTo(searchContracts.search)).toHaveLength(0);

    // The time of the last keystroke itself (user.type may return later than that on a busy machine).
    let typedAt = 0;
    input.addEventListener('input', () => {
      typedAt = performance.now();
    });
    await user.type(input, 'ão');
    expect(typedAt).toBeGreaterThan(0);
    expect(api.callsTo(searchContracts.search)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo(searchContracts.search)).toHaveLength(1));
    const call = api.callsTo(searchContracts.search)[0]!;
    expect(call.body).toEqual({ text: 'joão' });
    // Sent only after the pause that followed the last keystroke.
    expect(call.at - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 50);
    expect(await screen.findByRole('option', { name: /João Pereira/ })).toBeInTheDocument();
  });

  it('sends the XSRF cookie value as X-XSRF-TOKEN on the search call', async () => {
    const { api, user } = setup();
    const input = await searchInput();
    // Set once the screen is up: the files share a worker (isolate: false), and a previous file's late
    // sign-out could still clear the cookie while this one renders.
    document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
    await user.type(input, 'mar{Enter}');
    await waitFor(() => expect(api.callsTo(searchContracts.search)).toHaveLength(1));
    expect(api.callsTo(searchContracts.search)[0]?.headers['X-XSRF-TOKEN']).toBe('cookie-token');
  });

  it('Enter searches at once with 3 or more characters and does nothing with fewer', async () => {
    const { api, user } = setup();
    const input = await searchInput();

    await user.type(input, 'ab{Enter}');
    await sleep(450);
    expect(api.callsTo(searchContracts.search)).toHaveLength(0);

    await user.type(input, 'c');
    const enterAt = performance.now();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo(searchContracts.search)).toHaveLength(1));
    const call = api.callsTo(searchContracts.search)[0]!;
    expect(call.body).toEqual({ text: 'abc' });
    // At once, not after the 400 ms pause the last keystroke started.
    expect(call.at - enterAt).toBeLessThan(SEARCH_DEBOUNCE_MS - 100);
  });

  it('shows each marker as an icon with its tooltip, the formatted details, and clears on an empty query', async () => {
    const { user } = setup();
    const input = await searchInput();
    await user.type(input, 'sil{Enter}');

    const dep = await screen.findByRole('option', { name: /João Pereira/ });
    for (const label of ['Dependente', 'Magistrado', 'Falecido', 'Taxa sócio']) {
      expect(within(dep).getByRole('img', { name: label })).toBeInTheDocument();
    }
    expect(within(dep).queryByRole('img', { name: 'Aposentado' })).not.toBeInTheDocument();
    expect(dep).toHaveTextContent('111.444.777-35');
    expect(dep).toHaveTextContent('10/05/1970 (55 anos)');
    expect(dep).toHaveTextContent('04/03/2020');
    expect(dep).toHaveTextContent('001234-5');
    expect(within(dep).getByRole('img', { name: 'João Pereira' })).toHaveAttribute('src', '/api/v1/thumbs/2/abc123');

    const ret = screen.getByRole('option', { name: /Carlos Souza/ });
    expect(
      within(ret)
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Aposentado']);
    expect(ret).not.toHaveTextContent('Falec.');

    await user.hover(within(dep).getByRole('img', { name: 'Magistrado' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Magistrado');

    await user.clear(input);
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument());
  });

  it('opens a member on /associado with {cstId, parentId} (mouse or keyboard) and a third party on /terceiros', async () => {
    const { user, router, api } = setup(undefined, true);
    const input = await searchInput();
    await user.type(input, 'sil{Enter}');
    await user.click(await screen.findByRole('option', { name: /João Pereira/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/associado'));
    expect(router.state.location.state).toEqual({ cstId: 202, parentId: 101 });
    // A dependent opens its holder's record (101) with the dependent in view; the view recorded is the dependent's.
    // The click prefetches the record (one GET, taken by the screen), then the screen records the view.
    await waitFor(() => expect(api.callsTo(searchContracts.recordView, { cstId: 202 })).toHaveLength(1));
    expect(api.callsTo(memberContracts.get, { cstId: 101 })).toHaveLength(1);
    expect(input).toHaveValue('');

    await user.type(input, 'cli{Enter}');
    expect(await screen.findByRole('option', { name: /Clínica Boa Saúde/ })).toHaveTextContent('CNPJ 99.766.167/0001-25');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terceiros'));
    expect(router.state.location.state).toEqual({ terId: 9 });
  });

  // Issue 22 item 16: the focus stayed in the emptied search box, a whole menu of Tabs away from the record.
  it('moves the focus into the record opened with the keyboard: its title', async () => {
    const { user } = setup(undefined, true);
    const input = await searchInput();
    await user.type(input, 'car{Enter}');
    await screen.findByRole('option', { name: /Carlos Souza/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const title = await screen.findByRole('heading', { level: 1, name: 'Carlos Souza' });
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('shows an empty list when the search fails', async () => {
    const { user } = setup(() => ({ status: 500, body: { message: 'Falhou' } }));
    await user.type(await searchInput(), 'sil{Enter}');
    expect(await screen.findByText('Nenhum associado encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
