import { useEffect, useRef, useState } from 'react';
import { Checkbox, Tabs, Text, Tooltip } from '@mantine/core';
import { useUserTab, useSectionEditable } from '../userTabContext';
import type { MapAddress } from '../../../maps';
import { AddressFields } from './AddressFields';
import { Changed } from './Changed';
import classes from '../UserTab.module.css';

/** The three addresses (spec 1 §3): enderecoSelected 1 residential, 2 commercial, 3 forum. */
export const addressTabs = [
  { kind: 1, key: 'residencial', path: 'enderecoResidencial', title: 'Residencial' },
  { kind: 2, key: 'comercial', path: 'enderecoComercial', title: 'Comercial' },
  { kind: 3, key: 'forum', path: 'enderecoForum', title: 'Fórum' },
] as const;

interface AddressBlockProps {
  canPrintLabel: boolean;
  canOpenMap: boolean;
  onPrintLabel: (kind: number, type: number) => void;
  onOpenMap: (address: MapAddress) => void;
}

/**
 * The address block (spec 1 §2): sub-tabs Residencial, Comercial and, for an active magistrate (status M,
 * situation 1), Fórum; each title followed by its default-address checkbox ('Selecionar como endereço padrão' /
 * 'Endereço padrão'). The checkbox sits beside the tab button, not inside it (a control inside a tab is not
 * reachable by assistive technology).
 */
export function AddressBlock({ canPrintLabel, canOpenMap, onPrintLabel, onOpenMap }: AddressBlockProps) {
  const { form } = useUserTab();
  const editable = useSectionEditable();
  const magistrate = form.values.custStatus === 'M' && Number(form.values.custAssocSituacao) === 1;
  const kinds = addressTabs.filter((a) => a.kind !== 3 || magistrate);
  const [active, setActive] = useState<string>('residencial');
  const selected = Number(form.values.enderecoSelected) || 0;

  // Spec 1 §2: the sub-tab returns to the first when the member becomes a magistrate (and when Fórum goes away).
  const wasMagistrate = useRef(magistrate);
  useEffect(() => {
    if (magistrate !== wasMagistrate.current) setActive('residencial');
    wasMagistrate.current = magistrate;
  }, [magistrate]);
  const current = kinds.some((k) => k.key === active) ? active : 'residencial';
  const selectedError = form.errorOf('enderecoSelected');

  return (
    <Tabs value={current} onChange={(value) => value && setActive(value)} keepMounted={false}>
      <div className={classes.addressTabs}>
        <Tabs.List className={classes.addressTabList}>
          {kinds.map((a, i) => (
            <Tabs.Tab key={a.key} value={a.key} style={{ order: i * 2 }}>
              {a.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {kinds.map((a, i) => {
          const isDefault = selected === a.kind;
          return (
            <div key={a.key} style={{ order: i * 2 + 1 }} className={classes.defaultCheckbox}>
              <Changed path="enderecoSelected">
                <Tooltip label={isDefault ? 'Endereço padrão' : 'Selecionar como endereço padrão'}>
                  <Checkbox
                    size="xs"
                    aria-label={`${a.title}: ${isDefault ? 'endereço padrão' : 'selecionar como endereço padrão'}`}
                    checked={isDefault}
                    disabled={!editable}
                    onChange={() => {
                      if (isDefault) return;
                      form.setValue('enderecoSelected', a.kind);
                      // Its zip is now required ('Endereço obrigatório'): shown at once.
                      form.touch(`${a.path}.adZipcode`);
                    }}
                  />
                </Tooltip>
              </Changed>
            </div>
          );
        })}
      </div>
      {selectedError ? (
        <Text c="red.8" size="sm" mt={4} role="alert">
          {selectedError}
        </Text>
      ) : null}
      {kinds.map((a) => (
        <Tabs.Panel key={a.key} value={a.key} pt="sm">
          <AddressFields
            key={a.path}
            path={a.path}
            canPrintLabel={canPrintLabel}
            canOpenMap={canOpenMap}
            onPrintLabel={(type) => onPrintLabel(a.kind, type)}
            onOpenMap={onOpenMap}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
