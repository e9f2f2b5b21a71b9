import { Image } from '@mantine/core';
import defaultImage from '../assets/default-order-image.svg';

interface OrderItemImageProps {
  src: string | null | undefined;
  alt: string;
  size: number;
}

/** An item's picture; the default image when the item has none or it does not load. */
export function OrderItemImage({ src, alt, size }: OrderItemImageProps) {
  return (
    <Image
      src={src || defaultImage}
      fallbackSrc={defaultImage}
      alt={alt}
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      loading="lazy"
      style={{ flexShrink: 0 }}
    />
  );
}
