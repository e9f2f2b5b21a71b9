import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, type Product, productPath, productUpdatePath } from '@backroom/contract';
import { createTestApp, type TestApp } from './app';
import { createUser } from './users';

/** A signed-in admin's token, through the real login call. */
export async function adminToken(t: TestApp): Promise<string> {
  const admin = await createUser(t.database.db, { role: 'admin' });
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { email: admin.email, password: admin.password },
  });
  return res.json().token as string;
}

/** The app on a fresh database (env as createTestApp's) and a signed-in admin's token: a catalogue test file's set-up. */
export async function catalogueApp(env: Record<string, string> = {}): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp(env);
  return { t, token: await adminToken(t) };
}

/** A product as the admin reads it (GET /api/product/{id}). */
export async function adminProduct(t: TestApp, token: string, id: string): Promise<Product> {
  const res = await t.app.inject({ method: 'GET', url: productPath(id), headers: { token } });
  return res.json().product as Product;
}

export type Files = Record<string, Buffer | Buffer[]>;

/** A multipart form as the admin sends it: text fields, then files (filenames and types made up). */
export function productForm(fields: Record<string, unknown>, files: Files = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [name, value] of Object.entries(files)) {
    for (const data of Array.isArray(value) ? value : [value]) {
      form.append(name, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'picture.png');
    }
  }
  return form;
}

export const minimalFields = { name: 'Test Figure', description: 'A test product', price: '19.99' };

export function addProductCall(t: TestApp, token: string, fields: Record<string, unknown>, files: Files = {}) {
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.productAdd,
    headers: { token },
    payload: productForm(fields, files),
  });
}

export function updateProductCall(
  t: TestApp,
  token: string,
  id: string,
  fields: Record<string, unknown>,
  files: Files = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: productUpdatePath(id),
    headers: { token },
    payload: productForm(fields, files),
  });
}

/** Adds a product and answers it, failing loudly if the call did not succeed. */
export async function addProduct(t: TestApp, token: string, fields: Record<string, unknown>, files: Files = {}) {
  const res = await addProductCall(t, token, fields, files);
  if (res.statusCode !== 200) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return res.json().product as Product;
}

/** The files in the uploads folder, sorted. */
export async function uploadedFiles(t: TestApp): Promise<string[]> {
  const names = await fs.readdir(t.config.uploads.dir).catch(() => [] as string[]);
  return names.filter((n) => !n.startsWith('.')).sort();
}

export const baseName = (url: string) => path.posix.basename(url);
