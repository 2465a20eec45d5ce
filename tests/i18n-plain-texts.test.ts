import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18nByLocale } from '../client/i18n-catalogs.ts';
import { LOCALES } from '../shared/locales.ts';

/**
 * The server's i18n instances answer texts without placeholders from the catalog
 * (client/i18n-catalogs.ts): every message of every locale must come out exactly as Lingui's own
 * `_` gives it, by id or descriptor, with and without values, and a message the catalog lacks as Lingui gives it too.
 */
describe("the server's translations", () => {
  for (const locale of LOCALES) {
    it(`${locale}: every message as Lingui's own i18n._ writes it`, () => {
      const fast = i18nByLocale[locale];
      const messages = fast.messages as Messages;
      const lingui = setupI18n({ locale, messages: { [locale]: messages } });
      const ids = Object.keys(messages);
      expect(ids.length).toBeGreaterThan(100);
      const values = { count: 3, value: 'R$ 10,00', total: 7, shown: 2, name: 'Ana', 0: 'x', 1: 'y' };
      let plain = 0;
      for (const id of ids) {
        expect(fast._(id), id).toBe(lingui._(id));
        expect(fast._(id, values), id).toBe(lingui._(id, values));
        // As `msg` and `t` hand them over: a descriptor, with and without values.
        expect(fast._({ id }), id).toBe(lingui._({ id }));
        expect(fast._({ id, values }), id).toBe(lingui._({ id, values }));
        if (fast._(id) === (messages[id] as unknown[])[0]) plain++;
      }
      expect(plain).toBeGreaterThan(50);
      expect(fast._('no such message id')).toBe(lingui._('no such message id'));
      expect(fast._({ id: 'no-such-id', message: 'Olá {name}', values: { name: 'Ana' } })).toBe(
        lingui._({ id: 'no-such-id', message: 'Olá {name}', values: { name: 'Ana' } }),
      );
      expect(fast.t).toBe(fast._);
    });
  }
});
