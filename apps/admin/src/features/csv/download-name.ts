/**
 * The file name of a Content-Disposition header (`attachment; filename="orders-2026-11-24.csv"`,
 * or RFC 5987's `filename*=UTF-8''…`, which wins when both are there); the fallback when the
 * header names none. Path separators are dropped: a name is never a path.
 */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1]?.replace(/\\(.)/g, '$1');
  name ??= /filename\s*=\s*([^;"\s]+)/.exec(header)?.[1];
  const safe = name?.replace(/[/\\]/g, '').trim();
  return safe ? safe : fallback;
}
