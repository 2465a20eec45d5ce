import assert from 'node:assert/strict';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { LIMITS } from '../../shared/limits.ts';
import { fakePng, image } from '../helpers/images.ts';
import { answerConfirm, assertFieldError, fileOf, formCard, onStorefront, openSection, productTitles } from './admin-catalog.helpers.ts';
import type { Shop } from './server.ts';
import { SHOTS, shopSuite, toast } from './suite.ts';

let shop: Shop;
let browser: Browser;
let cookie: string;

shopSuite((s) => ({ shop, browser, cookie } = s), { admin: true, controls: true });

type Product = { id: number; title: string; slug: string; price: string; collection_id: number | null; position: number };
type Image = { id: number; file_name: string };

const get = async <T>(path: string): Promise<T> => (await fetch(`${shop.url}${path}`)).json() as Promise<T>;
const products = () => get<Product[]>('/api/products/list.php');
const productNamed = async (title: string) => (await products()).find((p) => p.title === title);
const imagesOf = async (id: number) => (await get<{ images: Image[] }>(`/api/products/images/list.php?product_id=${id}`)).images;
const collectionId = async (slug: string) =>
  (await get<{ id: number; slug: string }[]>('/api/collections/list.php')).find((c) => c.slug === slug)?.id;
/** Products of a collection in the order the shop keeps them. */
const orderOf = async (collection: number | undefined) =>
  (await products())
    .filter((p) => p.collection_id === (collection ?? null))
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((p) => p.title);

/** A legacy call made behind the admin's back (another tab, another admin). */
async function legacy(path: string, body: unknown = {}): Promise<number> {
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: shop.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

async function eventually<T>(read: () => Promise<T>, expected: T, message: string): Promise<void> {
  const deadline = Date.now() + 5000;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  assert.deepEqual(last, expected, message);
}

const png = (name: string, colour: string) => image('png', colour, { width: 120, height: 120 }).then((b) => fileOf(name, 'image/png', b));
const galleryNames = (scope: Locator) =>
  scope.getByTestId('gallery-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));

async function chooseOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Produtos', () => {
  it('creates a product with images held before it exists, refusing bad files, and shows it on the storefront', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/produtos');
    const form = formCard(page, 'Novo produto');
    const title = form.getByRole('textbox', { name: 'Título', exact: true });
    const price = form.getByRole('textbox', { name: 'Preço', exact: true });
    const files = form.locator('input[type=file]');

    await form.getByRole('button', { name: 'Criar produto' }).click();
    await toast(page, 'Erro', 'Preencha título e preço');
    await assertFieldError(title, 'Preencha título e preço');
    await assertFieldError(price, 'Preencha título e preço');

    await title.fill('Chapéu de Palha Artesanal');
    await price.fill('129,90');
    await form.getByRole('textbox', { name: 'Preço antigo', exact: true }).fill('159,90');
    await form.getByLabel('Descrição').fill('Trançado à mão com palha de carnaúba, aba média e fita de algodão.');
    await chooseOption(page, form.getByRole('combobox', { name: 'Coleção', exact: true }), 'Acessórios');

    await files.setInputFiles([
      await png('frente.png', '#d9b26f'),
      fileOf('lado.jpg', 'image/jpeg', await image('jpeg', '#b98b3e', { width: 120, height: 120 })),
      fileOf('animado.gif', 'image/gif', Buffer.from('GIF89a')),
      fileOf('enorme.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1)),
    ]);
    await toast(page, 'animado.gif: formato não permitido');
    await toast(page, 'enorme.png: arquivo muito grande (máx 5MB)');
    assert.deepEqual(await galleryNames(form), ['frente.png', 'lado.jpg'], 'the good files are held, with previews');
    assert.match((await form.getByRole('img', { name: 'frente.png' }).getAttribute('src')) ?? '', /^blob:/);

    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => png(`extra-${i + 1}.png`, '#336699')));
    await files.setInputFiles(eleven);
    await toast(page, 'Máximo de 10 imagens por vez');
    assert.deepEqual(await galleryNames(form), ['frente.png', 'lado.jpg'], 'a selection over 10 is refused whole');

    await form.getByRole('button', { name: 'Mover imagem 2 para a esquerda' }).click();
    assert.deepEqual(await galleryNames(form), ['lado.jpg', 'frente.png']);
    assert.ok(await form.getByRole('button', { name: 'Mover imagem 1 para a esquerda' }).isDisabled());
    await page.screenshot({ path: `${SHOTS}/admin-products-form-pending-1280.png` });

    await form.getByRole('button', { name: 'Criar produto' }).click();
    await toast(page, 'Produto criado');
    await toast(page, 'Imagens enviadas com sucesso', '2 imagem(ns) adicionada(s)');
    assert.equal(await title.inputValue(), '', 'back to an empty create form');
    assert.deepEqual(await galleryNames(form), []);
    await page.getByTestId('product-chapeu-de-palha-artesanal').waitFor();

    const created = await productNamed('Chapéu de Palha Artesanal');
    assert.ok(created);
    assert.equal(created.price, '129.90');
    assert.equal(created.collection_id, await collectionId('acessorios'));
    assert.deepEqual(
      (await imagesOf(created.id)).map((i) => i.file_name),
      ['lado.jpg', 'frente.png'],
      'uploaded after creation, in the order chosen',
    );
    assert.ok((await onStorefront(browser, shop, '/colecao/acessorios', (p) => productTitles(p))).includes('Chapéu de Palha Artesanal'));
    const page2 = await onStorefront(browser, shop, '/produto/chapeu-de-palha-artesanal', async (p) => ({
      h1: await p.locator('h1').textContent(),
      text: await p.locator('main').textContent(),
    }));
    assert.equal(page2.h1, 'Chapéu de Palha Artesanal');
    assert.ok(page2.text?.includes('R$ 129,90') && page2.text.includes('1 / 2'), 'price and both images on the product page');

    // A file named .png that is no image: refused in the browser by its content, named, never
    // previewed (no broken cover); the three good photos are held and all saved with the product.
    await title.fill('Cesto de Fibra Natural');
    await price.fill('89,90');
    await files.setInputFiles([
      await png('frente.png', '#7a9a5a'),
      fileOf('fake.png', 'image/png', fakePng),
      await png('lado.png', '#5a7a9a'),
      await png('costas.png', '#9a5a7a'),
    ]);
    await toast(page, 'Imagem recusada', 'fake.png: formato não permitido');
    assert.deepEqual(await galleryNames(form), ['frente.png', 'lado.png', 'costas.png'], 'the fake is not held');
    const covers = await form
      .getByTestId('gallery-item')
      .locator('img')
      .evaluateAll((imgs) => Promise.all((imgs as HTMLImageElement[]).map((i) => i.decode().then(() => i.naturalWidth))));
    assert.deepEqual(covers, [120, 120, 120], 'every preview is a real picture');
    await form.getByRole('button', { name: 'Criar produto' }).click();
    await toast(page, 'Produto criado');
    await toast(page, 'Imagens enviadas com sucesso', '3 imagem(ns) adicionada(s)');
    const basket = await productNamed('Cesto de Fibra Natural');
    assert.ok(basket, 'the product was kept');
    assert.deepEqual(
      (await imagesOf(basket.id)).map((i) => i.file_name),
      ['frente.png', 'lado.png', 'costas.png'],
      'the 3 good photos saved',
    );

    assert.deepEqual(
      errors.filter((e) => !/http 400/.test(e)),
      [],
    );
    await context.close();
  });

  it('edits a product: gallery uploads straight to the server, reorder and removal saved at once, field errors in place', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/produtos');
    const product = await productNamed('Chapéu de Palha Artesanal');
    assert.ok(product);
    await page.getByRole('button', { name: 'Editar Chapéu de Palha Artesanal' }).click();
    const form = formCard(page, 'Editar produto');
    assert.equal(await form.getByRole('textbox', { name: 'Preço', exact: true }).inputValue(), '129,90');
    assert.equal(await form.getByRole('combobox', { name: 'Coleção', exact: true }).inputValue(), 'Acessórios');
    const files = form.locator('input[type=file]');
    await eventually(() => galleryNames(form), ['lado.jpg', 'frente.png'], 'the server gallery is shown');

    // Refused before sending.
    await files.setInputFiles([fileOf('animado.gif', 'image/gif', Buffer.from('GIF89a'))]);
    await toast(page, 'animado.gif: formato não permitido');
    await files.setInputFiles(await Promise.all(Array.from({ length: 11 }, (_, i) => png(`extra-${i + 1}.png`, '#336699'))));
    await toast(page, 'Máximo de 10 imagens por vez');
    assert.equal((await imagesOf(product.id)).length, 2, 'nothing was sent');

    // Sent at once, with progress shown meanwhile (the network is slowed down to see it).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
    await files.setInputFiles([fileOf('costas.webp', 'image/webp', await image('webp', '#a0782c', { width: 120, height: 120 }))]);
    await form.getByText('Enviando 1 imagem(ns)…').waitFor();
    assert.ok(await form.getByRole('progressbar', { name: 'Enviando imagens' }).isVisible());
    await page.screenshot({ path: `${SHOTS}/admin-products-uploading-1280.png` });
    await toast(page, 'Imagens enviadas com sucesso', '1 imagem(ns) adicionada(s)');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await eventually(() => galleryNames(form), ['lado.jpg', 'frente.png', 'costas.webp'], 'the new image is listed');

    // The server's own refusal.
    await files.setInputFiles([fileOf('falso.png', 'image/png', fakePng)]);
    await toast(page, 'Imagem recusada', 'falso.png: formato não permitido');
    assert.equal((await imagesOf(product.id)).length, 3, 'a fake is not sent');

    // Each move is saved at once.
    // Shown before the server has it: the browser's request is held back meanwhile.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/trpc/productImages.reorder*', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Mover imagem 3 para a esquerda' }).click();
    await eventually(() => galleryNames(form), ['lado.jpg', 'costas.webp', 'frente.png'], 'shown at once');
    assert.deepEqual(
      (await imagesOf(product.id)).map((i) => i.file_name),
      ['lado.jpg', 'frente.png', 'costas.webp'],
      'not saved yet',
    );
    const saved = page.waitForResponse((r) => r.url().includes('/trpc/productImages.reorder'));
    release();
    await saved;
    await page.unroute('**/trpc/productImages.reorder*');
    await eventually(
      async () => (await imagesOf(product.id)).map((i) => i.file_name),
      ['lado.jpg', 'costas.webp', 'frente.png'],
      'and saved',
    );
    await page.screenshot({ path: `${SHOTS}/admin-products-edit-1280.png` });

    // A failed move: the list comes back from the server.
    const front = (await imagesOf(product.id)).find((i) => i.file_name === 'frente.png');
    assert.equal(await legacy(`/api/products/images/delete.php?id=${front?.id}`), 200);
    await form.getByRole('button', { name: 'Mover imagem 1 para a direita' }).click();
    await toast(page, 'Erro ao reordenar imagens', 'Imagem não encontrada');
    await eventually(() => galleryNames(form), ['lado.jpg', 'costas.webp'], 'reloaded from the server');

    // Removal with confirmation; then one removed meanwhile.
    await form.getByRole('button', { name: 'Remover imagem 2' }).click();
    await answerConfirm(page, 'Remover esta imagem?', 'Remover');
    await toast(page, 'Imagem removida');
    await eventually(() => galleryNames(form), ['lado.jpg'], 'removed');
    const side = (await imagesOf(product.id))[0];
    assert.equal(await legacy(`/api/products/images/delete.php?id=${side?.id}`), 200);
    await form.getByRole('button', { name: 'Remover imagem 1' }).click();
    await answerConfirm(page, 'Remover esta imagem?', 'Remover');
    await toast(page, 'Erro ao remover imagem', 'Imagem não encontrada');
    await form.getByText('Este produto ainda não tem imagens.').waitFor();

    // The server's field error shows in place and nothing typed is lost.
    const price = form.getByRole('textbox', { name: 'Preço', exact: true });
    await form.getByRole('textbox', { name: 'Título', exact: true }).fill('Chapéu de Palha Artesanal Aba Larga');
    await price.fill('cento e vinte');
    await form.getByRole('button', { name: 'Salvar alterações' }).click();
    const invalid = 'Preço inválido: use um valor maior ou igual a zero com até 2 casas decimais (ex.: 89,90)';
    await toast(page, 'Falha ao salvar produto', invalid);
    await assertFieldError(price, invalid);
    assert.equal(await form.getByRole('textbox', { name: 'Título', exact: true }).inputValue(), 'Chapéu de Palha Artesanal Aba Larga');
    await price.fill('119,90');
    await form.getByRole('button', { name: 'Salvar alterações' }).click();
    await toast(page, 'Produto atualizado');
    await formCard(page, 'Novo produto').waitFor();
    const text = await onStorefront(browser, shop, '/produto/chapeu-de-palha-artesanal-aba-larga', (p) => p.locator('main').textContent());
    assert.ok(text?.includes('Chapéu de Palha Artesanal Aba Larga') && text.includes('R$ 119,90'), 'the storefront shows the change');

    // Cancel: back to create mode, cleared, nothing saved.
    await page.getByRole('button', { name: 'Editar Chapéu de Palha Artesanal Aba Larga' }).click();
    await formCard(page, 'Editar produto').getByRole('textbox', { name: 'Título', exact: true }).fill('Não salvar');
    await formCard(page, 'Editar produto').getByRole('button', { name: 'Cancelar' }).click();
    assert.equal(await formCard(page, 'Novo produto').getByRole('textbox', { name: 'Título', exact: true }).inputValue(), '');
    assert.ok(await productNamed('Chapéu de Palha Artesanal Aba Larga'));

    assert.deepEqual(
      errors.filter((e) => !/http (400|404)/.test(e)),
      [],
    );
    await context.close();
  });

  it('gallery: images whose variants are still being made are marked Processando… until they exist (also on a phone)', async () => {
    // A product with images, whose variants are then missing: as right after an upload, before the
    // background has made them. The shop's variant jobs are held meanwhile (start-up backfill, the
    // previous width's, the admin's own thumbnails asking for them), so none remakes the files early.
    let target: Product | undefined;
    // A demo product (the Chapéu made and renamed by the tests above has a gallery of its own history).
    for (const p of await products()) if (!p.title.startsWith('Chapéu de Palha Artesanal') && (await imagesOf(p.id)).length) target = p;
    assert.ok(target);
    const [first] = (await get<{ images: { url: string; file_name: string }[] }>(`/api/products/images/list.php?product_id=${target.id}`))
      .images;
    assert.ok(first);
    const uuid = first.url.slice('/uploads/'.length, '/uploads/'.length + 36);
    const uploads = join(shop.dataDir, 'uploads');
    for (const width of [390, 1280]) {
      await shop.control('hold-variants');
      try {
        for (const f of readdirSync(uploads)) if (f.startsWith(`${uuid}-`)) rmSync(join(uploads, f));
        const { page, context, errors } = await openSection(browser, shop, '/admin/produtos', width);
        await page.getByRole('button', { name: `Editar ${target.title}` }).click();
        const form = formCard(page, 'Editar produto');
        const mark = form.locator(`[data-testid=gallery-item][data-name="${first.file_name}"]`).getByTestId('gallery-processing');
        await mark.waitFor();
        assert.equal((await mark.textContent())?.trim(), 'Processando…');
        await mark.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/admin-products-processing-${width}.png` });
        // Meanwhile a page asking for a variant gets the original.
        const variant = await fetch(`${shop.url}/uploads/${uuid}-640.avif`, { redirect: 'manual' });
        assert.equal(variant.status, 302);
        assert.equal(variant.headers.get('location'), first.url);
        // Once the jobs go on, the variants are made and the admin sees the image ready.
        await shop.control('release-variants');
        await mark.waitFor({ state: 'detached', timeout: 60_000 });
        assert.deepEqual(errors, []);
        await context.close();
      } finally {
        await shop.control('release-variants');
      }
    }
  });

  it('searches and filters the list, and deletes with confirmation (also on a phone)', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/produtos', 390);
    const rows = page.getByTestId(/^product-/);
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('chapeu');
    await eventually(() => rows.count(), 1, 'search is accent-insensitive');
    await page.getByText('1 produto', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('');
    await chooseOption(page, page.getByRole('combobox', { name: 'Filtrar por coleção' }), 'Camisetas');
    await eventually(() => rows.count(), 5, 'five shirts');
    await chooseOption(page, page.getByRole('combobox', { name: 'Filtrar por coleção' }), 'Sem coleção (produtos em destaque)');
    await eventually(() => rows.count(), 4, 'three demo featured products and the basket');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, 'nothing wider than the phone');
    await page.screenshot({ path: `${SHOTS}/admin-products-filtered-390.png`, fullPage: true });

    await page.getByRole('button', { name: 'Excluir Cesto de Fibra Natural' }).click();
    await answerConfirm(page, 'Deletar este produto?', 'Deletar');
    await toast(page, 'Produto deletado');
    await page.getByTestId('product-cesto-de-fibra-natural').waitFor({ state: 'detached' });
    assert.equal((await fetch(`${shop.url}/produto/cesto-de-fibra-natural`)).status, 404, 'gone from the storefront');

    await chooseOption(page, page.getByRole('combobox', { name: 'Filtrar por coleção' }), 'Todas as coleções');
    // The whole list shows first as it was kept from before the delete, then as the server answers it
    // now: wait for that answer, so it cannot land after the delete below and take the row away.
    await page.getByTestId('product-cesto-de-fibra-natural').waitFor({ state: 'detached' });
    await page.getByTestId('product-chapeu-de-palha-artesanal-aba-larga').waitFor();
    const hat = await productNamed('Chapéu de Palha Artesanal Aba Larga');
    assert.equal(await legacy('/api/products/delete.php', { id: hat?.id }), 200);
    await page.getByRole('button', { name: 'Excluir Chapéu de Palha Artesanal Aba Larga' }).click();
    await answerConfirm(page, 'Deletar este produto?', 'Deletar');
    await toast(page, 'Erro ao deletar', 'Produto não encontrado');
    await page.getByTestId('product-chapeu-de-palha-artesanal-aba-larga').waitFor({ state: 'detached' });

    assert.deepEqual(
      errors.filter((e) => !/http 404/.test(e)),
      [],
    );
    await context.close();
  });
});

describe('Organizar Produtos', () => {
  it('moves products by buttons, mouse drag and keyboard, each move saved and seen on the storefront', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/organizar-produtos');
    const shirts = await collectionId('camisetas');
    await chooseOption(page, page.getByRole('combobox', { name: 'Lista' }), 'Camisetas');
    const rows = page.getByTestId('order-row');
    const shown = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-title') ?? ''));
    await eventually(shown, await orderOf(shirts), 'the shirts in the shop order');
    const expectOrder = async (expected: string[], how: string) => {
      await toast(page, 'Ordem atualizada');
      assert.deepEqual(await shown(), expected, `${how}: shown`);
      await eventually(() => orderOf(shirts), expected, `${how}: saved`);
      assert.deepEqual(
        await onStorefront(browser, shop, '/colecao/camisetas', (p) => productTitles(p)),
        expected,
        `${how}: collection page`,
      );
      assert.deepEqual(await onStorefront(browser, shop, '/', (p) => productTitles(p, 'Camisetas')), expected.slice(0, 4), `${how}: home`);
    };

    let order = await shown();
    assert.equal(order.length, 5);
    for (const [i, title] of order.entries()) {
      const badge = await rows.nth(i).getByText('Na página inicial').count();
      assert.equal(badge, i < 4 ? 1 : 0, `${title}: the first 4 are on the home page`);
    }
    assert.ok(await page.getByRole('button', { name: `Mover ${order[0]} para cima` }).isDisabled());
    assert.ok(await page.getByRole('button', { name: `Mover ${order[4]} para baixo` }).isDisabled());

    // Buttons.
    await page.getByRole('button', { name: `Mover ${order[0]} para baixo` }).click();
    order = [order[1], order[0], order[2], order[3], order[4]] as string[];
    await expectOrder(order, 'button');

    // Mouse drag: the fourth product's handle dropped on the first place.
    const handle = page.getByRole('button', { name: `Arrastar ${order[3]}` });
    const from = await handle.boundingBox();
    const to = await rows.nth(0).boundingBox();
    assert.ok(from && to);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y + 4 - from.y) * step) / 12);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
    order = [order[3], order[0], order[1], order[2], order[4]] as string[];
    await expectOrder(order, 'drag');

    // Keyboard: space picks up, arrows move, space drops; each step is announced.
    const picked = order[0] as string;
    await page.getByRole('button', { name: `Arrastar ${picked}` }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.getByText(`${picked} levantado, na posição 1 de 5.`).waitFor({ state: 'attached' });
    for (const _ of [1, 2]) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(250);
    }
    await page.keyboard.press('Space');
    await page.getByText(`${picked} solto na posição 3 de 5.`).waitFor({ state: 'attached' });
    order = [order[1], order[2], picked, order[3], order[4]] as string[];
    await expectOrder(order, 'keyboard');
    await page.screenshot({ path: `${SHOTS}/admin-product-order-moved-1280.png` });

    // The featured list: the home shows its first LIMITS.homeFeaturedProducts (8), and only those are marked.
    for (let i = 1; i <= 6; i++) {
      const res = await fetch(`${shop.url}/api/products/create.php`, {
        method: 'POST',
        headers: { cookie, origin: shop.url },
        body: new URLSearchParams({ title: `Destaque extra ${i}`, price: '10' }),
      });
      assert.equal(res.status, 200, await res.text());
    }
    await chooseOption(page, page.getByRole('combobox', { name: 'Lista' }), 'Produtos em destaque (sem coleção)');
    await eventually(shown, await orderOf(undefined), 'the featured products');
    const featuredRows = await rows.count();
    assert.ok(featuredRows > LIMITS.homeFeaturedProducts, `${featuredRows} featured products`);
    for (let i = 0; i < featuredRows; i++) {
      const badge = await rows.nth(i).getByText('Na página inicial').count();
      assert.equal(badge, i < LIMITS.homeFeaturedProducts ? 1 : 0, `featured row ${i + 1}: on the home page only among the first 8`);
    }
    await page.getByText('Os 8 primeiros aparecem em "Produtos em destaque" na página inicial').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-product-order-featured-1280.png` });

    // A failed move (the product was deleted meanwhile): 'Erro ao reordenar', and the list comes back from the server.
    await chooseOption(page, page.getByRole('combobox', { name: 'Lista' }), 'Camisetas');
    await page.getByText(`Os ${LIMITS.homeCollectionProducts} primeiros aparecem na página inicial;`).waitFor();
    const gone = await productNamed(order[4] as string);
    assert.equal(await legacy('/api/products/delete.php', { id: gone?.id }), 200);
    await page.getByRole('button', { name: `Mover ${order[4]} para cima` }).click();
    await toast(page, 'Erro ao reordenar', 'Produto não encontrado');
    await eventually(shown, order.slice(0, 4), 'reloaded from the server');

    assert.deepEqual(
      errors.filter((e) => !/http 404/.test(e)),
      [],
    );
    await context.close();
  });
});
