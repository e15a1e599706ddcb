import { Menu } from '@mantine/core';
import { IconHeartbeat, IconMailForward } from '@tabler/icons-react';
import { healthDeclarationContracts, healthDeclarationMessages } from '@assoc/domain';
import { apiUrl, callApi } from '../../app/client';
import { isApiError } from '../../app/api';
import { notifyError, notifySuccess } from '../ui/notify';

/** The declaration's popup (spec 1 §7: 642 wide by 930 high). */
export const HEALTH_DECLARATION_POPUP = 'width=642,height=930';

/**
 * The health declaration's items of the Extratos tab's 'Download/E-Mail' menu (spec 1 §7 `user/decsaude`,
 * `user/emailsaude`): the PDF of the chosen period in a 642x930 popup, and its e-mail ("Declaração de saúde enviada
 * com sucesso!").
 */
export function HealthDeclarationItems({
  cstId,
  period,
  canPrint,
  canEmail,
}: {
  cstId: number;
  period: number;
  canPrint: boolean;
  canEmail: boolean;
}) {
  const open = () => window.open(apiUrl(healthDeclarationContracts.pdf, { params: { cstId, period } }), '_blank', HEALTH_DECLARATION_POPUP);
  const email = () =>
    callApi(healthDeclarationContracts.email, { params: { cstId, fecID: period } }).then(
      (reply) => notifySuccess(reply.message || healthDeclarationMessages.sent),
      (error: unknown) => {
        if (isApiError(error) && error.status === 401) return;
        notifyError(isApiError(error) && error.message ? error.message : healthDeclarationMessages.failed);
      },
    );
  return (
    <>
      {canPrint && (
        <Menu.Item leftSection={<IconHeartbeat size={16} aria-hidden />} onClick={open}>
          Declaração de saúde
        </Menu.Item>
      )}
      {canEmail && (
        <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => void email()}>
          E-Mail declaração de saúde
        </Menu.Item>
      )}
    </>
  );
}
