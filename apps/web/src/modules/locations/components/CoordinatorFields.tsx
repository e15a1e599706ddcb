import { Grid } from '@mantine/core';
import type { AppForm } from '../../ui/form';
import { CoordinatorSelect } from './CoordinatorSelect';

interface CoordinatorFieldsProps {
  form: AppForm;
  /** The saved names (edit mode). */
  titularName?: string | null;
  adjuntoName?: string | null;
}

const id = (value: unknown) => (typeof value === 'number' ? value : null);

/** Coordenador titular and Coordenador adjunto of a circunscrição, comarca or fórum. */
export function CoordinatorFields({ form, titularName, adjuntoName }: CoordinatorFieldsProps) {
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <CoordinatorSelect
          label="Coordenador titular"
          value={id(form.values.corTitular)}
          currentName={titularName}
          error={form.errorOf('corTitular')}
          onChange={(cstId) => form.setValue('corTitular', cstId)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <CoordinatorSelect
          label="Coordenador adjunto"
          value={id(form.values.corAdjunto)}
          currentName={adjuntoName}
          error={form.errorOf('corAdjunto')}
          onChange={(cstId) => form.setValue('corAdjunto', cstId)}
        />
      </Grid.Col>
    </Grid>
  );
}
