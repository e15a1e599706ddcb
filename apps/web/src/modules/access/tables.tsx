import { Badge, Button, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accessAdminContracts, formatCpf, profileFormSchema, userFormSchema, type ProfileRecord, type UserRecord } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { notifyError, notifySuccess } from '../ui/notify';
import type { CrudFormContext, CrudTableProps } from '../ui/crud/CrudTable';
import { crudFailureMessage, type CrudCalls } from '../ui/crud/useCrudResource';
import type { AppForm } from '../ui/form';
import { RolePicker } from './components/RolePicker';

const yesNo = (v: boolean) => (v ? 'SIM' : 'NÃO');
const text = (v: unknown) => (v == null ? '' : String(v));
const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
/**
 * Free text that may wrap anywhere (an e-mail is one long word): the table then fits 1280 px, its
 * columns shrinking to the window instead of pushing Ativo and Ações off screen.
 */
const wrapping = (value: string | null | undefined, anywhere = false) => (
  <Text size="sm" style={anywhere ? { overflowWrap: 'anywhere' } : undefined}>
    {value ?? ''}
  </Text>
);
const c = accessAdminContracts;
const profileCalls: CrudCalls = {
  list: { contract: c.listProfiles },
  add: { contract: c.addProfile },
  update: (permId) => ({ contract: c.updateProfile, params: { permId } }),
  remove: (permId) => ({ contract: c.removeProfile, params: { permId } }),
};
/** Users are deactivated, never deleted (the table offers no delete). */
const userCalls: CrudCalls = {
  list: { contract: c.listUsers },
  add: { contract: c.addUser },
  update: (userId) => ({ contract: c.updateUser, params: { userId } }),
  remove: () => {
    throw new Error('usuários não são apagados');
  },
};
const count = (n: number) => (n === 0 ? '—' : n === 1 ? '1 papel' : `${n} papéis`);

/** The profile form: name, description and the roles picked from the catalogue. */
export function ProfileForm({ form }: { form: AppForm }) {
  return (
    <Stack gap="sm">
      <TextInput label="Nome" withAsterisk data-autofocus {...form.textProps('name', 64)} />
      <Textarea label="Descrição" autosize minRows={2} {...form.textProps('description', 200)} />
      <RolePicker
        label="Papéis"
        value={list(form.values.roles)}
        error={form.errorOf('roles')}
        onBlur={() => form.touch('roles')}
        onChange={(roles) => form.setValue('roles', roles)}
      />
    </Stack>
  );
}

export const profilesTable: CrudTableProps<ProfileRecord> = {
  calls: profileCalls,
  keyField: 'permId',
  schema: profileFormSchema,
  modalTitle: 'Perfil',
  modalSize: 'lg',
  newValues: () => ({ name: '', description: '', roles: [] }),
  toValues: (row) => ({ name: row.name, description: row.description, roles: row.roles }),
  columns: [
    { accessor: 'name', title: 'Nome' },
    { accessor: 'description', title: 'Descrição' },
    {
      accessor: 'roles',
      title: 'Papéis',
      text: (row) => row.roles.join(', '),
      sortValue: (row) => row.roles.length,
      render: (row) => `${row.roles.length} papel(éis)`,
    },
    { accessor: 'userCount', title: 'Usuários', sortValue: (row) => row.userCount, textAlign: 'right' },
  ],
  renderForm: ({ form }) => <ProfileForm form={form} />,
};

function ClearAuthenticatorButton({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  return (
    <Button
      variant="light"
      color="orange"
      size="xs"
      onClick={() => {
        callApi(c.clearAuthenticator, { params: { userId } })
          .then(async () => {
            notifySuccess('Autenticador removido');
            await queryClient.invalidateQueries({ queryKey: queryKeyOf(c.listUsers) });
          })
          .catch((error: unknown) => notifyError(crudFailureMessage(error)));
      }}
    >
      Limpar autenticador
    </Button>
  );
}

/** The user form: CPF, name, e-mail, profile, extra roles, external access and active (SIM/NÃO). */
export function UserForm({ form, mode, row }: CrudFormContext<UserRecord>) {
  const profiles = useQuery({ queryKey: queryKeyOf(c.listProfiles), queryFn: ({ signal }) => callApi(c.listProfiles, {}, { signal }) });
  const field = (name: string, label: string, maxLength: number, onBlur?: () => void) => {
    const props = form.textProps(name, maxLength);
    return (
      <TextInput
        label={label}
        withAsterisk
        {...props}
        onBlur={() => {
          onBlur?.();
          props.onBlur();
        }}
      />
    );
  };
  return (
    <Stack gap="sm">
      {/* Shown 000.000.000-00 (formatted again on leaving the field); sent as digits by the schema. */}
      {field('cpf', 'CPF', 14, () => form.setValue('cpf', formatCpf(text(form.values.cpf))))}
      {field('name', 'Nome', 64)}
      {field('email', 'E-mail', 120)}
      <Select
        label="Perfil"
        withAsterisk
        placeholder="Selecione..."
        allowDeselect={false}
        searchable
        data={(profiles.data ?? []).map((p) => ({ value: String(p.permId), label: p.name }))}
        value={form.values.permId ? String(form.values.permId) : null}
        error={form.errorOf('permId')}
        onBlur={() => form.touch('permId')}
        onChange={(v) => form.setValue('permId', v ? Number(v) : null)}
      />
      <RolePicker
        label="Papéis extras"
        value={list(form.values.extraRoles)}
        error={form.errorOf('extraRoles')}
        onChange={(roles) => form.setValue('extraRoles', roles)}
      />
      <Switch
        label="Acesso externo"
        onLabel="SIM"
        offLabel="NÃO"
        size="lg"
        checked={form.values.fnAllowExternal === true}
        onChange={(e) => form.setValue('fnAllowExternal', e.currentTarget.checked)}
      />
      <Switch
        label="Ativo"
        onLabel="SIM"
        offLabel="NÃO"
        size="lg"
        checked={form.values.active === true}
        onChange={(e) => form.setValue('active', e.currentTarget.checked)}
      />
      {mode === 'edit' && row?.hasAuthenticator ? <ClearAuthenticatorButton userId={row.userId} /> : null}
    </Stack>
  );
}

export const usersTable: CrudTableProps<UserRecord> = {
  calls: userCalls,
  keyField: 'userId',
  schema: userFormSchema,
  modalTitle: 'Usuário',
  modalSize: 'lg',
  allowDelete: false,
  newValues: () => ({ cpf: '', name: '', email: '', permId: null, extraRoles: [], fnAllowExternal: false, active: true }),
  toValues: (row) => ({
    cpf: formatCpf(row.cpf),
    name: row.name,
    email: row.email ?? '',
    permId: row.permId,
    extraRoles: row.extraRoles,
    fnAllowExternal: row.fnAllowExternal,
    active: row.active,
  }),
  columns: [
    // Fixed widths for the short columns and wrapping text for the others keep Ativo and Ações on
    // screen at 1280 px; the CPF never wraps.
    {
      accessor: 'cpf',
      title: 'CPF',
      width: 130,
      text: (row) => formatCpf(row.cpf),
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatCpf(row.cpf)}
        </Text>
      ),
    },
    { accessor: 'name', title: 'Nome', render: (row) => wrapping(row.name) },
    { accessor: 'email', title: 'E-mail', render: (row) => wrapping(row.email, true) },
    { accessor: 'profileName', title: 'Perfil', render: (row) => wrapping(row.profileName) },
    // The filter still finds a user by an extra role's name.
    {
      accessor: 'extraRoles',
      title: 'Extras',
      width: 85,
      text: (row) => row.extraRoles.join(', '),
      sortValue: (row) => row.extraRoles.length,
      render: (row) => (
        <Text size="sm" title={row.extraRoles.join(', ') || undefined}>
          {count(row.extraRoles.length)}
        </Text>
      ),
    },
    { accessor: 'fnAllowExternal', title: 'Externo', width: 90, text: (row) => yesNo(row.fnAllowExternal) },
    { accessor: 'hasAuthenticator', title: 'Autenticador', width: 125, text: (row) => yesNo(row.hasAuthenticator) },
    {
      accessor: 'active',
      title: 'Ativo',
      width: 80,
      text: (row) => yesNo(row.active),
      render: (row) => (
        <Badge color={row.active ? 'green' : 'gray'} variant="light">
          {yesNo(row.active)}
        </Badge>
      ),
    },
  ],
  renderForm: (context) => <UserForm {...context} />,
};
