/** Every user-visible message the spec names, written once (spec 1 section 8, spec 2 section 8). */
export const MESSAGES = {
  loggedIn: 'Logged in successfully!',
  loginFailed: 'Login failed',
  serverError: 'Server error',
  sessionExpired: 'Session expired. Please log in again.',
  accessDenied: 'Access denied. Please log in again.',
  noToken: 'No authentication token found. Please log in again.',
  // Server-side messages the spec leaves to us (docs/decisions/004-auth-status-codes.md).
  invalidCredentials: 'Invalid email or password',
  notAuthenticated: 'Not authorised: log in first',
  notAdmin: 'Not authorised: an admin account is required',
  tokenInvalid: 'Session expired. Please log in again.',
  tooManyLogins: 'Too many login attempts. Please wait a few minutes and try again.',
  loggedOut: 'Logged out',
  notFound: 'Not found',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  // Catalogue (spec 1 section 8).
  productAdded: 'Product added successfully',
  productRemoved: 'Product removed successfully!',
  productUpdated: 'Product updated successfully!',
  addProductFailed: 'Failed to add product',
  removeProductFailed: 'Failed to remove product',
  updateProductFailed: 'Failed to update product',
  fetchProductsFailed: 'Failed to fetch products',
  maxImages: 'Maximum 10 images allowed',
  // Catalogue messages the spec leaves to us.
  productNotFound: 'Product not found',
  categoriesSaved: 'Categories saved',
  categoryRenamed: 'Category renamed',
  categoryDeleted: 'Category deleted',
  optionsSaved: 'Options saved',
  notMultipart: 'request: must be multipart/form-data',
} as const;
