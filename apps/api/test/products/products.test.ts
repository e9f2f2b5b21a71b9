import { API_PATHS, MESSAGES, type Product, productPath } from '@backroom/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';
import {
  addProduct,
  addProductCall,
  adminProduct,
  baseName,
  catalogueApp,
  minimalFields,
  updateProductCall,
  uploadedFiles,
} from '../helpers/catalogue';
import { jpeg, png, webp } from '../helpers/images';

let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await catalogueApp());
});
afterAll(() => t.close());

const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
const getProduct = (id: string) => adminProduct(t, token, id);

describe('POST /api/product/add', () => {
  it('adds a product with images, colours tied to them, sizes, flags and an accessory with an image', async () => {
    const before = Date.now();
    const res = await addProductCall(
      t,
      token,
      {
        ...minimalFields,
        name: '  Spider-Man Deluxe Figure ',
        mainCategory: 'Figures',
        subCategory: 'MARVEL',
        subSubCategory: 'Male',
        bestseller: 'true',
        isNewProduct: 'true',
        vaulted: 'false',
        colorVariants: ['red', 'blue'],
        clothingSizes: ['S', ' M ', '', 'S'],
        canvasSizes: [],
        hasAccessory: 'true',
        accessories: [{ name: 'Display Stand', price: 5.5, isNew: true }],
      },
      { image1: await png(), image2: await jpeg(), image3: await webp(), accessory1_image1: await png(20, 20) },
    );
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe(MESSAGES.productAdded);
    const p = body.product as Product;
    expect(p).toMatchObject({
      name: 'Spider-Man Deluxe Figure',
      description: 'A test product',
      price: 19.99,
      discount: 0,
      mainCategory: 'Figures',
      subCategory: 'MARVEL',
      subSubCategory: 'Male',
      bestseller: true,
      isNewProduct: true,
      vaulted: false,
      outOfStock: false,
      clothingSizes: ['S', 'M'],
      canvasSizes: [],
      hasAccessory: true,
    });
    expect(p._id).toMatch(/^[0-9a-f]{24}$/);
    // Dated when it was added: during the call, however long the call took.
    expect(Date.parse(p.date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(p.date)).toBeLessThanOrEqual(after);
    expect(p.image).toHaveLength(3);
    expect(p.thumbnails).toHaveLength(3);
    for (const url of p.image) expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(p.colorVariants).toEqual([
      { color: 'red', image: p.image[0], stock: 0, outOfStock: false },
      { color: 'blue', image: p.image[1], stock: 0, outOfStock: false },
    ]);
    expect(p.accessories).toEqual([
      {
        name: 'Display Stand',
        description: '',
        price: 5.5,
        images: [expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/)],
        outOfStock: false,
        preOrder: false,
        notAvailableYet: false,
        comingSoon: false,
        isNew: true,
        limitedEdition: false,
      },
    ]);
    // Each image and its thumbnail, on disk.
    const files = await uploadedFiles(t);
    for (const url of [...p.image, ...p.thumbnails, ...(p.accessories[0]?.images ?? [])]) {
      expect(files).toContain(baseName(url));
    }
    expect(await getProduct(p._id)).toEqual(p);
  });

  it('takes the spec minimum: name, description and price', async () => {
    const p = await addProduct(t, token, { name: 'Plain', description: 'Nothing else', price: '0' });
    expect(p).toMatchObject({ price: 0, image: [], colorVariants: [], accessories: [], hasAccessory: false });
  });

  it('refuses bad fields with a message naming the field, and keeps nothing', async () => {
    const before = { products: await productCount(), files: await uploadedFiles(t) };
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'd', price: '1' }, 'name: is required'],
      [{ name: '   ', description: 'd', price: '1' }, 'name: is required'],
      [{ name: 'n', price: '1' }, 'description: is required'],
      [{ name: 'n', description: 'd' }, 'price: is required'],
      [{ ...minimalFields, price: '-1' }, 'price: must be at least 0'],
      [{ ...minimalFields, price: 'cheap' }, 'price: must be a number'],
      [{ ...minimalFields, price: '1.999' }, 'price: must have at most two decimals'],
      [{ ...minimalFields, discount: '101' }, 'discount: must be between 0 and 100'],
      [{ ...minimalFields, bestseller: 'yes' }, 'bestseller: must be true or false'],
      [{ ...minimalFields, clothingSizes: '[S' }, 'clothingSizes: must be valid JSON'],
      [{ ...minimalFields, colorVariants: { red: true } }, 'colorVariants: must be a list of names'],
      [
        { ...minimalFields, hasAccessory: 'true', accessories: [] },
        'accessories: at least 1 accessory when hasAccessory is true',
      ],
      [
        {
          ...minimalFields,
          hasAccessory: 'true',
          accessories: Array.from({ length: 6 }, (_, i) => ({ name: `A${i}`, price: 1 })),
        },
        'accessories: at most 5 accessories',
      ],
      [
        { ...minimalFields, hasAccessory: 'true', accessories: [{ name: 'A', price: -2 }] },
        'accessories.0.price: must be at least 0',
      ],
      [{ ...minimalFields, hasAccessory: 'true', accessories: [{ price: 2 }] }, 'accessories.0.name: is required'],
      [{ ...minimalFields, role: 'admin' }, 'role: is not allowed'],
    ];
    for (const [fields, message] of cases) {
      const res = await addProductCall(t, token, fields, { image1: await png() });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await productCount()).toBe(before.products);
    expect(await uploadedFiles(t)).toEqual(before.files);
  });

  it('takes 10 images and refuses an 11th', async () => {
    const image = await png(16, 16);
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`image${i + 1}`, image]));
    const p = await addProduct(t, token, minimalFields, ten);
    expect(p.image).toHaveLength(10);

    const before = await uploadedFiles(t);
    const res = await addProductCall(t, token, minimalFields, { ...ten, image11: image });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'image11: Maximum 10 images allowed' });
    expect(await uploadedFiles(t)).toEqual(before);
  });

  it('refuses a third accessory image, a sixth accessory and images of an accessory that is not there', async () => {
    const image = await png(16, 16);
    const one = { ...minimalFields, hasAccessory: 'true', accessories: [{ name: 'Stand', price: 3 }] };
    const cases: [Record<string, unknown>, Record<string, Buffer>, string][] = [
      [
        one,
        { accessory1_image1: image, accessory1_image2: image, accessory1_image3: image },
        'accessory1_image3: at most 2 images per accessory',
      ],
      [one, { accessory6_image1: image }, 'accessory6_image1: there is no accessory 6'],
      [one, { accessory2_image1: image }, 'accessory2_image1: there is no accessory 2'],
      [minimalFields, { accessory1_image1: image }, 'accessory1_image1: there is no accessory 1'],
      [minimalFields, { photo: image }, 'photo: is not a file field of this form'],
      [minimalFields, { 'newImages[]': image }, 'newImages[]: is not a file field of this form'],
    ];
    const before = await uploadedFiles(t);
    for (const [fields, files, message] of cases) {
      const res = await addProductCall(t, token, fields, files);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await uploadedFiles(t)).toEqual(before);

    const two = await addProduct(t, token, one, { accessory1_image2: image, accessory1_image1: await jpeg(16, 16) });
    expect(two.accessories[0]?.images).toHaveLength(2);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.productAdd,
      headers: { token },
      payload: minimalFields,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.notMultipart });
  });

  it('answers 401 without a token before reading the body', async () => {
    const res = await addProductCall(t, '', minimalFields, { image1: await png() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.notAuthenticated });
  });
});

describe('PUT /api/product/update/{id}', () => {
  it('changes fields, removes one image, adds another and sets the discount', async () => {
    const p = await addProduct(
      t,
      token,
      { ...minimalFields, colorVariants: ['red', 'blue'], clothingSizes: ['M'] },
      { image1: await png(), image2: await jpeg(), image3: await webp() },
    );
    const [first, second, third] = p.image as [string, string, string];
    const res = await updateProductCall(
      t,
      token,
      p._id,
      {
        name: 'Renamed Figure',
        description: 'New words',
        price: '25',
        discount: '15',
        mainCategory: 'Widgets',
        subCategory: 'DIY_Kits',
        subSubCategory: '',
        bestseller: 'true',
        outOfStock: 'false',
        preOrder: 'false',
        notAvailableYet: 'false',
        comingSoon: 'true',
        isNewProduct: 'false',
        limitedEdition: 'false',
        vaulted: 'false',
        clothingSizes: ['L'],
        canvasSizes: ['4x4'],
        hasAccessory: 'false',
        accessories: [],
        existingImages: [third, first],
        removedImages: [baseName(second)],
        colorVariants: [{ color: 'red', image: first, stock: 0, outOfStock: false }],
        removedAccessoryImages: [],
      },
      { 'newImages[]': await png(32, 32, '#000000') },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.productUpdated);
    const u = await getProduct(p._id);
    expect(u).toMatchObject({
      name: 'Renamed Figure',
      description: 'New words',
      price: 25,
      discount: 15,
      mainCategory: 'Widgets',
      subCategory: 'DIY_Kits',
      subSubCategory: '',
      bestseller: true,
      comingSoon: true,
      clothingSizes: ['L'],
      canvasSizes: ['4x4'],
      date: p.date,
    });
    expect(u.image).toHaveLength(3);
    expect(u.image.slice(0, 2)).toEqual([third, first]);
    expect(u.image[2]).not.toBe(second);
    expect(u.colorVariants).toEqual([{ color: 'red', image: first, stock: 0, outOfStock: false }]);
    const files = await uploadedFiles(t);
    expect(files).not.toContain(baseName(second));
    expect(files).not.toContain(baseName(second).replace('.webp', '-thumb.webp'));
    for (const url of [...u.image, ...u.thumbnails]) expect(files).toContain(baseName(url));
  });

  it('keeps what the form leaves out, and drops the colour of a removed image', async () => {
    const p = await addProduct(
      t,
      token,
      { ...minimalFields, bestseller: 'true', discount: '10', colorVariants: ['red', 'blue'], canvasSizes: ['2x2'] },
      { image1: await png(), image2: await png(24, 24) },
    );
    const res = await updateProductCall(t, token, p._id, {
      ...minimalFields,
      name: 'Only the name changed',
      removedImages: [baseName(p.image[1] as string)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = await getProduct(p._id);
    expect(u).toMatchObject({ name: 'Only the name changed', bestseller: true, discount: 10, canvasSizes: ['2x2'] });
    expect(u.image).toEqual([p.image[0]]);
    expect(u.colorVariants).toEqual([p.colorVariants[0]]);
  });

  it('keeps, removes and adds accessory images', async () => {
    const p = await addProduct(
      t,
      token,
      {
        ...minimalFields,
        hasAccessory: 'true',
        accessories: [
          { name: 'Stand', price: 2 },
          { name: 'Case', price: 4 },
        ],
      },
      {
        accessory1_image1: await png(16, 16),
        accessory1_image2: await jpeg(16, 16),
        accessory2_image1: await webp(16, 16),
      },
    );
    const [stand, kase] = p.accessories as [Product['accessories'][0], Product['accessories'][0]];
    const res = await updateProductCall(
      t,
      token,
      p._id,
      {
        ...minimalFields,
        hasAccessory: 'true',
        // The case comes first now; the stand keeps its first image only.
        accessories: [
          { ...kase, images: kase.images },
          { ...stand, price: 2.5, images: stand.images },
        ],
        removedAccessoryImages: [stand.images[1]],
      },
      { accessory2_image2: await png(12, 12) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const u = await getProduct(p._id);
    expect(u.accessories.map((a) => a.name)).toEqual(['Case', 'Stand']);
    expect(u.accessories[0]?.images).toEqual(kase.images);
    expect(u.accessories[1]?.price).toBe(2.5);
    expect(u.accessories[1]?.images[0]).toBe(stand.images[0]);
    expect(u.accessories[1]?.images).toHaveLength(2);
    const files = await uploadedFiles(t);
    expect(files).not.toContain(baseName(stand.images[1] as string));

    const third = await updateProductCall(
      t,
      token,
      p._id,
      { ...minimalFields, hasAccessory: 'true' },
      { accessory2_image1: await png(12, 12) },
    );
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('accessory2_image1: at most 2 images per accessory');
  });

  it('refuses a discount of 101, a negative price and missing fields, leaving the product as it was', async () => {
    const p = await addProduct(t, token, minimalFields, { image1: await png() });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...minimalFields, discount: '101' }, 'discount: must be between 0 and 100'],
      [{ ...minimalFields, discount: 'lots' }, 'discount: must be a number'],
      [{ ...minimalFields, price: '-0.01' }, 'price: must be at least 0'],
      [{ description: 'd', price: '1' }, 'name: is required'],
      [
        {
          ...minimalFields,
          colorVariants: [{ color: 'red', image: '/uploads/ffffffffffffffffffffffffffffffff.webp' }],
        },
        "colorVariants.0.image: is not one of the product's images",
      ],
    ];
    const files = await uploadedFiles(t);
    for (const [fields, message] of cases) {
      const res = await updateProductCall(t, token, p._id, fields, { 'newImages[]': await png(8, 8) });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await getProduct(p._id)).toEqual(p);
    expect(await uploadedFiles(t)).toEqual(files);
  });

  it('refuses more than 10 images in all', async () => {
    const image = await png(8, 8);
    const p = await addProduct(
      t,
      token,
      minimalFields,
      Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`image${i + 1}`, image])),
    );
    const files = await uploadedFiles(t);
    const res = await updateProductCall(t, token, p._id, minimalFields, { 'newImages[]': [image, image] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: `newImages: ${MESSAGES.maxImages}` });
    expect(await getProduct(p._id)).toEqual(p);
    expect(await uploadedFiles(t)).toEqual(files);
    const ok = await updateProductCall(
      t,
      token,
      p._id,
      { ...minimalFields, removedImages: [baseName(p.image[0] as string)] },
      { 'newImages[]': [image, image] },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await getProduct(p._id)).image).toHaveLength(10);
  });

  it('answers 404 for a product that does not exist, and keeps no file', async () => {
    const files = await uploadedFiles(t);
    const res = await updateProductCall(t, token, '65a1b2c3d4e5f60718293a4b', minimalFields, {
      'newImages[]': await png(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.productNotFound });
    expect(await uploadedFiles(t)).toEqual(files);
    const bad = await updateProductCall(t, token, 'not-an-id', minimalFields);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: must be a 24-character hex id');
  });
});

describe('POST /api/product/remove and GET /api/product/{id}', () => {
  it('removes the product and its files, and only those', async () => {
    const keep = await addProduct(t, token, minimalFields, { image1: await png() });
    const p = await addProduct(
      t,
      token,
      { ...minimalFields, hasAccessory: 'true', accessories: [{ name: 'Stand', price: 1 }] },
      { image1: await png(), accessory1_image1: await png(10, 10) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.productRemove,
      headers: { token },
      payload: { id: p._id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.productRemoved });
    const files = await uploadedFiles(t);
    for (const url of [...p.image, ...p.thumbnails, ...(p.accessories[0]?.images ?? [])]) {
      expect(files).not.toContain(baseName(url));
    }
    for (const url of [...keep.image, ...keep.thumbnails]) expect(files).toContain(baseName(url));

    const gone = await t.app.inject({ method: 'GET', url: productPath(p._id), headers: { token } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, message: MESSAGES.productNotFound });
    const again = await t.app.inject({
      method: 'POST',
      url: API_PATHS.productRemove,
      headers: { token },
      payload: { id: p._id },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: MESSAGES.productNotFound });
  });

  it('refuses a malformed id', async () => {
    for (const payload of [{}, { id: '../etc' }, { id: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: API_PATHS.productRemove, headers: { token }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/^id: /);
    }
  });
});
