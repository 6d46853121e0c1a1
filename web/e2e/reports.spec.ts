import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, SCREENS, settled, signInAs } from './fixtures';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The whole page, one block, or what a dialog leaves visible ('viewport'), at both sizes. */
async function shoot(page: Page, name: string, target?: Locator | 'viewport') {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await settled(page);
    const path = `${SCREENS}/reports-${name}-${size.name}.png`;
    if (target === 'viewport') await page.screenshot({ path });
    else if (target) {
      await target.scrollIntoViewIfNeeded();
      await target.screenshot({ path });
    } else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(sizes[0]);
}

const importInput = (page: Page) => page.getByTestId('csv-import-input');
const toast = (page: Page) => page.getByRole('alert').filter({ hasText: /Erro|Arquivo/ });

async function reportsShown(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  // A first page load opens the replica and pulls: give the first figures time on a busy machine.
  await expect(page.getByTestId('report-kpi')).toHaveCount(5, { timeout: 30_000 });
}

/** Signed in (a saved session), straight to /reports. */
async function openReportsAs(page: Page, role: 'agent' | 'viewer') {
  await signInAs(page, role);
  await page.goto('/reports');
  await reportsShown(page);
}

async function openReports(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Relatórios' })
    .click();
  await reportsShown(page);
}

test.describe('reports', () => {
  test('periods, KPI cards, charts and insights from the replica', async ({ page }) => {
    test.setTimeout(120_000);
    await openReportsAs(page, 'agent');
    const periods = page.getByRole('group', { name: 'Período' });
    await expect(periods.getByRole('button', { name: '30 dias' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('report-window')).toContainText('comparado com os 30 dias anteriores');
    for (const label of [
      'Novos clientes',
      'Interações',
      'Follow-ups concluídos',
      'Chamadas',
      'Taxa de conversão',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: label })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Distribuição por Tipo de Cliente' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resumo de Atividade' })).toBeVisible();
    await expect(page.getByText('Chamadas, interações e follow-ups concluídos por dia')).toBeVisible();
    await expect(page.getByTestId('conversion-insight')).toContainText(
      /Excelente taxa de conversão|Boa taxa de conversão|A taxa de conversão pode melhorar|Sem chamadas neste período/,
    );
    await expect(page.getByRole('heading', { name: 'Insights Rápidos' })).toBeVisible();
    await expect(page.getByText('Dia mais produtivo')).toBeVisible();
    await shoot(page, 'page');
    await expectAccessible(page, 'reports');
    await shoot(page, 'kpis', page.getByRole('region', { name: 'Indicadores do período' }));
    await shoot(page, 'distribution', page.getByRole('region', { name: 'Distribuição por Tipo de Cliente' }));
    await shoot(page, 'activity', page.getByRole('region', { name: 'Resumo de Atividade' }));
    await shoot(page, 'conversion', page.getByRole('region', { name: 'Análise de Conversão' }));
    await shoot(page, 'insights', page.getByRole('region', { name: 'Insights Rápidos' }));
    await shoot(page, 'csv', page.getByRole('region', { name: 'Exportar e Importar' }));

    await periods.getByRole('button', { name: '7 dias' }).click();
    await expect(periods.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('report-window')).toContainText('comparado com os 7 dias anteriores');
    await periods.getByRole('button', { name: '90 dias' }).click();
    await expect(page.getByText('Chamadas, interações e follow-ups concluídos por semana')).toBeVisible();
    await periods.getByRole('button', { name: '1 ano' }).click();
    await expect(page.getByText('Chamadas, interações e follow-ups concluídos por mês')).toBeVisible();
    await expect(page.getByTestId('report-window')).toContainText('comparado com o ano anterior');
    await shoot(page, 'year', page.getByRole('region', { name: 'Resumo de Atividade' }));
  });

  test('import with good and bad rows, then find and export the imported clients', async ({ page }) => {
    test.setTimeout(120_000);
    const sfx = `rp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await openReportsAs(page, 'agent');

    // Only .csv names are read.
    await importInput(page).setInputFiles({
      name: 'clientes.xlsx',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await expect(toast(page)).toContainText('Arquivo Inválido');
    await expect(toast(page)).toContainText('Por favor, selecione um arquivo CSV');
    await toast(page).getByRole('button').click();
    await expect(toast(page)).toHaveCount(0);

    const csv = [
      'Nome;Email;Telefone;Tipo;Classificação;Orçamento;Zona;Tags',
      `Importado Um ${sfx};um.${sfx}@exemplo.pt;912345001;Comprador;3;250000;Lisboa;VIP`,
      `Importada Dois ${sfx};;912345002;Vendedor;4;;Porto;`,
      ';sem.nome@exemplo.pt;;Comprador;1;100000;;',
      `Sem Orçamento ${sfx};;;Comprador;2;;;`,
      `Tipo Errado ${sfx};;;Marciano;0;;;`,
      `Estrelas ${sfx};;;Investidor;9;;;`,
    ].join('\n');
    // Saved by Excel in Portugal ('CSV (separado por vírgulas)'): Windows-1252 bytes, accented headers.
    await importInput(page).setInputFiles({
      name: `clientes-${sfx}.CSV`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'latin1'),
    });
    const preview = page.getByRole('dialog', { name: 'Pré-visualização da Importação' });
    await expect(preview).toContainText('Windows-1252 (CSV do Excel) · separado por ponto e vírgula');
    await expect(preview).toContainText('2 clientes prontos a importar');
    await expect(preview).toContainText('4 linhas rejeitadas');
    const first = preview.getByRole('list', { name: 'Primeiras linhas' }).getByRole('listitem').first();
    await expect(first).toContainText(`Importado Um ${sfx}`);
    await expect(first).toContainText('Classificação3');
    await expect(first).toContainText(/Orçamento250\s000,00\s€/);
    await shoot(page, 'import-preview', 'viewport');
    await expectAccessible(page, 'import preview');
    await preview.getByRole('button', { name: 'Importar 2 clientes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resultado da Importação' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('2 clientes importados');
    await expect(dialog).toContainText('4 linhas rejeitadas');
    const rejected = dialog.getByRole('list', { name: 'Linhas rejeitadas' }).getByRole('listitem');
    await expect(rejected).toHaveCount(4);
    await expect(rejected.nth(0)).toContainText(/^Linha 4: Nome: /);
    await expect(rejected.nth(1)).toContainText(/^Linha 5: Orçamento: /);
    await expect(rejected.nth(2)).toContainText(/^Linha 6: Tipo: /);
    await expect(rejected.nth(3)).toContainText(/^Linha 7: Classificação: /);
    await shoot(page, 'import-result', 'viewport');
    await expectAccessible(page, 'import result');

    // The imported clients reach the replica (sync right after the import) and the search finds them.
    await dialog.getByRole('link', { name: 'Pesquisar clientes' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByRole('searchbox', { name: 'Termos de pesquisa' }).fill(sfx);
    const results = page
      .getByRole('region', { name: 'Resultados da pesquisa' })
      .getByRole('heading', { level: 2 });
    await expect(results).toHaveText([`Importada Dois ${sfx}`, `Importado Um ${sfx}`]);

    // The export holds them, under the dated name, with the BOM Excel needs.
    await openReports(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
    const lisbonToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
    expect(download.suggestedFilename()).toBe(`clientes-${lisbonToday}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('Nome');
    // The phone as Excel's text formula (no apostrophe, never a number).
    expect(text).toContain(`Importado Um ${sfx};um.${sfx}@exemplo.pt;"=""912345001""";Comprador;3`);
    expect(text).toContain(`Importada Dois ${sfx}`);
    expect(text).not.toContain(`Sem Orçamento ${sfx}`);
  });

  test('export and import failures, and offline', async ({ page, context }) => {
    test.setTimeout(60_000);
    await openReportsAs(page, 'agent');
    await page.route('**/api/export/clients', (route) =>
      route.fulfill({ status: 500, json: { message: 'Falhou', code: 'internal' } }),
    );
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    await expect(toast(page)).toContainText('Erro na Exportação');
    await page.route('**/api/import/clients', (route) =>
      route.fulfill({ status: 400, json: { message: 'O ficheiro CSV está vazio.' } }),
    );
    await importInput(page).setInputFiles({
      name: 'vazio.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Nome;Tipo;Valor do Imóvel\nAna;Vendedor;'),
    });
    await page.getByRole('button', { name: 'Importar 1 cliente' }).click();
    await expect(toast(page)).toContainText('Erro na Importação');
    await expect(toast(page)).toContainText('O ficheiro CSV está vazio.');
    await toast(page).getByRole('button').click();
    await expect(toast(page)).toHaveCount(0);

    // A file the preview refuses is never sent: the reason, and only 'Fechar'.
    await importInput(page).setInputFiles({
      name: 'outro.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Pessoa;Morada\nAna;Rua 1', 'latin1'),
    });
    const refused = page.getByRole('dialog', { name: 'Pré-visualização da Importação' });
    await expect(refused.getByTestId('csv-preview-refusal')).toContainText(
      'Nenhuma coluna do cabeçalho é conhecida (Pessoa, Morada).',
    );
    await expect(refused.getByRole('button', { name: /^Importar/ })).toHaveCount(0);
    await shoot(page, 'import-refused', 'viewport');
    await refused.getByRole('button', { name: 'Fechar' }).click();
    await expect(refused).toHaveCount(0);

    await context.setOffline(true);
    const block = page.getByRole('region', { name: 'Exportar e Importar' });
    await expect(block.getByTestId('csv-offline')).toContainText('precisam de ligação à Internet');
    await expect(block.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    await expect(block.getByRole('button', { name: 'Importar CSV' })).toBeDisabled();
    // The figures come from the replica and stay.
    await expect(page.getByTestId('report-kpi')).toHaveCount(5);
    await shoot(page, 'offline', block);
    await context.setOffline(false);
    await expect(block.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });

  test('a viewer may export but sees no import', async ({ page }) => {
    await openReportsAs(page, 'viewer');
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Importar CSV' })).toHaveCount(0);
  });
});
