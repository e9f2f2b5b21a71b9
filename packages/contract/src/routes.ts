/** The admin's screens (spec 1 section 2.1) in the sidebar's default order. */
export const SIDEBAR_ENTRIES = [
  { path: '/', label: 'Dashboard' },
  { path: '/add', label: 'Add Product' },
  { path: '/list', label: 'Products' },
  { path: '/orders', label: 'Orders' },
  { path: '/users', label: 'Users' },
  { path: '/admin-management', label: 'Admin Management' },
  { path: '/discounts', label: 'Discounts' },
  { path: '/categories', label: 'Categories' },
  { path: '/bundle-sale', label: 'Bundle Sale' },
  { path: '/messages', label: 'Messages' },
] as const;

export type SidebarPath = (typeof SIDEBAR_ENTRIES)[number]['path'];
export const DEFAULT_SIDEBAR_ORDER: readonly SidebarPath[] = SIDEBAR_ENTRIES.map((e) => e.path);

/** Every API path the admin calls, written once. */
export const API_PATHS = {
  login: '/api/user/admin',
  logout: '/api/user/logout',
  userInfo: '/api/user/info',
  unread: '/api/conversations/admin/unread',
  health: '/api/health',
  live: '/api/health/live',
  ready: '/api/health/ready',
  /** The OpenAPI 3.1 document: the storefront's part to anyone, all of it to a signed-in admin (decision 060). */
  openapi: '/api/openapi.json',
  /** The API reference page (Scalar) over that document. */
  docs: '/api/docs',
  productAdd: '/api/product/add',
  productList: '/api/product/list',
  productRemove: '/api/product/remove',
  productUpdate: '/api/product/update/:id',
  product: '/api/product/:id',
  categoryTree: '/api/category/tree',
  categoryRename: '/api/category/rename',
  categoryDelete: '/api/category/delete',
  options: '/api/options',
  orderList: '/api/order/list',
  orderStatus: '/api/order/status',
  orderDelete: '/api/order/delete',
  /** An order's status history, paged: GET /api/order/{id}/history?before=&limit=. */
  orderHistory: '/api/order/:id/history',
  dashboardSummary: '/api/dashboard/summary',
  // Users (spec 2 section 7, and the paged calls of issue 10).
  userAll: '/api/user/all',
  /** The Users screen's tiles: GET, from the server's counters. */
  userStats: '/api/user/stats',
  userRole: '/api/user/role',
  /** DELETE /api/user/{id}. */
  user: '/api/user/:id',
  /** A user's details: account, order figures, top 3 products. */
  userSummary: '/api/user/:id/summary',
  /** A user's orders, searchable and paged: undelivered first, then newest. */
  userOrders: '/api/user/:id/orders',
  /** The distinct addresses of a user's orders. */
  userAddresses: '/api/user/:id/addresses',
  userRegister: '/api/user/register',
  wishlistUser: '/api/wishlist/user',
  wishlistClear: '/api/wishlist/clear',
  // Admin Management.
  adminList: '/api/admin/list',
  /** PUT: an admin's name and e-mail (the spec's edit button). */
  admin: '/api/admin/:id',
  settings: '/api/settings',
  sendNewsletter: '/api/user/send-newsletter',
  /** Campaigns with their sent / failed / pending counts, newest first. */
  campaigns: '/api/campaigns',
  /** One campaign and its rendered message. */
  campaign: '/api/campaigns/:id',
  /** Public: the link in every e-mail's footer and List-Unsubscribe header. */
  unsubscribe: '/api/unsubscribe',
  // Discount codes (spec 2 section 7).
  discountList: '/api/discounts/list',
  discountCreate: '/api/discounts/create',
  /** PUT and DELETE /api/discounts/{code}. */
  discount: '/api/discounts/:code',
  // Bundle sales (spec 2 section 7).
  bundleList: '/api/bundle/list',
  bundleCreate: '/api/bundle/create',
  bundleUpdate: '/api/bundle/update/:id',
  /** DELETE /api/bundle/{id}. */
  bundle: '/api/bundle/:id',
  /** POST: cancel, or undo the cancel of a cancelled bundle. */
  bundleCancel: '/api/bundle/cancel/:id',
  // Messages (spec 2 section 7).
  conversations: '/api/conversations',
  /** DELETE /api/conversations/{id}. */
  conversation: '/api/conversations/:id',
  /** GET: a conversation's thread, newest page first; opening it marks it read. */
  adminThread: '/api/messages/admin/:conversationId',
  /** POST: an admin's reply. */
  adminMessage: '/api/messages/admin',
  /** Uploaded images, public: GET /uploads/{name}. */
  uploads: '/uploads',
} as const;

/** The storefront's calls (docs/customer-api.md): a customer's token in the same `token` header. */
export const CUSTOMER_PATHS = {
  register: '/api/customer/register',
  login: '/api/customer/login',
  logout: '/api/customer/logout',
  /** GET: the signed-in customer's account. */
  me: '/api/customer/me',
  products: '/api/customer/products',
  product: '/api/customer/products/:id',
  /** GET: the bundles on sale now. */
  bundles: '/api/customer/bundles',
  /** GET: whether a discount code applies to me now, and its percentage. */
  discount: '/api/customer/discounts/:code',
  wishlist: '/api/customer/wishlist',
  /** DELETE /api/customer/wishlist/{productId}. */
  wishlistItem: '/api/customer/wishlist/:productId',
  orders: '/api/customer/orders',
  /** GET: my conversation with the shop (started on first use) with its newest messages. */
  conversation: '/api/customer/conversation',
  /** GET: older messages of my conversation (?before=); POST {body}: a message to the shop. */
  messages: '/api/customer/messages',
} as const;
