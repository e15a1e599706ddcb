import { Grid, Select, TextInput } from '@mantine/core';
import { locationLimits, type Circunscricao, type RajOption } from '@assoc/domain';
import type { AppForm } from '../../ui/form';
import { CoordinatorFields } from './CoordinatorFields';

interface CircunscricaoFormProps {
  form: AppForm;
  record?: Circunscricao;
  rajs: RajOption[];
}

/** The Circunscrição modal's fields (spec 3 §3, §5): name, regional, RAJ and coordinators. */
export function CircunscricaoForm({ form, record, rajs }: CircunscricaoFormProps) {
  const raj = form.values.cirRaj;
  return (
    <>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...form.textProps('cirNome', locationLimits.cirNome)} label="Nome" withAsterisk data-autofocus />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...form.textProps('cirRegional', locationLimits.cirRegional)} label="Regional" withAsterisk />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label="RAJ"
            placeholder="Selecione..."
            clearable
            searchable
            nothingFoundMessage="Nenhuma região"
            data={rajs.map((r) => ({ value: String(r.regionId), label: r.regionName }))}
            value={typeof raj === 'number' ? String(raj) : null}
            error={form.errorOf('cirRaj')}
            onChange={(value) => form.setValue('cirRaj', value ? Number(value) : null)}
          />
        </Grid.Col>
      </Grid>
      <CoordinatorFields form={form} titularName={record?.titularName} adjuntoName={record?.adjuntoName} />
    </>
  );
}
