import { EVENTS } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAdminBroadcasts } from '../../../lib/socket';
import { invalidateCampaigns } from '../api';

/** Refetches the campaigns shown as their counts move (campaignProgress), at most twice a second. */
export function useCampaignEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onAdminBroadcasts([EVENTS.campaignProgress], () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void invalidateCampaigns(queryClient);
      }, 500);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
