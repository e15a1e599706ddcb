import { Box, Text } from '@mantine/core';

/** Environment modes with a banner (spec 1 §2): 1 DESENV, 2 HOMOLOGA, 3 LOCAL TEST. */
// Dark enough for the small white label to keep 4.5:1 (WCAG AA): 5.7, 5.8 and 5.0.
const environments: Record<number, { label: string; color: string }> = {
  1: { label: 'DESENV', color: '#b5400c' },
  2: { label: 'HOMOLOGA', color: 'grape.8' },
  3: { label: 'LOCAL TEST', color: 'teal.9' },
};

export const ENV_BANNER_HEIGHT = 22;

export const hasEnvBanner = (envMode: number) => environments[envMode] !== undefined;

/** A coloured strip naming a non-production environment; nothing in production. */
export function EnvBanner({ envMode }: { envMode: number }) {
  const env = environments[envMode];
  if (!env) return null;
  return (
    <Box bg={env.color} h={ENV_BANNER_HEIGHT} role="status" aria-label={`Ambiente ${env.label}`}>
      <Text c="white" fw={700} size="xs" ta="center" lh={`${ENV_BANNER_HEIGHT}px`} style={{ letterSpacing: 2 }}>
        {env.label}
      </Text>
    </Box>
  );
}
