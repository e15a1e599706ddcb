import { Group, Progress, Text } from '@mantine/core';
import type { PasswordStrength } from '@assoc/domain';

const COLORS = ['red', 'red', 'yellow', 'teal', 'green'] as const;

/** The strength of the new password as the user types: a bar and the label (muito curta, fraca, bom, muito bom, excelente). */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength | null }) {
  const score = strength?.score ?? -1;
  const color = score < 0 ? 'red' : COLORS[score];
  return (
    <div aria-live="polite">
      <Progress value={strength ? ((score + 1) / 5) * 100 : 0} color={color} size="sm" aria-label="Força da senha" />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          Força da senha
        </Text>
        {strength && (
          <Text size="xs" fw={600} c={color} data-testid="password-strength">
            {strength.label}
          </Text>
        )}
      </Group>
    </div>
  );
}
