import { useState } from 'react';
import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FormModal } from './FormModal';

/** An outer form modal (a dependent) that opens an inner one (one of its services) from inside its form. */
function Nested({ saveOuter, saveInner }: { saveOuter: () => void; saveInner: () => void }) {
  const [inner, setInner] = useState(false);
  return (
    <FormModal opened title="Dependente" valid changed onSave={saveOuter} onClose={() => undefined}>
      <Button onClick={() => setInner(true)}>Adicionar serviço</Button>
      <FormModal
        opened={inner}
        title="Serviço"
        valid
        changed
        onSave={() => {
          saveInner();
          setInner(false);
        }}
        onClose={() => setInner(false)}
      >
        <p>campos do serviço</p>
      </FormModal>
    </FormModal>
  );
}

describe('form modal inside a form modal', () => {
  it("Ok of the inner modal saves only the inner one (its submit is not the outer form's)", async () => {
    const saveOuter = vi.fn();
    const saveInner = vi.fn();
    const { user } = renderWithProviders(<Nested saveOuter={saveOuter} saveInner={saveInner} />);
    await user.click(await screen.findByRole('button', { name: 'Adicionar serviço' }));
    const inner = await screen.findByRole('dialog', { name: 'Serviço' });
    await user.click(within(inner).getByRole('button', { name: 'Ok' }));
    expect(saveInner).toHaveBeenCalledTimes(1);
    expect(saveOuter).not.toHaveBeenCalled();

    await user.click(within(screen.getByRole('dialog', { name: 'Dependente' })).getByRole('button', { name: 'Ok' }));
    expect(saveOuter).toHaveBeenCalledTimes(1);
  });
});
