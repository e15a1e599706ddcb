import { authContracts, menuContracts, extratoGroupContracts, serviceContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sampleService as service, sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from '../../ui/crud/sessionMarks';

afterEach(() => sessionMarks.clear());

describe('/servico', () => {
  it('shows the services only after a product is chosen; a new supplier choice clears the product', async () => {
    const api = mockApi([
      mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menucad', 'v2menucadservicos']) }),
      mockContract(menuContracts.tree, { body: [] }),
      mockContract(extratoGroupContracts.list, { body: [] }),
      mockContract(serviceContracts.listSuppliers, {
        body: [
          { supId: 1, supName: 'Unimed Cooperativa Médica', version: 1 },
          { supId: 2, supName: 'Seguradora Mútua', version: 1 },
        ],
      }),
      mockContract(
        serviceContracts.listProducts,
        { body: [{ sucId: 11, supId: 1, sucName: 'Plano de saúde Unimed', sucHealth: true, sucMudaFaixa: true, version: 1 }] },
        { params: { supId: 1 } },
      ),
      mockContract(serviceContracts.listProducts, { body: [] }, { params: { supId: 2 } }),
      mockContract(serviceContracts.listServices, { body: [service] }, { params: { sucId: 11 } }),
    ]);
    const { user } = renderApp('/servico');

    const supplier = await screen.findByLabelText('Fornecedor', { selector: 'input' }, { timeout: 5000 });
    expect(screen.getByLabelText('Produto', { selector: 'input' })).toBeDisabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Escolha o fornecedor e o produto para ver os serviços.')).toBeInTheDocument();

    await user.click(supplier);
    await user.click(await screen.findByRole('option', { name: 'Unimed Cooperativa Médica' }));
    await waitFor(() => expect(api.callsTo(serviceContracts.listProducts, { supId: 1 })).toHaveLength(1));
    // A supplier alone does not load the services.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.callsTo(serviceContracts.listServices, { sucId: 11 })).toHaveLength(0);

    const product = screen.getByLabelText('Produto', { selector: 'input' });
    await waitFor(() => expect(product).toBeEnabled());
    await user.click(product);
    await user.click(await screen.findByRole('option', { name: 'Plano de saúde Unimed' }));
    const row = (await screen.findByText('Titular 19 a 58 anos')).closest('tr')!;
    expect(within(row).getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(within(row).getByText('2,50 %')).toBeInTheDocument();
    expect(within(row).getByText('Fixo')).toBeInTheDocument();

    await user.click(supplier);
    await user.click(await screen.findByRole('option', { name: 'Seguradora Mútua' }));
    await waitFor(() => expect(screen.queryByText('Titular 19 a 58 anos')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Produto', { selector: 'input' })).toHaveValue('');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
