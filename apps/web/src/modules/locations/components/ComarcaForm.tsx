import { TextInput } from '@mantine/core';
import { locationLimits, type Comarca } from '@assoc/domain';
import type { AppForm } from '../../ui/form';
import { CoordinatorFields } from './CoordinatorFields';

/** The Comarca modal's fields (spec 3 §3, §5): name and coordinators. */
export function ComarcaForm({ form, record }: { form: AppForm; record?: Comarca }) {
  return (
    <>
      <TextInput {...form.textProps('comNome', locationLimits.comNome)} label="Nome" withAsterisk data-autofocus />
      <CoordinatorFields form={form} titularName={record?.titularName} adjuntoName={record?.adjuntoName} />
    </>
  );
}
