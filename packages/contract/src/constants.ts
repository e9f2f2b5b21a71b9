/** The spec's constants (spec 1 section 9, spec 2 section 9), written once. */

/** Below this window width the sidebar collapses and lists default to a grid. */
export const NARROW_WIDTH_PX = 768;

/** Notifications close by themselves after this long. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** Keys in the browser's local storage. */
export const STORAGE_KEYS = {
  token: 'token',
  sidebarOrder: 'admin_sidebar_order',
  categories: 'admin_categories',
  options: 'admin_options',
  /** 'light', 'dark' or 'auto' (the system's choice); read before first paint by apps/admin/public/color-scheme.js. */
  colorScheme: 'admin_color_scheme',
} as const;

/**
 * The Content-Security-Policy source of apps/admin/public/color-scheme.js, which the build writes
 * inline into index.html's head (apps/admin/inline-color-scheme.ts): a blocking script of its own
 * cost a page a round trip before its first paint (docs/decisions/058-lighthouse-on-a-phone.md).
 * The API allows exactly this script; color-scheme-script.test.ts holds the hash to the file.
 */
export const COLOR_SCHEME_SCRIPT_CSP = "'sha256-JPGxJDR6TLMas7RrJRNAamQM81R17S7vBMPS2ufndNE='";

/**
 * The Content-Security-Policy source of apps/admin/public/first-screen-preload.js, the other inline
 * script of index.html's head (apps/admin/first-screen-preload.ts): it asks for the first screen's
 * chunks beside the entry (docs/decisions/058-lighthouse-on-a-phone.md).
 * first-screen-preload-script.test.ts holds the hash to the file.
 */
export const FIRST_SCREEN_PRELOAD_SCRIPT_CSP = "'sha256-L9ppXWYLeRbcycutlj8T/4sX07kfGlLyqIcVzr1z++Q='";

/** The header that carries the session token on every call. */
export const TOKEN_HEADER = 'token';

/** Socket.io reconnection: retries without limit, delay 1000 to 5000 ms, timeout 20000 ms. */
export const REALTIME = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
} as const;

/** Realtime and browser event names. */
export const EVENTS = {
  joinAdminGlobal: 'joinAdminGlobal',
  newMessage: 'newMessage',
  join: 'join',
  /** Browser-wide window event whose detail holds { count }. */
  adminUnreadUpdated: 'adminUnreadUpdated',
  /** To admins when a conversation was deleted (payload { _id }). */
  conversationDeleted: 'conversationDeleted',
  /** To admins when the category tree changed (payload { categories }). */
  categoriesUpdated: 'categoriesUpdated',
  /** To admins when the variant option sets changed (payload { options }). */
  optionsUpdated: 'optionsUpdated',
  /** To admins when products were added, changed, removed or moved (payload { action, id? }). */
  productsUpdated: 'productsUpdated',
  /** To admins when an order's status changed or an order was deleted (payload { action, id }). */
  ordersUpdated: 'ordersUpdated',
  /** To admins when users changed: a role, a deletion, a new or edited admin (payload { action, id }). */
  usersUpdated: 'usersUpdated',
  /** To admins when the visibility settings changed (payload { settings }). */
  settingsUpdated: 'settingsUpdated',
  /** To admins while a campaign sends (payload: the campaign's counts). */
  campaignProgress: 'campaignProgress',
  /** To admins when a discount code was created, changed, deleted or used (payload { action, code }). */
  discountsUpdated: 'discountsUpdated',
  /** To admins when a bundle was created, changed, (un)cancelled, deleted or bought (payload { action, id }). */
  bundlesUpdated: 'bundlesUpdated',
} as const;

/** Currency symbol shown before every amount. */
export const CURRENCY = '$';

/** Default page size of lists. */
export const DEFAULT_PAGE_SIZE = 10;

/** Roles a user account can hold. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A product's status flags (spec 2 section 3, product tags) with their labels, in the spec's order. */
export const PRODUCT_TAGS = [
  'bestseller',
  'outOfStock',
  'preOrder',
  'notAvailableYet',
  'comingSoon',
  'isNewProduct',
  'limitedEdition',
  'vaulted',
] as const;
export type ProductTag = (typeof PRODUCT_TAGS)[number];

export const PRODUCT_TAG_LABELS: Record<ProductTag, string> = {
  bestseller: 'Bestseller',
  outOfStock: 'Out of Stock',
  preOrder: 'Pre-order',
  notAvailableYet: 'Not Available Yet',
  comingSoon: 'Coming Soon',
  isNewProduct: 'New',
  limitedEdition: 'Limited Edition',
  vaulted: 'Vaulted',
};

/** The statuses the product list's filter offers (spec 1 section 2.5), after 'All Statuses': the first six tags. */
export const LIST_STATUS_FILTERS: readonly ProductTag[] = PRODUCT_TAGS.slice(0, 6);

/** An accessory's flags (spec 1 section 3, Accessory). */
export const ACCESSORY_FLAGS = [
  'outOfStock',
  'preOrder',
  'notAvailableYet',
  'comingSoon',
  'isNew',
  'limitedEdition',
] as const;
export type AccessoryFlag = (typeof ACCESSORY_FLAGS)[number];

/** Catalogue limits (spec 1 sections 5 and 9). */
export const PRODUCT_LIMITS = {
  maxImages: 10,
  maxAccessoryImages: 2,
  minAccessories: 1,
  maxAccessories: 5,
  minDiscount: 0,
  maxDiscount: 100,
  /** The modify form's quick select offers 0% to 100% in this step. */
  discountQuickSelectStep: 5,
  /** Highest price accepted, in cents ($10,000,000.00). */
  maxPriceCents: 1_000_000_000,
  maxPageSize: 100,
} as const;

/** Default largest accepted image upload (the server's UPLOAD_MAX_BYTES may change it). */
export const DEFAULT_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Default largest products CSV import (the server's IMPORT_MAX_BYTES may change it): room for the
 * import's 100,000 rows with the export's every column, some 17 to 20 MB (docs/decisions/044-csv-import-limits.md).
 */
export const DEFAULT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;

/** The image types an upload may be, checked by content on the server (docs/decisions/009-images.md). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Where products of a deleted main category go (spec 1 section 9). */
export const FALLBACK_CATEGORY = 'Uncategorized';

/** Sort orders of the product list (by date). */
export const PRODUCT_SORTS = ['newest', 'oldest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface CategoryNode {
  name: string;
  subCategories: string[];
  subSubCategories: string[];
}

/** The category tree a new shop starts with (spec 1 section 3). */
export const DEFAULT_CATEGORIES: readonly CategoryNode[] = [
  {
    name: 'Figures',
    subCategories: ['DC', 'MARVEL', 'STARWARS', 'INVINCIBLE', 'BEN10', 'ANIME', 'INDEPENDENT'],
    subSubCategories: ['Male', 'Female', 'Accessories'],
  },
  {
    name: 'Fidgets',
    subCategories: ['Fidget_Spinners', 'Stress_Balls', 'Puzzle_Toys', 'Sensory_Toys', 'Magnetic_Toys'],
    subSubCategories: [
      'None',
      'Size_Small',
      'Size_Medium',
      'Size_Large',
      'Material_Plastic',
      'Material_Metal',
      'Material_Wood',
      'Material_Silicone',
    ],
  },
  {
    name: 'Decoration',
    subCategories: ['Seasonal', 'Religious', 'Home_Decor', 'Office_Decor', 'Wall_Art'],
    subSubCategories: ['Size_Small', 'Size_Medium', 'Size_Large', 'Style_Modern', 'Style_Classic', 'Style_Minimalist'],
  },
  {
    name: 'Widgets',
    subCategories: ['Home_Gadgets', 'Office_Gadgets', 'DIY_Kits', 'Smart_Gadgets'],
    subSubCategories: ['Size_Small', 'Size_Medium', 'Size_Large', 'Type_Basic', 'Type_Advanced', 'Type_Professional'],
  },
];

export interface OptionSet {
  name: string;
  values: string[];
}

/** The variant option sets a new shop starts with (spec 1 section 3). */
export const DEFAULT_OPTIONS: readonly OptionSet[] = [
  {
    name: 'Colors',
    values: [
      'red',
      'blue',
      'green',
      'yellow',
      'black',
      'white',
      'purple',
      'pink',
      'orange',
      'gray',
      'Gold',
      'Silver',
      'multicolor',
    ],
  },
  { name: 'Clothing Sizes', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
  { name: 'Canvas Sizes', values: ['2x2', '4x4', '8x10', '12x16'] },
];

/** Order status values, exact (spec 2 section 4). Any status may follow any other. */
export const ORDER_STATUSES = [
  'Payment Pending',
  'Order Placed',
  'In Production',
  'Packing',
  'Ready to Ship',
  'Shipped',
  'Out for delivery',
  'Delivered',
  'Exchanged',
  'Refunded',
  'Cancelled',
  'Pre-Ordered',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The only done status; 'Not Delivered' and the dashboard's pending count mean every other one. */
export const DELIVERED_STATUS: OrderStatus = 'Delivered';
/** The status that carries a tracking number. */
export const SHIPPED_STATUS: OrderStatus = 'Shipped';
/** The dashboard's red badge. */
export const CANCELLED_STATUS: OrderStatus = 'Cancelled';

/** What the orders screen can search by (spec 2 section 2, Orders). */
export const ORDER_SEARCH_FIELDS = ['orderId', 'userName', 'email', 'phone', 'dateRange'] as const;
export type OrderSearchField = (typeof ORDER_SEARCH_FIELDS)[number];

export const ORDER_SEARCH_FIELD_LABELS: Record<OrderSearchField, string> = {
  orderId: 'Order ID',
  userName: 'User Name',
  email: 'Email',
  phone: 'Phone',
  dateRange: 'Date Range',
};

/** The delivery filter (spec 2 section 2, Orders). */
export const ORDER_DELIVERY_FILTERS = ['all', 'delivered', 'notDelivered'] as const;
export type OrderDeliveryFilter = (typeof ORDER_DELIVERY_FILTERS)[number];

export const ORDER_DELIVERY_FILTER_LABELS: Record<OrderDeliveryFilter, string> = {
  all: 'All Orders',
  delivered: 'Delivered',
  notDelivered: 'Not Delivered',
};

/** Orders per page: the selector's choices and the initial value, which is not among them (spec 2 section 9). */
export const ORDER_PAGE_SIZES = [10, 15, 20, 50] as const;
export const ORDER_INITIAL_PAGE_SIZE = 5;
export const ORDER_LIMITS = {
  /** Largest page the API serves. */
  maxPageSize: 100,
  /** Item names on an order card before '+N more'. */
  cardItemNames: 3,
  trackingNumberMax: 100,
  discountCodeMax: 100,
  searchMax: 200,
} as const;

/** Dashboard constants (spec 2 section 9). */
export const DASHBOARD_LIMITS = {
  recentOrders: 5,
  /** Months in the revenue and orders chart, the current one included. */
  chartMonths: 12,
  /** Out-of-stock products listed in the popup; the count is always exact. */
  outOfStockListed: 50,
} as const;
