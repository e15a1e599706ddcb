import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type AvatarProps,
  type CloseButtonProps,
  type CSSVariablesResolver,
  type InputClearButtonProps,
  type MantineThemeComponent,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type PasswordInputProps,
  type SelectProps,
  type VariantColorsResolver,
} from '@mantine/core';
import type { CalendarHeaderProps, CalendarProps } from '@mantine/dates';

/**
 * A component's theme entry, as `Component.extend` would type it, without importing the component: the theme
 * is in the sign-in page's bundle, and Menu, Modal, Calendar… are not (issue 12: /login ≤ 150 KB).
 */
const themed = <Props>(entry: Omit<MantineThemeComponent, 'defaultProps'> & { defaultProps?: Partial<Props> }) => entry as MantineThemeComponent;

/** The mark of a read-only field's wrapper; accessibility.css draws it (a grey box, no list arrow). */
export const READ_ONLY_FIELD_CLASS = 'app-read-only';

/**
 * Read-only fields look read-only (issue 22): the theme marks text, number and date fields by their readOnly prop.
 * A Select cannot be told apart here (Mantine hands the theme its inner input, read-only whenever it is not
 * searchable), so a read-only Select sets `className={READ_ONLY_FIELD_CLASS}` itself.
 */
const readOnlyLook = themed<{ readOnly?: boolean }>({
  classNames: (_theme: unknown, props: { readOnly?: boolean }) => (props.readOnly ? { root: READ_ONLY_FIELD_CLASS } : {}),
});

/** Colours whose light variant (shade 9 on shade 1: badges, light buttons) stays under 4.5:1. */
const WEAK_LIGHT_COLORS = new Set(['green', 'lime', 'orange', 'teal', 'yellow', 'cyan', 'red', 'gray']);

/** Mantine's variant colours, with the text of the weak light variants darkened to 4.5:1 or more. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color || !WEAK_LIGHT_COLORS.has(parsed.color)) return colors;
  const text = darken(input.theme.colors[parsed.color]![9], 0.3);
  return { ...colors, color: text, hoverColor: text };
};

/**
 * Accessibility lives here, once (issue 9): every icon-only button Mantine draws (close "×", clear,
 * calendar previous/next, pagination arrows) gets a pt-BR name through the components' default
 * props, and the colours keep text at 4.5:1 or more (WCAG 2.1 AA).
 */
export const theme = createTheme({
  // Who asks their system for less motion gets no transitions (modals, menus, collapses appear at once); the E2E
  // asks for it too, so a measure or an axe check never lands mid-fade.
  respectReducedMotion: true,
  primaryColor: 'indigo',
  // indigo-6 under white text is 4.32:1 ("ENTRAR"); indigo-8 is 5.7:1.
  // Shade 8 also keeps red buttons and red/indigo text (Sair, Apagar) at 4.5:1 or more.
  primaryShade: { light: 8, dark: 8 },
  // Filled colours (green, yellow badges…) choose black or white text by their luminance.
  autoContrast: true,
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Tooltip: { defaultProps: { withArrow: true, openDelay: 150 } },
    // Initials colours whose light variant (shade 9 on shade 1) reaches 4.5:1; lime, yellow, orange… do not.
    Avatar: themed<AvatarProps>({ defaultProps: { allowedInitialsColors: ['blue', 'cyan', 'grape', 'indigo', 'pink', 'violet'] } }),
    Modal: themed<ModalProps>({ defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Fechar' } } }),
    // Modal, Drawer, Notification and Popover close buttons all render CloseButton.
    CloseButton: themed<CloseButtonProps>({ defaultProps: { 'aria-label': 'Fechar' } as Partial<CloseButtonProps> }),
    // Mantine's initial-focus placeholder (a focusable role="presentation" div) is not allowed inside role="menu".
    Menu: themed<MenuProps>({ defaultProps: { withInitialFocusPlaceholder: false } }),
    TextInput: readOnlyLook,
    Textarea: readOnlyLook,
    NumberInput: readOnlyLook,
    // Mantine keeps every closed Select's dropdown in the DOM (display: none) and positions each one with
    // floating-ui when it mounts: a forced layout per Select (the member screen's Usuário tab has 14). Mounting
    // the dropdown only while open costs nothing visible; aria-controls is only set while open anyway.
    Select: themed<SelectProps>({ defaultProps: { comboboxProps: { keepMounted: false } } }),
    DateInput: readOnlyLook,
    InputClearButton: themed<InputClearButtonProps>({ defaultProps: { 'aria-label': 'Limpar' } }),
    Notification: themed<NotificationProps>({ defaultProps: { closeButtonProps: { 'aria-label': 'Fechar notificação' } } }),
    PasswordInput: themed<PasswordInputProps>({
      ...readOnlyLook,
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar a senha' } },
    }),
    Pagination: themed<PaginationProps>({
      defaultProps: {
        getControlProps: (control) =>
          ({
            first: { 'aria-label': 'Primeira página' },
            previous: { 'aria-label': 'Página anterior' },
            next: { 'aria-label': 'Próxima página' },
            last: { 'aria-label': 'Última página' },
          })[control],
      },
    }),
    Calendar: themed<CalendarProps>({
      defaultProps: {
        // No name for the month and year buttons: their visible text ("dezembro 2030") names them (WCAG 2.5.3).
        ariaLabels: {
          previousMonth: 'Mês anterior',
          nextMonth: 'Próximo mês',
          previousYear: 'Ano anterior',
          nextYear: 'Próximo ano',
          previousDecade: 'Década anterior',
          nextDecade: 'Próxima década',
        },
      },
    }),
    // Any calendar header drawn outside Calendar (pickers) still gets names.
    CalendarHeader: themed<CalendarHeaderProps>({ defaultProps: { previousLabel: 'Anterior', nextLabel: 'Próximo' } }),
    // Phones: a long option ("Pessoa jurídica (CNPJ)") wraps instead of being cut with an ellipsis.
    SegmentedControl: themed({
      styles: { label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } },
    }),
    // Long menu labels (job names) wrap between words instead of being cut.
    NavLink: themed({
      styles: { body: { overflow: 'visible', whiteSpace: 'normal' }, label: { overflowWrap: 'break-word' } },
    }),
  },
});

/** Mantine's dimmed grey (#868e96) is 3.3:1 on white; this one is 5.6:1 on white and 5.3:1 on gray-0. */
export const DIMMED_TEXT = '#5f666e';

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    // red-6 error text is 3.3:1; red-9 is 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // gray-6 placeholders are 3.3:1 (a file input's "Selecione o arquivo" is text the user reads): 5.6:1.
    '--mantine-color-placeholder': DIMMED_TEXT,
  },
  dark: {},
});
