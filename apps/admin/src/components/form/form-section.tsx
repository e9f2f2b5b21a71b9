import { Stack, Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface FormSectionProps {
  title: string;
  /** h2 on the Add screen, h3 inside the Modify modal (whose title is the h2). */
  order: TitleOrder;
  children: ReactNode;
}

/** One titled section of a form (a product's, a bundle's), named by its heading. */
export function FormSection({ title, order, children }: FormSectionProps) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={order} id={id} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
