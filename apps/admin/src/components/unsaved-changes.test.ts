// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { changedFrom, escapeBelongsTo } from './unsaved-changes';

describe('changedFrom', () => {
  it('sees no change in values equal item by item and key by key', () => {
    expect(changedFrom('Robots', 'Robots')).toBe(false);
    expect(changedFrom(Number.NaN, Number.NaN)).toBe(false);
    expect(changedFrom(['Matte', 'Gloss'], ['Matte', 'Gloss'])).toBe(false);
    expect(
      changedFrom(
        { name: 'Figures', subCategories: ['DC'], image: { kind: 'saved', url: '/a.webp' }, color: null },
        { name: 'Figures', subCategories: ['DC'], image: { kind: 'saved', url: '/a.webp' }, color: null },
      ),
    ).toBe(false);
  });

  it('sees a typed character, an entry added, moved or removed, a key set', () => {
    expect(changedFrom('Robots', 'Robots ')).toBe(true);
    expect(changedFrom(['Matte'], ['Matte', ''])).toBe(true);
    expect(changedFrom(['Matte', 'Gloss'], ['Gloss', 'Matte'])).toBe(true);
    expect(changedFrom(['Matte', 'Gloss'], ['Matte'])).toBe(true);
    expect(changedFrom({ color: null }, { color: 'blue' })).toBe(true);
    expect(changedFrom({ name: 'a' }, { name: 'a', extra: undefined })).toBe(false);
    expect(changedFrom({ name: 'a' }, { name: 'a', extra: '' })).toBe(true);
    expect(changedFrom(null, {})).toBe(true);
    expect(changedFrom([], {})).toBe(true);
  });

  it('compares a picked file by identity: the same file is no change, another one is', () => {
    const file = new File(['x'], 'one.png');
    expect(changedFrom([{ file }], [{ file }])).toBe(false);
    expect(changedFrom([{ file }], [{ file: new File(['x'], 'one.png') }])).toBe(true);
  });
});

describe('escapeBelongsTo', () => {
  const page = () => {
    document.body.innerHTML = `
      <div id="dialog">
        <section role="dialog"><input id="title"><button id="list" data-mantine-stop-propagation="true"></button></section>
      </div>
      <div id="calendar" role="dialog" tabindex="-1"><button id="day"></button></div>`;
    const get = (id: string) => document.getElementById(id);
    return { root: get('dialog'), get };
  };

  it("is the dialog's in a field inside it, and with the focus on the page's body", () => {
    const { root, get } = page();
    expect(escapeBelongsTo(root, get('title'))).toBe(true);
    expect(escapeBelongsTo(root, document.body)).toBe(true);
    expect(escapeBelongsTo(root, document.documentElement)).toBe(true);
  });

  it('is not in a layer drawn outside the dialog (a calendar, its days), nor on a field whose list is open', () => {
    const { root, get } = page();
    expect(escapeBelongsTo(root, get('calendar'))).toBe(false);
    expect(escapeBelongsTo(root, get('day'))).toBe(false);
    expect(escapeBelongsTo(root, get('list'))).toBe(false);
  });

  it('is nobody’s without a dialog or an element', () => {
    const { get } = page();
    expect(escapeBelongsTo(null, get('title'))).toBe(false);
    expect(escapeBelongsTo(document.getElementById('dialog'), null)).toBe(false);
    expect(escapeBelongsTo(document.getElementById('dialog'), window)).toBe(false);
  });
});
