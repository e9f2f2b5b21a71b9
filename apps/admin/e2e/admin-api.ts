import { API_PATHS, type Product, productSavedResponseSchema, STORAGE_KEYS, TOKEN_HEADER } from '@backroom/contract';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { storageOf } from './storage-seed';

/*
 * Calls a browser test makes beside the screen, as another admin would: with the signed-in
 * admin's own token, through the real API.
 */

/**
 * The signed-in admin's token, as the app keeps it: read from the browser's storage, so a test can
 * call the API before it opens any screen (every test starts with the worker's session stored).
 */
export async function adminToken(page: Page): Promise<string> {
  return tokenIn(await storageOf(page.context()));
}

/** The app's token in a browser's storage state (such as the worker's signed-in admin's), or ''. */
export function tokenIn(state: { origins: { localStorage: { name: string; value: string }[] }[] }): string {
  return (
    state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === STORAGE_KEYS.token)?.value ?? ''
  );
}

/** A product added through POST /api/product/add, as another admin on Add Product would: Figures / DC / Male, one image. */
export async function addProductThroughApi(
  page: Page,
  name: string,
  options: { price?: string; description?: string } = {},
): Promise<Product> {
  const image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#1971c2' } })
    .png()
    .toBuffer();
  const res = await page.request.post(API_PATHS.productAdd, {
    headers: { [TOKEN_HEADER]: await adminToken(page) },
    multipart: {
      name,
      description: options.description ?? 'Made for the browser tests',
      price: options.price ?? '40.00',
      mainCategory: 'Figures',
      subCategory: 'DC',
      subSubCategory: 'Male',
      colorVariants: JSON.stringify([]),
      clothingSizes: JSON.stringify([]),
      canvasSizes: JSON.stringify([]),
      image1: { name: 'one.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return productSavedResponseSchema.parse(await res.json()).product;
}
