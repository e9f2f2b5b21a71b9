import { describe, expect, it } from 'vitest';
import { absoluteUrl, personalise, renderMessage, UNSUBSCRIBE_MARKER } from './render';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-link';

const product = {
  _id: '65a1b2c3d4e5f60718293a4b',
  name: 'Lamp "Aurora" <XL>',
  image: '/uploads/0123456789abcdef0123456789abcdef.webp',
  priceCents: 12_500,
  discount: 10,
  category: 'Home',
  subCategory: 'Lighting',
};

describe('renderMessage', () => {
  const rendered = renderMessage(
    {
      notificationType: 'discountedProduct',
      subject: 'Sale <now>',
      message: 'Line one <script>x()</script>\nline two\n\nSecond & last',
      productLink: 'https://shop.example/p?a=1&b="2"',
      products: [product, { ...product, _id: '65a1b2c3d4e5f60718293a4c', discount: 0, image: null }],
    },
    'https://shop.example',
  );

  it('escapes the admin’s text and makes paragraphs of it', () => {
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('Line one &lt;script&gt;x()&lt;/script&gt;<br>line two</p>');
    expect(rendered.html).toContain('>Second &amp; last</p>');
    expect(rendered.html).toContain('<title>Sale &lt;now&gt;</title>');
    expect(rendered.html).toContain('href="https://shop.example/p?a=1&amp;b=&quot;2&quot;"');
  });

  it('shows products with absolute images and the struck price when discounted', () => {
    expect(rendered.html).toContain('src="https://shop.example/uploads/0123456789abcdef0123456789abcdef.webp"');
    expect(rendered.html).toContain('alt="Lamp &quot;Aurora&quot; &lt;XL&gt;"');
    expect(rendered.html).toMatch(/<s [^>]*>\$125\.00<\/s> <strong [^>]*>\$112\.50<\/strong>/);
    expect(rendered.html).toContain('<strong>$125.00</strong>');
    expect(rendered.text).toContain('- Lamp "Aurora" <XL> (Home / Lighting): $112.50 (was $125.00, -10%)');
    expect(rendered.text).toContain('- Lamp "Aurora" <XL> (Home / Lighting): $125.00\n');
  });

  it('puts each recipient’s unsubscribe link where the marker is', () => {
    expect(rendered.html).toContain(UNSUBSCRIBE_MARKER);
    const mine = personalise(rendered, 'https://shop.example/api/unsubscribe?token=a&b');
    expect(mine.html).not.toContain(UNSUBSCRIBE_MARKER);
    expect(mine.html).toContain('href="https://shop.example/api/unsubscribe?token=a&amp;b"');
    expect(mine.text).toContain('Unsubscribe: https://shop.example/api/unsubscribe?token=a&b');
  });

  it('keeps absolute image URLs as they are', () => {
    expect(absoluteUrl('https://shop.example', 'https://cdn.example/x.webp')).toBe('https://cdn.example/x.webp');
    expect(absoluteUrl('https://shop.example', 'uploads/x.webp')).toBe('https://shop.example/uploads/x.webp');
  });
});

describe('unsubscribe tokens', () => {
  const id = '65a1b2c3d4e5f60718293a4b';
  it('name the user under our signature only', () => {
    const token = unsubscribeToken(id, 'key-one');
    expect(verifyUnsubscribeToken(token, 'key-one')).toBe(id);
    expect(verifyUnsubscribeToken(token, 'key-two')).toBeUndefined();
    expect(verifyUnsubscribeToken(token.replace(id, '65a1b2c3d4e5f60718293a4c'), 'key-one')).toBeUndefined();
    expect(verifyUnsubscribeToken(`${token}x`, 'key-one')).toBeUndefined();
    expect(verifyUnsubscribeToken('', 'key-one')).toBeUndefined();
  });
});
