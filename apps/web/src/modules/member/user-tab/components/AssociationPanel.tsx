import { useState } from 'react';
import { Button, Grid, Group, Select } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useUserTab } from '../userTabContext';
import { Changed } from './Changed';
import { CargosHistoryModal } from './CargosHistoryModal';
import { SectionFields } from './UserSection';

export const CARGO_FIELDS = ['custAssocCargo', 'custAssocCargo2', 'custAssocCargo3', 'custAssocCargo4'] as const;

export interface CargoOption {
  afcId: number;
  afcCargo: string;
}

/**
 * The association panel (spec 1 §2): Cargo 1 to 4 (options afcId/afcCargo; the schema refuses two equal ones:
 * 'Não podem exister dois cargos iguais!') and 'Histórico' opening 'Histórico de cargos'.
 */
export function AssociationPanel({ cargos }: { cargos: readonly CargoOption[] }) {
  const { form, cstId } = useUserTab();
  const [history, setHistory] = useState(false);
  const data = cargos.map((c) => ({ value: String(c.afcId), label: c.afcCargo }));
  return (
    <>
      <SectionFields>
        <Grid gap="sm">
          {CARGO_FIELDS.map((field, i) => {
            const value = form.values[field];
            const selected = value == null ? null : String(value);
            return (
              <Grid.Col key={field} span={{ base: 12, sm: 6, md: 3 }}>
                <Changed path={field}>
                  <Select
                    label={`Cargo ${i + 1}`}
                    placeholder="Selecione..."
                    data={data}
                    clearable
                    searchable
                    value={selected}
                    error={form.errorOf(field)}
                    onBlur={() => form.touch(field)}
                    onChange={(next) => {
                      form.setValue(field, next === null ? null : Number(next));
                      form.touch(field);
                    }}
                  />
                </Changed>
              </Grid.Col>
            );
          })}
        </Grid>
      </SectionFields>
      <Group justify="flex-end" mt="xs">
        <Button variant="default" size="xs" leftSection={<IconHistory size={16} />} disabled={cstId < 0} onClick={() => setHistory(true)}>
          Histórico
        </Button>
      </Group>
      {history ? <CargosHistoryModal cstId={cstId} onClose={() => setHistory(false)} /> : null}
    </>
  );
}
