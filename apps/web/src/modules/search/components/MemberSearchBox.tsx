import { Box, CloseButton, Combobox, TextInput, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PersonSummary } from '../../people/components/PersonSummary';
import { useOpenPerson } from '../../people/hooks/useOpenPerson';
import type { PersonSuggestion } from '../../people/types';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, useMemberSearch } from '../hooks/useMemberSearch';
import classes from './MemberSearchBox.module.css';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

const optionKey = (person: PersonSuggestion) => `${person.isTerceiro ? 't' : 'm'}-${person.cstId}`;

/**
 * Top-bar member search (spec 1 §2, spec 3 §2.3): suggestions after a 400 ms pause from 3
 * characters, Enter searches at once, arrows and Enter pick a suggestion, Escape closes the list.
 */
export function MemberSearchBox() {
  const search = useMemberSearch();
  const openPerson = useOpenPerson();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { results, loading, searched, text } = search;
  const hasTerm = search.term.length >= SEARCH_MIN_LENGTH;
  const showDropdown = hasTerm && (results.length > 0 || searched);

  const choose = (value: string) => {
    const person = results.find((p) => optionKey(p) === value);
    if (!person) return;
    combobox.closeDropdown();
    search.clear();
    openPerson(person);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} width="min(580px, calc(100vw - 24px))" position="bottom-start" shadow="md">
      <Combobox.Target>
        <TextInput
          w="100%"
          maw={460}
          aria-label="Pesquisar associado"
          placeholder="Pesquisar associado"
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={text}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            loading ? (
              <BusyIndicator size={16} label="Pesquisando" />
            ) : text ? (
              <CloseButton size="sm" aria-label="Limpar pesquisa" onMouseDown={(event) => event.preventDefault()} onClick={() => search.clear()} />
            ) : null
          }
          onChange={(event) => {
            search.setText(event.currentTarget.value);
            combobox.resetSelectedOption();
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter picks the highlighted suggestion (Combobox does that); without one it searches now.
            if (event.key !== 'Enter' || combobox.getSelectedOptionIndex() !== -1) return;
            event.preventDefault();
            if (search.searchNow()) combobox.openDropdown();
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!showDropdown} p={4}>
        {/* A scrolling region must be reachable by keyboard (axe scrollable-region-focusable); the mouse
            down keeps the focus in the search box so the list stays open while it scrolls. */}
        <Box mah={440} style={{ overflowY: 'auto' }} tabIndex={0} onMouseDown={(event) => event.preventDefault()}>
          <Combobox.Options aria-label="Resultados da pesquisa">
            {results.length === 0 ? (
              <Combobox.Empty>Nenhum associado encontrado</Combobox.Empty>
            ) : (
              results.map((person) => (
                <Combobox.Option key={optionKey(person)} value={optionKey(person)} py={8} className={classes.option}>
                  <PersonSummary person={person} withFlags withDeathDate />
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Box>
      </Combobox.Dropdown>
    </Combobox>
  );
}
