import { Trans } from '@lingui/react/macro';
import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';

const EXAMPLE = `nome;avaliacao;estrelas;cidade
Maria S.;Adorei, chegou antes do prazo!;5;São Paulo - SP
João P.;Bom produto, mas a cor é mais clara;4;Recife - PE`;

/** The format help box (spec §2): columns, separators, encodings, stars and how reviews are handed out. */
export function FormatHelp() {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="csv-format-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="csv-format-title">
          <Trans>Formato do arquivo CSV</Trans>
        </Title>
        <List size="sm" spacing={6}>
          <List.Item>
            <Trans>
              A primeira linha é o cabeçalho com as colunas <Code>nome</Code>, <Code>avaliacao</Code>, <Code>estrelas</Code> e{' '}
              <Code>cidade</Code>.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>Colunas separadas por ponto e vírgula (;) ou por vírgula (,).</Trans>
          </List.Item>
          <List.Item>
            <Trans>Codificação UTF-8 ou Windows-1252 (a do Excel): os acentos são lidos nas duas.</Trans>
          </List.Item>
          <List.Item>
            <Trans>estrelas: um número inteiro de 1 a 5.</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Com pelo menos 4 avaliações diferentes por produto, cada produto recebe de 4 a 7; com menos, elas são divididas por igual
              entre os produtos. Nenhuma linha é usada duas vezes. A pré-visualização mostra quantas cada produto receberá.
            </Trans>
          </List.Item>
        </List>
        <Text size="sm" fw={600}>
          <Trans>Exemplo</Trans>
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {EXAMPLE}
        </Code>
      </Stack>
    </Paper>
  );
}
