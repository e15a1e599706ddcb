import { MantineProvider, NumberInput, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, DIMMED_TEXT, READ_ONLY_FIELD_CLASS, theme } from './theme';

const fieldOf = (label: string) => screen.getByLabelText(label).closest('.mantine-InputWrapper-root');

// Issue 22 item 22: a read-only field looked like one to type in. The theme marks text, number and date fields by
// their readOnly prop (accessibility.css draws the mark); a Select, which the theme cannot tell, marks itself.
describe('theme: read-only fields', () => {
  it('marks read-only text, number and date fields, not editable ones nor a Select that only offers options', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <TextInput label="Nome" readOnly value="Ana" onChange={() => {}} />
        <TextInput label="Apelido" />
        <NumberInput label="Valor" readOnly />
        <DateInput label="Nascimento" readOnly />
        <Select label="Cargo" data={['Presidente']} />
      </MantineProvider>,
    );
    expect(fieldOf('Nome')).toHaveClass(READ_ONLY_FIELD_CLASS);
    expect(fieldOf('Valor')).toHaveClass(READ_ONLY_FIELD_CLASS);
    expect(fieldOf('Nascimento')).toHaveClass(READ_ONLY_FIELD_CLASS);
    expect(fieldOf('Apelido')).not.toHaveClass(READ_ONLY_FIELD_CLASS);
    // A Select that is not searchable has a readonly input too: it is still a field to choose in.
    expect(screen.getByLabelText('Cargo')).toHaveAttribute('readonly');
    expect(fieldOf('Cargo')).not.toHaveClass(READ_ONLY_FIELD_CLASS);
  });

  // Issue 22 item 18: the file input's placeholder ("Selecione...") was gray-6, 3.3:1 on white.
  it('draws placeholders in the 5.6:1 grey', () => {
    expect(cssVariablesResolver(theme as never).light['--mantine-color-placeholder']).toBe(DIMMED_TEXT);
  });
});
