import { DISCOUNT_STATUS_LABELS, type DiscountStatus } from '@backroom/contract';
import { Badge } from '@mantine/core';
import { DISCOUNT_STATUS_TONES } from '../discount-screen';

/** The status the server computed (Active means redeemable now), in its colour. */
export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  const tone = DISCOUNT_STATUS_TONES[status];
  return (
    <Badge color={tone.background} c={tone.text} variant="filled" tt="none" radius="sm">
      {DISCOUNT_STATUS_LABELS[status]}
    </Badge>
  );
}
