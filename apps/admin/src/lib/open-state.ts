import type { OpenRequest } from './open-request';

/**
 * The state a navigation carries for an open request (lib/open-request.ts). A module of its own,
 * without the contract's schemas that reading one needs: the palette and the bell write requests
 * from the top bar, whose code should not build the users' and discounts' schemas as it loads
 * (docs/decisions/058-lighthouse-on-a-phone.md).
 */
export const openState = (request: OpenRequest) => ({ open: request });
