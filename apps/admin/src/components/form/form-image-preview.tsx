import type { FormImage } from '@backroom/contract';
import { Image } from '@mantine/core';
import { useObjectUrl } from './use-object-url';

interface FormImagePreviewProps {
  image: FormImage;
  alt: string;
  size?: number;
}

/** A form's image: a saved one by its URL, a picked file by a blob: URL. */
export function FormImagePreview({ image, alt, size = 96 }: FormImagePreviewProps) {
  const objectUrl = useObjectUrl(image.kind === 'new' ? image.file : null);
  const src = image.kind === 'saved' ? image.url : objectUrl;
  return <Image src={src} alt={alt} w={size} h={size} radius="sm" fit="cover" />;
}
