import { Chip, Group, Stack, Text } from '@mantine/core';
import type { FacetValue, ProcessFilter, ProcessSearchReply } from '@assoc/domain';
import { processTexts } from '../texts';

type FacetName = keyof ProcessSearchReply['facets'];
const FACETS: FacetName[] = ['pasta', 'tribunal', 'ano', 'status'];
/** Facet name → filter field. */
const FILTER_OF = { pasta: 'pastaId', tribunal: 'tribunal', ano: 'ano', status: 'status' } as const;

/** Whether a facet value is in the filter. */
function isChosen(filter: ProcessFilter, facet: FacetName, value: FacetValue['value']) {
  const list = (filter[FILTER_OF[facet]] ?? []) as (string | number)[];
  return list.includes(value);
}

/** The filter with a facet value added or removed (values of one facet are alternatives, facets combine). */
export function toggleFacet(filter: ProcessFilter, facet: FacetName, value: FacetValue['value']): ProcessFilter {
  const field = FILTER_OF[facet];
  const list = (filter[field] ?? []) as (string | number)[];
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const copy: Record<string, unknown> = { ...filter };
  if (next.length) copy[field] = next;
  else delete copy[field];
  return copy as ProcessFilter;
}

/** The search's facets with their counts (folder, court, year, status): a click narrows (or widens back) the result. */
export function SearchFacets({
  facets,
  filter,
  onChange,
}: {
  facets: ProcessSearchReply['facets'];
  filter: ProcessFilter;
  onChange: (filter: ProcessFilter) => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-label="Filtros da pesquisa">
      {FACETS.map((facet) =>
        facets[facet].length === 0 ? null : (
          <div key={facet} role="group" aria-label={processTexts.facets[facet]}>
            <Text size="sm" fw={600} mb={4} component="h3">
              {processTexts.facets[facet]}
            </Text>
            <Group gap={4}>
              {facets[facet].map((item) => (
                <Chip
                  key={String(item.value)}
                  size="xs"
                  checked={isChosen(filter, facet, item.value)}
                  onChange={() => onChange(toggleFacet(filter, facet, item.value))}
                >
                  {item.label} ({item.count})
                </Chip>
              ))}
            </Group>
          </div>
        ),
      )}
    </Stack>
  );
}
