import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconMail } from '@tabler/icons-react';
import { memberContracts, memberMessages } from '@assoc/domain';
import { apiUrl, callApi } from '../../../app/client';
import { notifyError, notifySuccess } from '../../ui/notify';

/** The bond declaration's popup (spec 1 §9: 642 wide by 930 high). */
export const BOND_POPUP_FEATURES = 'width=642,height=930';

/**
 * 'Vínculo Associativo' (spec 1 §2): download opens the bond declaration (GET user/vinculo/{cstId}) in a
 * popup; e-mail sends it (GET user/emailvinculo/{cstId}). The items are enabled only when the member's
 * situation is 1 or 2 and its status M or V (`enabled`).
 */
export function BondMenu({ cstId, enabled }: { cstId: number; enabled: boolean }) {
  const download = () => window.open(apiUrl(memberContracts.bond, { params: { cstId } }), '_blank', BOND_POPUP_FEATURES);
  const email = () =>
    callApi(memberContracts.emailBond, { params: { cstId } }).then(
      () => notifySuccess(memberMessages.bondSent),
      (error: Error) => notifyError(error.message),
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
          Vínculo Associativo
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} disabled={!enabled} onClick={download}>
          Download
        </Menu.Item>
        <Menu.Item leftSection={<IconMail size={16} aria-hidden />} disabled={!enabled} onClick={() => void email()}>
          E-mail
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
