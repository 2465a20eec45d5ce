import { describe, expect, it } from 'vitest';
import { criticalCss, prepareSheet } from './critical-css.ts';

const SHEET = [
  ':root{--x:1}',
  'body{margin:0}',
  '.skip-link{position:absolute}',
  '._card_ab12c_1{display:grid}',
  '._card_ab12c_1:hover ._image_ab12c_9{opacity:.9}',
  '._menu_zz9y8_3{display:none}',
  '._menu_zz9y8_3,._card_ab12c_1 ._price_ab12c_20{color:red}',
  '._card_ab12c_1:not(._soldOut_ab12c_30){cursor:pointer}',
  '._grid_ab12c_40:has(._menu_zz9y8_3){gap:0}',
  '@media (width>=768px){._menu_zz9y8_3{display:block}._card_ab12c_1{gap:1rem}}',
  '@supports (display:grid){@media (width>=1200px){._card_ab12c_1{gap:2rem}._menu_zz9y8_3{gap:0}}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

const markup = '<div class="_card_ab12c_1"><img class="_image_ab12c_9" src="/x.webp"><span class="_price_ab12c_20">R$ 1</span></div>';

describe('criticalCss', () => {
  const sheet = prepareSheet(SHEET);
  const css = criticalCss(sheet, ` ${markup}`);

  it("keeps the rules whose module classes are all in the page's class attributes, in the sheet's order", () => {
    expect(css).toBe(
      [
        ':root{--x:1}',
        'body{margin:0}',
        '.skip-link{position:absolute}',
        '._card_ab12c_1{display:grid}',
        '._card_ab12c_1:hover ._image_ab12c_9{opacity:.9}',
        '._menu_zz9y8_3,._card_ab12c_1 ._price_ab12c_20{color:red}',
        '._card_ab12c_1:not(._soldOut_ab12c_30){cursor:pointer}',
        '@media (width>=768px){._card_ab12c_1{gap:1rem}}',
        '@supports (display:grid){@media (width>=1200px){._card_ab12c_1{gap:2rem}}}',
        '@keyframes spin{to{transform:rotate(1turn)}}',
      ].join(''),
    );
  });

  it('leaves out a rule whose class the page does not use, also inside at-rules', () => {
    expect(css).not.toContain('display:none');
    expect(css).not.toContain('display:block');
    expect(css).not.toContain('gap:0');
  });

  it('keeps everything when the page uses every class, and only unconditional rules on an empty page', () => {
    const all = criticalCss(sheet, ' <i class="_card_ab12c_1 _image_ab12c_9 _price_ab12c_20 _menu_zz9y8_3 _grid_ab12c_40"></i>');
    expect(all).toBe(SHEET);
    expect(criticalCss(sheet, '')).toBe(
      ':root{--x:1}body{margin:0}.skip-link{position:absolute}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it('does not count class names written as text or in other attributes', () => {
    expect(criticalCss(sheet, '<p data-x="_menu_zz9y8_3">_menu_zz9y8_3</p>')).not.toContain('_menu_zz9y8_3');
  });

  it('answers a page whose classes it has seen from what it picked then, in any order, and never mixes two pages up', () => {
    const fresh = prepareSheet(SHEET);
    const withMenu = ' <i class="_menu_zz9y8_3"></i>';
    const first = criticalCss(fresh, ` ${markup}`);
    expect(criticalCss(fresh, withMenu)).toContain('display:none');
    expect(criticalCss(fresh, withMenu)).not.toContain('_card_ab12c_1{display:grid}');
    // The same class attributes in another order and repeated: found among those picked before.
    const reordered =
      '<b class="_price_ab12c_20"></b><b class="_image_ab12c_9"></b><b class="_card_ab12c_1"></b><i class="_image_ab12c_9"></i>';
    expect(criticalCss(fresh, reordered)).toBe(first);
    expect(fresh.picked.size).toBe(2);
    // The same classes in other attributes: picked again, to the same rules.
    expect(criticalCss(fresh, '<b class="_card_ab12c_1 _image_ab12c_9"></b><b class="_price_ab12c_20"></b>')).toBe(first);
    expect(fresh.picked.size).toBe(3);
  });
});
