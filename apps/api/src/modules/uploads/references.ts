import { type SQL, sql } from 'drizzle-orm';
import { bundles } from '../../db/schema/bundles';
import { emailCampaigns } from '../../db/schema/campaigns';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';

/*
 * Every place that refers to a stored image, in one list: the upload sweep (sweep.ts) deletes a
 * file only when none of these names it (docs/decisions/021-upload-sweep.md). A table that starts
 * keeping images MUST add its query here, or the sweep deletes its files an hour after they are
 * written.
 *
 * Each query answers one text column: a base name ('<32 hex>.webp'), or any text holding one (a URL
 * '/uploads/<32 hex>.webp', 'https://host/uploads/<32 hex>-thumb.webp?v=2'). The sweep compares the
 * 32 hex digits, so a reference to an image keeps its thumbnail too, and the other way round.
 */

/** The elements of a JSONB value that should be an array; none when it is anything else. */
const elementsOf = (value: SQL) =>
  sql`jsonb_array_elements(case jsonb_typeof(${value}) when 'array' then ${value} else '[]'::jsonb end)`;

/** A JSONB value holding one image or a list of them, as text values. */
const imagesOf = (value: SQL) =>
  sql`jsonb_array_elements_text(case jsonb_typeof(${value}) when 'array' then ${value} when 'string' then jsonb_build_array(${value}) else '[]'::jsonb end)`;

export interface ImageReference {
  /** What refers, for logs and the decision record. */
  what: string;
  /** A query answering one text column of references. */
  query: SQL;
}

export const IMAGE_REFERENCES: readonly ImageReference[] = [
  {
    what: 'product images',
    query: sql`select ${imagesOf(sql`${products.images}`)} from ${products}`,
  },
  {
    what: 'accessory images',
    query: sql`select ${imagesOf(sql`a.value -> 'images'`)} from ${products}, ${elementsOf(sql`${products.accessories}`)} a`,
  },
  {
    // Always one of the product's own images; listed so that no future change can strand one.
    what: 'colour variant images',
    query: sql`select ${imagesOf(sql`v.value -> 'image'`)} from ${products}, ${elementsOf(sql`${products.colorVariants}`)} v`,
  },
  {
    // The storefront writes an item's image as a URL or a base name (or a list): an order keeps
    // showing its picture even if its product's files outlived the product.
    what: 'order item images',
    query: sql`select ${imagesOf(sql`i.value -> 'image'`)} from ${orders}, ${elementsOf(sql`${orders.items}`)} i`,
  },
  {
    what: 'bundle images',
    query: sql`select ${imagesOf(sql`${bundles.images}`)} from ${bundles}`,
  },
  {
    // A campaign keeps its products as they were (their pictures' e-mail renditions, or the
    // product images of older campaigns): e-mails already sent, and the Sent e-mails preview, go on
    // showing them after the product is deleted or changes its images. The outbox's messages
    // name the same files as their campaign.
    what: 'campaign product images',
    query: sql`select ${imagesOf(sql`p.value -> 'image'`)} from ${emailCampaigns}, ${elementsOf(sql`${emailCampaigns.products}`)} p`,
  },
];
