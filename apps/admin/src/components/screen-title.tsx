import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** The screen's one h1; the browser tab reads the same. */
export function ScreenTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · Backroom`);
  return <Title order={1}>{children}</Title>;
}
