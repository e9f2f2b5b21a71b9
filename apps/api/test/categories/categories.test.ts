import {
  API_PATHS,
  type CategoriesUpdatedEvent,
  DEFAULT_CATEGORIES,
  EVENTS,
  FALLBACK_CATEGORY,
  MESSAGES,
  type Product,
  type ProductsUpdatedEvent,
  productPath,
} from '@backroom/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, socketApp } from '../helpers/admin-socket';
import type { TestApp } from '../helpers/app';
import { addProduct, minimalFields } from '../helpers/catalogue';

let t: TestApp;
let token: string;
let socket: Socket;
beforeAll(async () => {
  ({ t, token, socket } = await socketApp());
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { token }, ...(payload && { payload }) });
const tree = async () => (await call('GET', API_PATHS.categoryTree)).json().categories as typeof DEFAULT_CATEGORIES;
const product = async (id: string) => (await call('GET', productPath(id))).json().product as Product;

describe('the category tree', () => {
  it("starts as the spec's default tree", async () => {
    const res = await call('GET', API_PATHS.categoryTree);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, categories: DEFAULT_CATEGORIES });
  });

  it('is saved whole, in order, trimmed, blanks dropped, and every admin is told', async () => {
    const told = nextEvent<CategoriesUpdatedEvent>(socket, EVENTS.categoriesUpdated);
    const next = [
      { name: ' Plushies ', subCategories: ['Bears', ' ', 'Cats ', 'Bears'], subSubCategories: [] },
      ...DEFAULT_CATEGORIES,
    ];
    const res = await call('PUT', API_PATHS.categoryTree, { categories: next });
    expect(res.statusCode, res.body).toBe(200);
    const saved = [{ name: 'Plushies', subCategories: ['Bears', 'Cats'], subSubCategories: [] }, ...DEFAULT_CATEGORIES];
    expect(res.json()).toEqual({ success: true, message: MESSAGES.categoriesSaved, categories: saved });
    expect(await tree()).toEqual(saved);
    expect((await told).categories).toEqual(saved);
    // Put back for the other tests.
    await call('PUT', API_PATHS.categoryTree, { categories: DEFAULT_CATEGORIES });
  });

  it('refuses an empty name, a repeated name and a malformed body, naming the field', async () => {
    const cases: [object, string][] = [
      [{ categories: [{ name: '  ', subCategories: [] }] }, 'categories.0.name: is required'],
      [{ categories: [{ name: 'A' }, { name: 'a ' }] }, 'categories.1.name: is used by another category'],
      [{ categories: [{ name: 'A', subCategories: 'B' }] }, 'categories.0.subCategories: must be a list of names'],
      [{ categories: 'all of them' }, 'categories: must be a list of categories'],
      [{ categories: [], extra: 1 }, 'extra: is not allowed'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', API_PATHS.categoryTree, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await tree()).toEqual(DEFAULT_CATEGORIES);
  });
});

describe('PUT /api/category/rename', () => {
  it("moves every product of the old main category to the new name and renames the tree's entry", async () => {
    const figures = await Promise.all(
      [1, 2, 3].map((i) =>
        addProduct(t, token, { ...minimalFields, name: `Fig ${i}`, mainCategory: 'Figures', subCategory: 'DC' }),
      ),
    );
    const fidget = await addProduct(t, token, { ...minimalFields, mainCategory: 'Fidgets' });
    const told = nextEvent<CategoriesUpdatedEvent>(
      socket,
      EVENTS.categoriesUpdated,
      (e) => e.categories[0]?.name === 'Collectibles',
    );
    const moved = nextEvent<ProductsUpdatedEvent>(socket, EVENTS.productsUpdated, (e) => e.action === 'moved');

    const res = await call('PUT', API_PATHS.categoryRename, {
      level: 'main',
      oldName: 'Figures',
      newName: 'Collectibles',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.categoryRenamed, moved: 3 });
    for (const f of figures)
      expect(await product(f._id)).toMatchObject({ mainCategory: 'Collectibles', subCategory: 'DC' });
    expect((await product(fidget._id)).mainCategory).toBe('Fidgets');
    const names = (await tree()).map((c) => c.name);
    expect(names).toEqual(['Collectibles', 'Fidgets', 'Decoration', 'Widgets']);
    expect((await told).categories[0]?.name).toBe('Collectibles');
    expect(await moved).toEqual({ action: 'moved' });

    // The admin may save the tree first: rename then only moves the products.
    await call('PUT', API_PATHS.categoryTree, { categories: DEFAULT_CATEGORIES });
    const back = await call('PUT', API_PATHS.categoryRename, {
      level: 'main',
      oldName: 'Collectibles',
      newName: 'Figures',
    });
    expect(back.json().moved).toBe(3);
    expect(await tree()).toEqual(DEFAULT_CATEGORIES);
    for (const f of figures) expect((await product(f._id)).mainCategory).toBe('Figures');
  });

  it('refuses a name another category has, and bad input', async () => {
    const p = await addProduct(t, token, { ...minimalFields, mainCategory: 'Widgets' });
    const taken = await call('PUT', API_PATHS.categoryRename, {
      level: 'main',
      oldName: 'Widgets',
      newName: 'Fidgets',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: 'newName: a category with this name already exists' });
    expect((await product(p._id)).mainCategory).toBe('Widgets');
    const cases: [object, string][] = [
      [{ level: 'sub', oldName: 'A', newName: 'B' }, "level: must be 'main'"],
      [{ level: 'main', oldName: 'A', newName: ' ' }, 'newName: is required'],
      [{ level: 'main', newName: 'B' }, 'oldName: is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', API_PATHS.categoryRename, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
  });
});

describe('DELETE /api/category/delete', () => {
  it("moves the category's products to 'Uncategorized', which joins the tree, and removes it from the tree", async () => {
    const decor = await Promise.all(
      [1, 2].map((i) =>
        addProduct(t, token, {
          ...minimalFields,
          name: `Vase ${i}`,
          mainCategory: 'Decoration',
          subCategory: 'Home_Decor',
        }),
      ),
    );
    const other = await addProduct(t, token, { ...minimalFields, mainCategory: 'Fidgets' });
    const res = await call('DELETE', API_PATHS.categoryDelete, {
      level: 'main',
      name: 'Decoration',
      fallback: FALLBACK_CATEGORY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.categoryDeleted, moved: 2 });
    for (const d of decor) expect((await product(d._id)).mainCategory).toBe('Uncategorized');
    expect((await product(other._id)).mainCategory).toBe('Fidgets');
    expect((await tree()).map((c) => c.name)).toEqual(['Figures', 'Fidgets', 'Widgets', 'Uncategorized']);
    expect((await tree()).at(-1)).toEqual({ name: 'Uncategorized', subCategories: [], subSubCategories: [] });

    // The fallback defaults to 'Uncategorized'; another may be named.
    const again = await call('DELETE', API_PATHS.categoryDelete, {
      level: 'main',
      name: 'Uncategorized',
      fallback: 'Fidgets',
    });
    expect(again.json(), again.body).toMatchObject({ moved: 2 });
    for (const d of decor) expect((await product(d._id)).mainCategory).toBe('Fidgets');
    expect((await tree()).map((c) => c.name)).toEqual(['Figures', 'Fidgets', 'Widgets']);

    // A category without products leaves the fallback out of the tree.
    const before = await tree();
    await call('PUT', API_PATHS.categoryTree, {
      categories: [...before, { name: 'Empty Shelf', subCategories: [], subSubCategories: [] }],
    });
    await call('DELETE', API_PATHS.categoryDelete, { level: 'main', name: 'Empty Shelf', fallback: FALLBACK_CATEGORY });
    expect(await tree()).toEqual(before);
    await call('PUT', API_PATHS.categoryTree, { categories: DEFAULT_CATEGORIES });
  });

  it('refuses a fallback equal to the category and bad input', async () => {
    const cases: [object, string][] = [
      [{ level: 'main', name: 'Fidgets', fallback: 'Fidgets' }, 'fallback: must differ from name'],
      [{ level: 'main' }, 'name: is required'],
      [{ level: 'sub-sub', name: 'X' }, "level: must be 'main'"],
    ];
    for (const [payload, message] of cases) {
      const res = await call('DELETE', API_PATHS.categoryDelete, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await tree()).toEqual(DEFAULT_CATEGORIES);
  });
});
