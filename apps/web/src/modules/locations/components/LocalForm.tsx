import { Grid, TextInput } from '@mantine/core';
import { locationLimits, type Local } from '@assoc/domain';
import type { AppForm } from '../../ui/form';
import { PhoneFields } from './PhoneFields';

/**
 * The Local modal (spec 3 §3, §5): name, building, two phones with extension and a fax; the
 * coordinators come from the levels above and are shown read-only.
 */
export function LocalForm({ form, row }: { form: AppForm; row?: Local }) {
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...form.textProps('locNome', locationLimits.locNome)} label="Local" withAsterisk data-autofocus />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...form.textProps('predioNome', locationLimits.predioNome)} label="Prédio" withAsterisk />
      </Grid.Col>
      {/* One line per phone. */}
      <Grid.Col span={12}>
        <Grid gap="sm">
          <PhoneFields
            form={form}
            ddd="locPhone1Ddd"
            number="locPhone1"
            extension="locPhone1Ext"
            label="Telefone 1"
            dddLabel="DDD 1"
            extensionLabel="Ramal 1"
          />
        </Grid>
      </Grid.Col>
      <Grid.Col span={12}>
        <Grid gap="sm">
          <PhoneFields
            form={form}
            ddd="locPhone2Ddd"
            number="locPhone2"
            extension="locPhone2Ext"
            label="Telefone 2"
            dddLabel="DDD 2"
            extensionLabel="Ramal 2"
          />
        </Grid>
      </Grid.Col>
      <Grid.Col span={12}>
        <Grid gap="sm">
          <PhoneFields form={form} ddd="locFaxDdd" number="locFax" label="Fax" dddLabel="DDD do fax" />
        </Grid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Coordenador titular" value={row?.titularName ?? ''} readOnly variant="filled" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Coordenador adjunto" value={row?.adjuntoName ?? ''} readOnly variant="filled" />
      </Grid.Col>
    </Grid>
  );
}
