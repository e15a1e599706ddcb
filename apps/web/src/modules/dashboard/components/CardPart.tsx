import { useId } from 'react';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Table, Text, Title } from '@mantine/core';
import { formatCents, type DashboardCardPart } from '@assoc/domain';
import { useVisibleOnce } from '../../ui/hooks/useVisibleOnce';
import classes from './CardPart.module.css';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6', 'yellow.7', 'gray.6'];
const count = new Intl.NumberFormat('pt-BR');

/** A number as the card shows it: R$ 1.234,56 for money (cents), 1.234 for a count. */
export const formatValue = (value: number, unit: DashboardCardPart['unit']) => (unit === 'money' ? formatCents(value) : count.format(value));

/** The height each kind of chart draws at: its place is kept while it is not drawn yet. */
const DONUT_SIZE = 150;
const BAR_HEIGHT = 200;

/**
 * One chart of a card, and its text alternative: the same numbers in a table under 'Ver dados' (a native disclosure:
 * keyboard and screen readers reach it; the chart itself is an image labelled by its title). The chart is drawn when
 * it nears the viewport (issue 30: drawing every chart at sign-in held the Painel's first render back), in its place.
 */
export function CardPart({ part }: { part: DashboardCardPart }) {
  const titleId = useId();
  const [chartRef, drawn] = useVisibleOnce<HTMLDivElement>();
  const format = (value: number) => formatValue(value, part.unit);
  const empty = part.rows.length === 0 || part.rows.every((r) => r.values.every((v) => v === 0));
  return (
    <Box>
      <Title order={3} size="h6" id={titleId} mb={4}>
        {part.title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          Nenhum dado no período
        </Text>
      ) : (
        <div
          ref={chartRef}
          role="img"
          aria-labelledby={titleId}
          className={classes.chart}
          style={{ minHeight: part.chart === 'donut' ? DONUT_SIZE : BAR_HEIGHT }}
        >
          {!drawn ? null : part.chart === 'donut' ? (
            <DonutChart
              size={DONUT_SIZE}
              thickness={24}
              withLabelsLine={false}
              valueFormatter={format}
              tooltipDataSource="segment"
              pieChartProps={{ accessibilityLayer: false }}
              data={part.rows
                .filter((r) => r.values[0]! > 0)
                .map((r, i) => ({ name: r.label, value: r.values[0]!, color: COLORS[i % COLORS.length]! }))}
            />
          ) : (
            <BarChart
              h={BAR_HEIGHT}
              data={part.rows.map((r) => Object.fromEntries([['label', r.label], ...part.series.map((s, i) => [s, r.values[i] ?? 0])]))}
              dataKey="label"
              type={part.chart === 'stacked' ? 'stacked' : 'default'}
              series={part.series.map((name, i) => ({ name, color: COLORS[i % COLORS.length]! }))}
              valueFormatter={format}
              withLegend={part.series.length > 1}
              tickLine="y"
              yAxisProps={part.unit === 'money' ? { width: 110 } : undefined}
              barChartProps={{ accessibilityLayer: false }}
            />
          )}
        </div>
      )}
      {part.rows.length > 0 ? (
        <details className={classes.data}>
          <summary>Ver dados</summary>
          <Table fz="sm" striped withTableBorder>
            <caption className={classes.caption}>{part.title}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col"> </Table.Th>
                {part.series.map((s) => (
                  <Table.Th key={s} scope="col" ta="right">
                    {s}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {part.rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row" fw={400}>
                    {row.label}
                  </Table.Th>
                  {row.values.map((v, i) => (
                    <Table.Td key={part.series[i] ?? i} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {format(v)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      ) : null}
    </Box>
  );
}
