import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminLogin, openPage, seriousAxeViolations } from './browser.ts';
import { ADMIN, type Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite } from './suite.ts';

let shop: Shop;
let browser: Browser;
let cookie: string;

shopSuite((s) => ({ shop, browser, cookie } = s), { admin: true });

/** A tRPC call as the signed-in admin (setup and cross-checks only; the UI is what is tested). */
async function trpc<T>(path: string, input?: unknown): Promise<T> {
  const headers = { cookie, origin: shop.url, 'content-type': 'application/json' };
  const res =
    input === undefined
      ? await fetch(`${shop.url}/trpc/${path}`, { headers })
      : await fetch(`${shop.url}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input) });
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return (await res.json()).result.data as T;
}
const saveTheme = (admin_theme: 'dark' | 'light') => trpc('settings.update', { admin_theme });

/** WCAG contrast of an element's text against the first opaque background behind it, and of that background against its container's. */
async function contrast(el: Locator) {
  return el.evaluate((node) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const opaque = (n: Element | null): number[] => {
      for (let e = n; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c[3] ?? 0) > 0.99) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const bg = opaque(node);
    const around = opaque(node.parentElement?.parentElement ?? null);
    return { text: ratio(rgb(getComputedStyle(node).color).slice(0, 3), bg), background: ratio(bg, around) };
  });
}

async function heights(cards: Locator): Promise<number[]> {
  return cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(250); // transitions (modals, colour scheme) settle
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Excel's CSV: semicolons, Windows-1252 (one byte per accented letter), CRLF; names recognisable later. */
function excelCsv(rows: number): Buffer {
  const lines = ['nome;avaliacao;estrelas;cidade'];
  lines.push('João Araújo;Ótimo, chegou rápido;5;São Paulo - SP');
  for (let i = 1; i < rows; i++) lines.push(`Cliente Ação ${i};"Produto excelente; recomendo (${i})";${(i % 5) + 1};Maceió - AL`);
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

describe('admin: reviews import with a server-side preview', () => {
  it('no file → the spec text; a Windows-1252 file → preview with accents → import → stats → storefront shows them', async () => {
    const { context, page, errors } = await openAdmin(browser, shop, '/admin/avaliacoes');
    await page.getByRole('button', { name: 'Importar Avaliações' }).click();
    await page.getByText('Selecione um arquivo CSV').waitFor();

    const before = await trpc<{ reviews: number }>('dashboard.counts');
    await page.locator('input[type=file]').setInputFiles({ name: 'avaliacoes.csv', mimeType: 'text/csv', buffer: excelCsv(60) });
    const preview = page.getByTestId('review-preview');
    await preview.waitFor();
    assert.equal(await page.getByTestId('preview-separator').textContent(), 'ponto e vírgula (;)');
    assert.equal(await page.getByTestId('preview-encoding').textContent(), 'Windows-1252');
    assert.equal(await page.getByTestId('preview-total').textContent(), '60');
    const first = page.getByTestId('preview-rows').locator('tbody tr').first();
    assert.match((await first.textContent()) ?? '', /João Araújo.*Ótimo, chegou rápido.*5 de 5 estrelas.*São Paulo - SP/);
    assert.equal(await page.getByTestId('preview-rows').locator('tbody tr').count(), 5);
    assert.equal((await trpc<{ reviews: number }>('dashboard.counts')).reviews, before.reviews, 'the preview wrote nothing');
    await shoot(page, 'admin-reviews-preview-1280');
    assert.deepEqual(await seriousAxeViolations(page), []);

    await page.getByLabel('Limpar avaliações existentes antes de importar').check();
    await page.getByRole('button', { name: 'Importar Avaliações' }).click();
    const result = page.getByTestId('import-result');
    await result.waitFor();
    const { products } = await trpc<{ products: number }>('dashboard.counts');
    assert.ok((await result.textContent())?.includes('Avaliações importadas com sucesso'));
    assert.equal(await page.getByTestId('stat-reviews-in-csv').textContent(), '60');
    assert.equal(await page.getByTestId('stat-total-products').textContent(), String(products));
    const imported = Number(await page.getByTestId('stat-total-reviews').textContent());
    assert.ok(imported >= 4 * products && imported <= 60, `every product got 4 or more (${imported})`);
    assert.equal((await trpc<{ reviews: number }>('dashboard.counts')).reviews, imported, 'cleared first, then imported');
    await shoot(page, 'admin-reviews-result-1280');

    // The storefront: a product page lists the reviews it was given, accents intact.
    const home = await trpc<{ featured: { id: number; slug: string }[] }>('catalog.home');
    const product = home.featured[0]!;
    const list = await trpc<{ reviews: { reviewer_name: string; reviewer_city: string }[] }>(
      `reviews.list?input=${encodeURIComponent(JSON.stringify({ product_id: product.id }))}`,
    );
    assert.ok(list.reviews.length >= 4);
    await page.goto(`${shop.url}/produto/${product.slug}`);
    const block = page.locator('section[aria-labelledby="reviews-title"]');
    await block.waitFor();
    for (const r of list.reviews) await block.getByText(r.reviewer_name, { exact: true }).waitFor();
    assert.ok((await block.textContent())?.match(/Maceió - AL|São Paulo - SP/));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('lists the rows the import would refuse and keeps the import button off', async () => {
    const { context, page } = await openAdmin(browser, shop, '/admin/avaliacoes', { width: 390 });
    const bad = 'nome,avaliacao,estrelas,cidade\nAna,ok,5,Recife\nBia,ok,7,Natal\nCaio,ok,4\n';
    await page.locator('input[type=file]').setInputFiles({ name: 'ruim.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const problems = page.getByTestId('preview-errors');
    await problems.waitFor();
    const text = (await problems.textContent()) ?? '';
    assert.ok(text.includes('Linha 3: estrelas deve ser um número de 1 a 5 (recebido "7")'));
    assert.ok(text.includes('Linha 4: esperadas 4 colunas, encontradas 3'));
    assert.ok(await page.getByRole('button', { name: 'Importar Avaliações' }).isDisabled());
    // On a phone the good rows come as cards (no sideways table), right under the form.
    const cards = page.getByTestId('preview-cards');
    assert.match((await cards.textContent()) ?? '', /Ana.*5 de 5 estrelas.*ok.*Linha 2 · Recife/);
    const formBottom = (await page.locator('form').boundingBox())!;
    assert.ok((await page.getByTestId('review-preview').boundingBox())!.y > formBottom.y + formBottom.height - 1);
    assert.ok(
      (await page.getByTestId('review-preview').boundingBox())!.y < (await page.getByText('Formato do arquivo CSV').boundingBox())!.y,
    );
    await shoot(page, 'admin-reviews-errors-390');
    await context.close();
  });
});

describe('admin: dashboard, users, not found', () => {
  it('shows the real counts, each a link to its section', async () => {
    const { context, page, errors } = await openAdmin(browser, shop);
    const counts = await trpc<Record<string, number>>('dashboard.counts');
    await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root'));
    const sections = {
      products: '/admin/produtos',
      collections: '/admin/colecoes',
      banners: '/admin/banners',
      reviews: '/admin/avaliacoes',
    };
    for (const [key, href] of Object.entries(sections)) {
      const card = page.getByTestId(`count-${key}`);
      assert.equal(await card.getAttribute('href'), href);
      assert.ok((await card.textContent())?.includes(String(counts[key])), `${key}: ${counts[key]}`);
    }
    assert.ok((counts.reviews ?? 0) > 0, 'the demo shop has reviews');
    await page.getByTestId('count-reviews').click();
    await page.waitForURL('**/admin/avaliacoes');
    await page.getByRole('heading', { name: 'Avaliações' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('maps the server’s user error codes to the spec’s texts, keeps the input, deletes with a labelled confirmed button', async () => {
    const { context, page, errors } = await openAdmin(browser, shop, '/admin/usuarios', { width: 390 });
    await page.getByRole('button', { name: 'Criar Novo Usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Novo Usuário' });
    await dialog.getByLabel('Username').fill('ab!');
    await dialog.getByLabel('Senha').fill('segredo1');
    await dialog.getByRole('button', { name: 'Criar Novo Usuário' }).click();
    await dialog.getByText('Username inválido (use apenas letras, números e _)').waitFor();
    await dialog.getByLabel('Username').fill(ADMIN.username);
    await dialog.getByRole('button', { name: 'Criar Novo Usuário' }).click();
    await dialog.getByText('Username já existe').waitFor();
    assert.equal(await dialog.getByLabel('Username').inputValue(), ADMIN.username, 'input kept after a refusal');
    await shoot(page, 'admin-users-exists-390');
    await dialog.getByLabel('Username').fill('maria_teste');
    await dialog.getByRole('button', { name: 'Criar Novo Usuário' }).click();
    await page.getByText('Usuário criado com sucesso!').waitFor();

    await page.getByRole('button', { name: 'Alterar Minha Senha' }).click();
    const pw = page.getByRole('dialog', { name: 'Alterar Minha Senha' });
    await pw.getByLabel('Senha atual').fill('errada-123');
    await pw.getByLabel('Nova senha', { exact: false }).first().fill('nova-senha-1');
    await pw.getByLabel('Confirmar nova senha').fill('nova-senha-1');
    await pw.getByRole('button', { name: 'Salvar' }).click();
    await pw.getByText('Senha atual incorreta').waitFor();
    await pw.press('Escape');

    const row = page.getByTestId('user-maria_teste');
    await row.waitFor();
    const date = row.getByText(/^Criado em /);
    const lineHeight = await date.evaluate((e) => Number.parseFloat(getComputedStyle(e).lineHeight));
    assert.ok((await date.boundingBox())!.height < lineHeight * 1.5, 'the labelled date stays on one line at 390 px');
    await shoot(page, 'admin-users-390');
    await row.getByRole('button', { name: 'Excluir maria_teste' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Tem certeza que deseja deletar este usuário?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Usuário deletado com sucesso!').waitFor();
    await row.waitFor({ state: 'detached' });
    assert.deepEqual(
      errors.filter((e) => !/http (400|409): .*\/trpc\/auth\.(createUser|changePassword)/.test(e)),
      [],
    );
    await context.close();
  });

  it('answers an unknown /admin address with a not-found view and a way back', async () => {
    const { context, page } = await openAdmin(browser, shop, '/admin/xyz');
    const view = page.getByTestId('admin-not-found');
    await view.waitFor();
    assert.ok((await view.textContent())?.includes('/admin/xyz'));
    assert.equal(await page.locator('[data-active]').count(), 0, 'no sidebar item claims the address');
    assert.equal(await page.getByTestId('count-products').count(), 0, 'not the Dashboard');
    await shoot(page, 'admin-not-found-1280');
    await page.getByRole('link', { name: 'Voltar para o Dashboard' }).click();
    await page.getByTestId('count-products').waitFor();
    await context.close();
  });
});

describe('admin: themes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: login in the saved theme, no serious axe violations, readable selection, even cards`, async () => {
      await saveTheme(scheme);
      for (const width of [1280, 390]) {
        const { context, page, errors } = await openPage(browser, shop, { width, height: width > 400 ? 900 : 844 });
        await page.goto(`${shop.url}/admin`);
        await page.getByRole('button', { name: 'Entrar' }).waitFor();
        await page.waitForFunction((s) => document.documentElement.dataset.mantineColorScheme === s, scheme);
        assert.deepEqual(await seriousAxeViolations(page), [], `login ${scheme} ${width}`);
        await shoot(page, `admin-login-${scheme}-${width}`);
        await adminLogin(page, shop);

        for (const [path, name] of [
          ['/admin', 'dashboard'],
          ['/admin/usuarios', 'users'],
          ['/admin/idioma', 'language'],
          ['/admin/avaliacoes', 'reviews'],
        ] as const) {
          await page.goto(`${shop.url}${path}`);
          await page.getByRole('button', { name: 'Sair' }).waitFor();
          await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root'));
          assert.deepEqual(await seriousAxeViolations(page), [], `${name} ${scheme} ${width}`);
          await shoot(page, `admin-${name}-${scheme}-${width}`);
        }

        // On 'Idioma e Moeda': the selected language card and (when the sidebar shows) the active item.
        await page.goto(`${shop.url}/admin/idioma`);
        await page.getByTestId('locale-grid').waitFor();
        const selected = page.locator('[data-testid="locale-grid"] [aria-pressed="true"] .mantine-Card-root');
        const card = await contrast(selected);
        assert.ok(card.text >= 4.5, `selected card text ${card.text.toFixed(2)}:1`);
        if (scheme === 'dark') assert.ok(card.background >= 4.5, `selected card against the page ${card.background.toFixed(2)}:1`);
        const verLoja = await contrast(page.getByRole('link', { name: 'Ver Loja' }));
        assert.ok(verLoja.text >= 4.5, `'Ver Loja' ${verLoja.text.toFixed(2)}:1`);
        if (width > 1024) {
          const active = await contrast(page.locator('nav a[aria-current="page"]'));
          assert.ok(active.text >= 4.5, `active item text ${active.text.toFixed(2)}:1`);
          if (scheme === 'dark') assert.ok(active.background >= 4.5, `active item against the sidebar ${active.background.toFixed(2)}:1`);
        }
        for (const grid of ['locale-grid', 'currency-grid']) {
          const h = await heights(page.getByTestId(grid).getByTestId('choice'));
          assert.ok(Math.max(...h) - Math.min(...h) <= 1, `${grid} cards of equal height: ${h.join(', ')}`);
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
    });
  }
  after(() => saveTheme('light'));
});

describe('admin: a screen that fails while drawing', () => {
  it('says so in its place with a reload; the header, the sidebar and the other screens stay', async () => {
    const { context, page, errors } = await openAdmin(browser, shop, '/admin');
    await page.getByTestId('count-products').waitFor();
    // The users' list comes back in a shape the screen cannot draw (as from a server of another
    // version): 'Usuários' throws while rendering. The rest of the batch is answered as it was.
    await page.route('**/trpc/**', async (route) => {
      const url = new URL(route.request().url());
      const paths = url.pathname.slice('/trpc/'.length).split(',');
      const at = paths.indexOf('auth.listUsers');
      if (at < 0) return route.continue();
      const res = await route.fetch();
      const body = (await res.json()) as unknown[];
      body[at] = { result: { data: { users: 'not a list' } } };
      await route.fulfill({ response: res, json: body });
    });
    await page.getByRole('link', { name: 'Usuários' }).click();
    const failed = page.getByTestId('admin-screen-error');
    await failed.waitFor();
    assert.match((await failed.textContent()) ?? '', /Não foi possível abrir esta seção\. Recarregue a página\./);
    await failed.getByRole('button', { name: 'Recarregar' }).waitFor();
    await page.getByRole('button', { name: 'Sair' }).waitFor();
    assert.ok(
      errors.some((e) => e.includes('not a function')),
      'the failure is logged to the console',
    );
    await page.screenshot({ path: `${SHOTS}/admin-screen-error-1280.png` });

    // Another screen opens as usual, and the failed one is cleared.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByTestId('count-products').waitFor();
    assert.equal(await failed.count(), 0);
    // With the server answering soundly again, 'Recarregar' brings the screen back.
    await page.unroute('**/trpc/**');
    await page.getByRole('link', { name: 'Usuários' }).click();
    await failed.getByRole('button', { name: 'Recarregar' }).click();
    await page.getByTestId(`user-${ADMIN.username}`).waitFor();
    assert.equal(await failed.count(), 0);
    await context.close();
  });
});
