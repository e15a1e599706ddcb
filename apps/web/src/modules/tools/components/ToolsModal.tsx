import { Alert, Anchor, Button, Group, Image, List, Modal, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandApple, IconBrandGooglePlay, IconCircleCheck, IconQrcode, IconWorldWww } from '@tabler/icons-react';
import { useTotpSetup } from '../hooks/useTotpSetup';

const GOOGLE_PLAY = 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2';
const APP_STORE = 'https://apps.apple.com/app/google-authenticator/id388497605';

/** Ferramentas (spec 3 §2.4), tab Acesso externo: set up the authenticator asked for at sign-in from outside (decision 3). */
export function ToolsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const setup = useTotpSetup();
  const close = () => {
    setup.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Ferramentas" size="lg" withCloseButton={false}>
      <Stack>
        <Tabs defaultValue="acesso-externo">
          <Tabs.List>
            <Tabs.Tab value="acesso-externo" leftSection={<IconWorldWww size={16} aria-hidden />}>
              Acesso externo
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="acesso-externo" pt="md">
            <Stack gap="md">
              <Text size="sm">
                Fora da rede da associação, o sistema pede um código de acesso gerado pelo aplicativo autenticador do seu celular.
              </Text>
              <List size="sm" type="ordered" spacing={4}>
                <List.Item>Instale o Google Authenticator pelo link da sua loja de aplicativos.</List.Item>
                <List.Item>Clique em Gerar Código e leia o QR code com o aplicativo.</List.Item>
                <List.Item>Informe sua senha atual, digite o código de 6 dígitos que o aplicativo mostra e clique em Confirmar.</List.Item>
              </List>
              <Group gap="lg">
                <Anchor href={GOOGLE_PLAY} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={6} wrap="nowrap">
                    <IconBrandGooglePlay size={18} aria-hidden />
                    Google Authenticator no Google Play
                  </Group>
                </Anchor>
                <Anchor href={APP_STORE} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={6} wrap="nowrap">
                    <IconBrandApple size={18} aria-hidden />
                    Google Authenticator na App Store
                  </Group>
                </Anchor>
              </Group>

              <Group>
                <Button leftSection={<IconQrcode size={18} aria-hidden />} onClick={setup.generate} loading={setup.generating}>
                  Gerar Código
                </Button>
              </Group>

              {setup.generateError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {setup.generateError}
                </Alert>
              )}

              {setup.imageUrl && !setup.confirmedMessage && (
                <Group align="flex-start" wrap="nowrap" gap="lg">
                  <Image src={setup.imageUrl} alt="QR code para o aplicativo autenticador" w={200} h={200} fit="contain" />
                  <Stack gap="xs" style={{ flex: 1 }}>
                    <Text size="sm">
                      O novo código só passa a valer depois da confirmação; até lá nada muda no seu acesso. Ao confirmar, as suas outras sessões
                      abertas são encerradas.
                    </Text>
                    <PasswordInput
                      label="Senha atual"
                      autoComplete="current-password"
                      value={setup.password}
                      onChange={(event) => setup.setPassword(event.currentTarget.value)}
                      error={setup.errors.password}
                    />
                    {setup.hasAuthenticator && (
                      <TextInput
                        label="Código atual do autenticador"
                        description="O código que o aplicativo mostra para o autenticador em uso hoje."
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={6}
                        value={setup.currentCode}
                        onChange={(event) => setup.setCurrentCode(event.currentTarget.value)}
                        error={setup.errors.currentCode}
                      />
                    )}
                    <TextInput
                      label={setup.hasAuthenticator ? 'Código do novo autenticador' : 'Código do aplicativo'}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      value={setup.code}
                      onChange={(event) => setup.setCode(event.currentTarget.value)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') setup.handleConfirm();
                      }}
                      error={setup.errors.code}
                    />
                    <Button variant="light" onClick={setup.handleConfirm} loading={setup.confirming}>
                      Confirmar
                    </Button>
                  </Stack>
                </Group>
              )}

              {setup.confirmedMessage && (
                <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
                  {setup.confirmedMessage}
                </Alert>
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
