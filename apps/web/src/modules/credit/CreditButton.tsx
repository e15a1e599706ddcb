import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useCurrentSession } from '../../app/session/SessionContext';
import { CreditModal } from './CreditModal';

/** The dialog with the signed-in user as its first user (read only once opened). */
function SignedInCreditModal({ cstId, onClose }: { cstId: number; onClose: () => void }) {
  const session = useCurrentSession();
  return <CreditModal cstId={cstId} cpf={session.cpf} onClose={onClose} />;
}

/** The Cobranças tab's "Lançar crédito" button (spec 1 §2) and its "Adicionar crédito" dialog (spec 2 §2.5). */
export function CreditButton({ cstId, disabled }: { cstId: number; disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconCoin size={16} aria-hidden />} disabled={disabled || cstId <= 0} onClick={() => setOpened(true)}>
        Lançar crédito
      </Button>
      {opened ? <SignedInCreditModal cstId={cstId} onClose={() => setOpened(false)} /> : null}
    </>
  );
}
