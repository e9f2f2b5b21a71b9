import { randomBytes } from 'node:crypto';
import { API_PATHS } from '@backroom/contract';

/*
 * Stored images are named by the server only: 32 random hex digits and .webp for the re-encoded
 * image, the same with -thumb for its thumbnail, and -mail.jpg for the JPEG that campaign e-mails
 * show (docs/decisions/043-email-delivery-failures.md). Nothing a client sends ever becomes a path:
 * names are checked against this pattern, and files are only deleted by names read from the
 * database.
 */
const NAME = /^[0-9a-f]{32}(?:(?:-thumb)?\.webp|-mail\.jpg)$/;

export function newImageName(): string {
  return `${randomBytes(16).toString('hex')}.webp`;
}

/** The thumbnail's name for an image's name. */
export function thumbName(name: string): string {
  return name.replace(/\.webp$/, '-thumb.webp');
}

/** The e-mail rendition's name for an image's name: the same 32 hex digits, so what keeps one keeps the other. */
export function mailImageName(name: string): string {
  return name.replace(/(?:-thumb)?\.webp$/, '-mail.jpg');
}

/** The media type a stored file is served and stored with. */
export function imageContentType(name: string): 'image/jpeg' | 'image/webp' {
  return name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
}

export function isImageName(name: string): boolean {
  return NAME.test(name);
}

/** Where the admin loads an image: /uploads/{name}. */
export function imageUrl(name: string): string {
  return `${API_PATHS.uploads}/${name}`;
}

/**
 * The base name a client's reference means ('/uploads/x.webp', 'http://host/uploads/x.webp?v=1'
 * or 'x.webp'): only ever compared with the names a product holds, never used as a path.
 */
export function nameFromReference(reference: string): string {
  const withoutQuery = reference.split(/[?#]/, 1)[0] ?? '';
  return withoutQuery.slice(withoutQuery.lastIndexOf('/') + 1);
}
