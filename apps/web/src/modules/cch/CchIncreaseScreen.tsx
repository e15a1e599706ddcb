import { Alert, Button, Center, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CCH_INCREASE_CONFIRMATION,
  cchContracts,
  cchIncreaseFieldOrder,
  cchIncreaseLabels,
  cchIncreaseSchema,
  cchIncreaseTexts,
  cchMessages,
  cchSessionKeys,
  formatDate,
  isCchIncreaseUnchanged,
  type CchCurrentValues,
  type CchValues,
} from '@assoc/domain';
import { isApiError } from '../../app/api';
import { callApi, queryKeyOf } from '../../app/client';
import { BusyIndicator } from '../ui/components/BusyIndicator';
import { useAppForm } from '../ui/form';
import { DateInput, MoneyInput } from '../ui/inputs';
import { notifyError, notifySuccess } from '../ui/notify';

const isSessions = (key: keyof CchValues) => (cchSessionKeys as readonly string[]).includes(key);
const valuesOf = (current: CchCurrentValues): CchValues => {
  const { dataBase: _ignored, ...values } = current;
  return values;
};

/** The failure text (spec 2 §8): the server's own message when it sent one, else 'Não foi possível realizar o aumento'. */
function failureOf(error: unknown): string {
  const body = isApiError(error) ? (error.body as { message?: unknown } | undefined) : undefined;
  return typeof body?.message === 'string' && body.message ? body.message : cchMessages.increaseFailed;
}

function IncreaseForm({ current, onDone }: { current: CchCurrentValues; onDone: (next: CchCurrentValues) => void }) {
  const previous = valuesOf(current);
  const [schema] = useState(() => cchIncreaseSchema({ lastDataBase: current.dataBase }));
  const form = useAppForm(schema, { ...previous, anteriores: previous, dataBase: '', confirm: '' });
  const [sending, setSending] = useState(false);
  const unchanged = isCchIncreaseUnchanged(form.values, previous);

  const submit = async () => {
    if (!form.showAllErrors() || unchanged) return;
    setSending(true);
    try {
      const reply = await callApi(cchContracts.increase, { body: form.parsed() });
      notifySuccess(cchMessages.increaseSuccess);
      onDone(reply.current);
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) notifyError(failureOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={3} spacing="sm" verticalSpacing="xs" style={{ alignItems: 'center' }}>
          <span />
          <Text fw={600} id="cch-current">
            {cchIncreaseTexts.current}
          </Text>
          <Text fw={600} id="cch-next">
            {cchIncreaseTexts.next}
          </Text>
          {cchIncreaseFieldOrder.map((key) => {
            const label = cchIncreaseLabels[key];
            const props = form.getInputProps(key);
            return [
              <Text key={`${key}-label`} size="sm" fw={500}>
                {label}
              </Text>,
              isSessions(key) ? (
                <NumberInput
                  key={`${key}-current`}
                  aria-label={`${label} - ${cchIncreaseTexts.current}`}
                  value={previous[key]}
                  readOnly
                  variant="filled"
                />
              ) : (
                <MoneyInput
                  key={`${key}-current`}
                  aria-label={`${label} - ${cchIncreaseTexts.current}`}
                  value={previous[key]}
                  onChange={() => undefined}
                  readOnly
                  variant="filled"
                />
              ),
              isSessions(key) ? (
                <NumberInput
                  key={`${key}-next`}
                  aria-label={`${label} - ${cchIncreaseTexts.next}`}
                  allowDecimal={false}
                  clampBehavior="none"
                  value={(props.value as number | null) ?? ''}
                  onChange={(value) => props.onChange(typeof value === 'number' ? value : null)}
                  onBlur={props.onBlur}
                  error={props.error}
                />
              ) : (
                <MoneyInput
                  key={`${key}-next`}
                  aria-label={`${label} - ${cchIncreaseTexts.next}`}
                  value={props.value as number | null}
                  onChange={props.onChange}
                  onBlur={props.onBlur}
                  error={props.error}
                />
              ),
            ];
          })}
        </SimpleGrid>
        {current.dataBase ? <Text size="sm" c="dimmed">{`Último aumento: ${formatDate(current.dataBase)}`}</Text> : null}
        <DateInput label={cchIncreaseTexts.dataBase} withAsterisk {...form.dateInputProps('dataBase')} />
        <TextInput
          label="Confirmação"
          description={`Digite ${CCH_INCREASE_CONFIRMATION} para confirmar`}
          withAsterisk
          autoComplete="off"
          {...form.textProps('confirm', 20)}
        />
        {unchanged ? (
          <Text size="sm" c="dimmed">
            {cchMessages.increaseUnchanged}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={!form.valid || unchanged} loading={sending}>
            {cchIncreaseTexts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /cchaumento (spec 2 §2.10, §4, §5, §8): the centred increase form, current values (read-only) beside the new ones,
 * the base date and the confirmation word; after a success the form starts over from the new current values.
 */
export function CchIncreaseScreen() {
  const queryClient = useQueryClient();
  const key = queryKeyOf(cchContracts.currentValues);
  const current = useQuery({ queryKey: key, queryFn: ({ signal }) => callApi(cchContracts.currentValues, undefined, { signal }) });
  const [generation, setGeneration] = useState(0);

  let content;
  if (current.isPending) content = <BusyIndicator label="Carregando valores" />;
  else if (current.isError)
    content = (
      <Alert color="red" role="alert">
        {current.error.message}
      </Alert>
    );
  else
    content = (
      <IncreaseForm
        key={generation}
        current={current.data}
        onDone={(next) => {
          queryClient.setQueryData(key, next);
          setGeneration((n) => n + 1);
        }}
      />
    );
  return (
    <Center>
      <Paper withBorder p="lg" radius="md" w="100%" maw={720}>
        {content}
      </Paper>
    </Center>
  );
}
