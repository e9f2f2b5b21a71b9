import type { SidebarPath } from '@backroom/contract';
import {
  type Icon,
  IconCategory,
  IconDiscount,
  IconLayoutDashboard,
  IconListDetails,
  IconMessages,
  IconPackages,
  IconShoppingCart,
  IconSquarePlus,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';

export const SIDEBAR_ICONS: Record<SidebarPath, Icon> = {
  '/': IconLayoutDashboard,
  '/add': IconSquarePlus,
  '/list': IconListDetails,
  '/orders': IconShoppingCart,
  '/users': IconUsers,
  '/admin-management': IconUserShield,
  '/discounts': IconDiscount,
  '/categories': IconCategory,
  '/bundle-sale': IconPackages,
  '/messages': IconMessages,
};
