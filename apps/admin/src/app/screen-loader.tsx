import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code arrives. */
export function ScreenLoader() {
  return (
    <Center mih="50vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
