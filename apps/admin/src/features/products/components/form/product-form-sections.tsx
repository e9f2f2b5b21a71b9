import type { TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { AccessorySection } from './accessory-section';
import { BasicInfoSection } from './basic-info-section';
import { CategorySection } from './category-section';
import { ColorSection } from './color-section';
import { SizeSection } from './size-section';
import { StatusSection } from './status-section';
import { StockSection } from './stock-section';

interface ProductFormSectionsProps {
  /** Add (spec 1 section 2.4) or Modify (section 2.7): labels and controls differ a little. */
  variant: 'add' | 'modify';
  /** The images section: 10 slots on Add, the image manager on Modify. */
  images: ReactNode;
  onSavedAccessoryImageRemoved?: (url: string) => void;
}

/** The sections both product forms share, in the spec's order; the form itself is the caller's. */
export function ProductFormSections({ variant, images, onSavedAccessoryImageRemoved }: ProductFormSectionsProps) {
  const add = variant === 'add';
  const order: TitleOrder = add ? 2 : 3;
  const accessories = (
    <AccessorySection
      order={order}
      title={add ? 'Accessory' : 'Accessories'}
      removable={!add}
      {...(onSavedAccessoryImageRemoved && { onSavedImageRemoved: onSavedAccessoryImageRemoved })}
    />
  );
  return (
    <>
      <BasicInfoSection order={order} nameLabel={add ? 'Product Name' : 'Name'} withDiscount={!add} />
      <CategorySection order={order} />
      <StatusSection order={order} variant={add ? 'checkboxes' : 'dropdown'} />
      <ColorSection order={order} variant={add ? 'chips' : 'dropdown'} />
      <SizeSection order={order} title={add ? 'Clothing Sizes and Canvas Sizes' : 'Size Variants'} />
      <StockSection order={order} />
      {add ? (
        <>
          {images}
          {accessories}
        </>
      ) : (
        <>
          {accessories}
          {images}
        </>
      )}
    </>
  );
}
