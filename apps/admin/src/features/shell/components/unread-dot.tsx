import { Box } from '@mantine/core';

/** A small red dot that reads 'unread messages' to assistive technology. */
export function UnreadDot({ className }: { className?: string | undefined }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label="unread messages"
      className={className}
      display="inline-block"
      w={8}
      h={8}
      bg="red.8"
      style={{ borderRadius: '50%' }}
    />
  );
}
