import { CloseButton, Combobox, TextInput, useCombobox } from '@mantine/core';
import { forwardRef } from 'react';
import { PersonSummary } from '../people/components/PersonSummary';
import { SEARCH_MAX_LENGTH, useMemberSearch } from '../search/hooks/useMemberSearch';
import { BusyIndicator } from '../ui/components/BusyIndicator';

export interface PickedMember {
  cstId: number;
  label: string;
}

export interface MemberPickerProps {
  label: string;
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  /** Holders only (the service does not allow dependents). */
  onlyTitular: boolean;
}

/**
 * A member chosen through the app's member search (the top bar's POST search, same pause and minimum): third parties
 * never, dependents only when the service allows them. Once picked the box shows the name; typing again clears it.
 */
export const MemberPicker = forwardRef<HTMLInputElement, MemberPickerProps>(function MemberPicker({ label, value, onChange, onlyTitular }, ref) {
  const search = useMemberSearch();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const results = search.results.filter((p) => !p.isTerceiro && (!onlyTitular || p.parentId === null));
  const showDropdown = value === null && search.term.length > 0 && (results.length > 0 || search.searched);

  const choose = (id: string) => {
    const person = results.find((p) => String(p.cstId) === id);
    if (!person) return;
    combobox.closeDropdown();
    search.clear();
    onChange({ cstId: person.cstId, label: person.custName });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} width="min(520px, calc(100vw - 24px))" position="bottom-start" shadow="md">
      <Combobox.Target>
        <TextInput
          ref={ref}
          aria-label={label}
          placeholder="Pesquisar associado"
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={value ? value.label : search.text}
          rightSection={
            search.loading ? (
              <BusyIndicator size={14} label="Pesquisando" />
            ) : value || search.text ? (
              <CloseButton
                size="sm"
                aria-label={`Limpar ${label.toLowerCase()}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  search.clear();
                  if (value) onChange(null);
                }}
              />
            ) : null
          }
          onChange={(event) => {
            if (value) onChange(null);
            search.setText(event.currentTarget.value);
            combobox.resetSelectedOption();
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || combobox.getSelectedOptionIndex() !== -1) return;
            event.preventDefault();
            if (search.searchNow()) combobox.openDropdown();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!showDropdown} p={4}>
        <Combobox.Options aria-label={`Resultados: ${label.toLowerCase()}`} mah={360} style={{ overflowY: 'auto' }}>
          {results.length === 0 ? (
            <Combobox.Empty>Nenhum associado encontrado</Combobox.Empty>
          ) : (
            results.map((person) => (
              <Combobox.Option key={person.cstId} value={String(person.cstId)} py={6}>
                <PersonSummary person={person} />
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
});
