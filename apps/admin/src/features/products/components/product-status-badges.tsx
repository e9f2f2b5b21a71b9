import type { Product } from '@backroom/contract';
import { Badge, Group, Text } from '@mantine/core';
import { statusLabels } from '../product-display';

export function ProductStatusBadges({ product }: { product: Product }) {
  const labels = statusLabels(product);
  if (labels.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {labels.map((label) => (
        <Badge key={label} size="sm" variant="light">
          {label}
        </Badge>
      ))}
    </Group>
  );
}
