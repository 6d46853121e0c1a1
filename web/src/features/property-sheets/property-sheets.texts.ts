/** pt-PT texts of the property sheet's share button and dialog. */
export const sheetTexts = {
  button: 'Partilhar ficha',
  title: 'Ficha do imóvel',
  intro:
    'Crie uma ligação pública e só de leitura com as fotografias e as características do imóvel, sem dados do proprietário nem notas. Pode revogá-la a qualquer momento.',
  create: 'Criar ligação',
  creating: 'A criar…',
  newLink: 'Nova ligação (copie-a agora: não volta a ser mostrada)',
  copy: 'Copiar',
  copied: 'Ligação copiada',
  copyFailed: 'Não foi possível copiar. Selecione e copie a ligação.',
  share: 'Partilhar',
  whatsapp: 'WhatsApp',
  open: 'Abrir',
  active: 'Ligações ativas',
  none: 'Nenhuma ligação ativa.',
  revoke: 'Revogar',
  revoked: 'Ligação revogada: deixou de abrir a ficha.',
  createdBy: (date: string, name: string | null) =>
    name ? `Criada a ${date} por ${name}` : `Criada a ${date}`,
  needsConnection: 'Criar, ver ou revogar ligações da ficha requer ligação à Internet.',
  close: 'Fechar',
  shareMessage: (title: string | null) => (title ? `Ficha do imóvel: ${title}` : 'Ficha do imóvel'),
} as const;
