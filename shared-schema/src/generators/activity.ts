import {
  CALL_RESULTS,
  FOLLOW_UP_CALL_RESULTS,
  FOLLOW_UP_TYPES,
  INTERACTION_RESULTS,
  INTERACTION_TYPES,
  type CallResult,
  type NotificationType,
} from '../enums';
import type { Random } from './random';

type Owned = { id: string; organizationId: string; agentId: string | null; createdBy: string | null };
type Stamps = { createdAt: string; updatedAt: string; deletedAt: string | null };

export type InteractionRecord = Owned &
  Stamps & {
    clientId: string;
    type: string;
    direction: 'outgoing' | 'incoming';
    result: string | null;
    summary: string | null;
    notes: string | null;
    duration: number | null;
    followUpRequired: boolean;
    followUpDate: string | null;
    relatedId: string | null;
  };

export type FollowUpRecord = Owned &
  Stamps & {
    clientId: string;
    title: string;
    description: string | null;
    type: string;
    scheduledDate: string;
    completed: boolean;
    completedAt: string | null;
    completionComment: string | null;
    notes: string | null;
    priority: string | null;
    status: string | null;
    reminderSentAt: string | null;
  };

export type ColdCallRecord = Owned &
  Stamps & {
    clientId: string | null;
    campaignId: string | null;
    phoneNumber: string | null;
    result: CallResult;
    notes: string | null;
    duration: number;
    followUpNeeded: boolean;
    calledAt: string;
  };

const INTERACTION_SUMMARIES: Record<string, readonly string[]> = {
  'Cold Call': ['Primeiro contacto telefónico', 'Chamada de prospeção'],
  'Follow-up': ['Acompanhamento da proposta', 'Ponto de situação sobre a procura'],
  Email: ['Envio de imóveis selecionados', 'Resposta a pedido de informação'],
  Reunião: ['Reunião no escritório', 'Reunião para avaliação do imóvel'],
  WhatsApp: ['Partilha de fotografias do imóvel', 'Confirmação de horário de visita'],
  Visita: ['Visita a apartamento T2', 'Visita a moradia com jardim'],
  Proposta: ['Proposta de compra apresentada', 'Contraproposta do proprietário'],
  Contrato: ['Assinatura do CPCV', 'Revisão da minuta do contrato'],
  Outros: ['Pedido de documentação', 'Contacto do banco sobre o crédito'],
  Chamada: ['Chamada de acompanhamento'],
};

const FOLLOW_UP_TITLES: Record<string, readonly string[]> = {
  Telefonar: ['Ligar a {name}', 'Confirmar interesse de {name}'],
  Reunião: ['Reunião com {name}', 'Apresentar estudo de mercado a {name}'],
  'Enviar Proposta': ['Enviar proposta a {name}', 'Preparar contraproposta para {name}'],
  Email: ['Enviar novos imóveis a {name}', 'Responder ao email de {name}'],
  Visita: ['Visita com {name}', 'Acompanhar {name} na segunda visita'],
  Contrato: ['Preparar contrato de {name}', 'Agendar escritura com {name}'],
  Outros: ['Pedir documentação a {name}', 'Atualizar ficha de {name}'],
};

const COMPLETION_COMMENTS = [
  'Cliente confirmou interesse.',
  'Ficou de pensar e dar resposta na próxima semana.',
  'Proposta aceite com pequenas alterações.',
  'Não atendeu; deixada mensagem.',
  'Visita correu bem, quer ver mais opções na mesma zona.',
] as const;

const CALL_NOTES: Record<CallResult, readonly string[]> = {
  Atendeu: ['Conversa breve, pediu contacto mais tarde.', 'Está a acompanhar o mercado.'],
  'Não Atendeu': ['Caixa de correio.', 'Telefone desligado.'],
  Interessado: ['Quer receber imóveis por email.', 'Interessado em avaliação gratuita.'],
  Recusou: ['Não pretende vender neste momento.', 'Pediu para não voltar a ligar.'],
  'Agendar Follow-up': ['Ligar de novo na próxima semana.', 'Marcar reunião no escritório.'],
};

const iso = (date: Date) => date.toISOString();
const stamps = (at: Date): Stamps => ({ createdAt: iso(at), updatedAt: iso(at), deletedAt: null });

export type ActivityBase = { organizationId: string; agentId: string | null; clientId: string };

export function buildInteraction(rng: Random, base: ActivityBase, at: Date): InteractionRecord {
  const type = rng.pick(INTERACTION_TYPES.filter((t) => t !== 'Chamada'));
  const followUpRequired = rng.chance(0.2);
  return {
    id: rng.uuid(),
    organizationId: base.organizationId,
    agentId: base.agentId,
    createdBy: base.agentId,
    clientId: base.clientId,
    type,
    direction: rng.chance(0.75) ? 'outgoing' : 'incoming',
    result: rng.chance(0.85) ? rng.pick(INTERACTION_RESULTS) : null,
    summary: rng.pick(INTERACTION_SUMMARIES[type] ?? ['Contacto com o cliente']),
    notes: rng.chance(0.4) ? rng.pick(COMPLETION_COMMENTS) : null,
    duration: type === 'Email' || type === 'WhatsApp' ? null : rng.int(2, 60),
    followUpRequired,
    followUpDate: followUpRequired ? iso(new Date(at.getTime() + rng.int(1, 14) * 86_400_000)) : null,
    relatedId: null,
    ...stamps(at),
  };
}

export type FollowUpOptions = {
  clientName: string;
  scheduledDate: Date;
  completedAt?: Date | null;
  createdAt: Date;
};

export function buildFollowUp(rng: Random, base: ActivityBase, options: FollowUpOptions): FollowUpRecord {
  const type = rng.pick(FOLLOW_UP_TYPES);
  const title = rng
    .pick(FOLLOW_UP_TITLES[type] ?? ['Contactar {name}'])
    .replace('{name}', options.clientName);
  const completedAt = options.completedAt ?? null;
  return {
    id: rng.uuid(),
    organizationId: base.organizationId,
    agentId: base.agentId,
    createdBy: base.agentId,
    clientId: base.clientId,
    title,
    description: rng.chance(0.5) ? `Seguimento do contacto com ${options.clientName}.` : null,
    type,
    scheduledDate: iso(options.scheduledDate),
    completed: completedAt !== null,
    completedAt: completedAt ? iso(completedAt) : null,
    completionComment: completedAt && rng.chance(0.8) ? rng.pick(COMPLETION_COMMENTS) : null,
    notes: rng.chance(0.3) ? 'Levar dossier com imóveis selecionados.' : null,
    priority: null,
    status: null,
    reminderSentAt: null,
    createdAt: iso(options.createdAt),
    updatedAt: iso(completedAt ?? options.createdAt),
    deletedAt: null,
  };
}

export type ColdCallOptions = { phoneNumber: string | null; calledAt: Date; campaignId?: string | null };

export function buildColdCall(rng: Random, base: ActivityBase, options: ColdCallOptions): ColdCallRecord {
  const result = rng.pick(CALL_RESULTS);
  return {
    id: rng.uuid(),
    organizationId: base.organizationId,
    agentId: base.agentId,
    createdBy: base.agentId,
    clientId: base.clientId,
    campaignId: options.campaignId ?? null,
    phoneNumber: options.phoneNumber,
    result,
    notes: rng.chance(0.7) ? rng.pick(CALL_NOTES[result]) : null,
    duration: result === 'Não Atendeu' ? 0 : rng.int(1, 15),
    followUpNeeded: FOLLOW_UP_CALL_RESULTS.includes(result),
    calledAt: iso(options.calledAt),
    ...stamps(options.calledAt),
  };
}

/** Title and body of a notification of `type` about `subject` (a client name, or a system topic). */
export function notificationText(type: NotificationType, subject: string): { title: string; body: string } {
  switch (type) {
    case 'follow_up':
      return { title: 'Follow-up agendado', body: `Tem um follow-up com ${subject} daqui a 30 minutos.` };
    case 'birthday':
      return { title: 'Aniversário hoje', body: `${subject} faz anos hoje. Envie-lhe os parabéns!` };
    case 'overdue_task':
      return { title: 'Tarefa atrasada', body: `O follow-up com ${subject} está em atraso.` };
    case 'new_client':
      return { title: 'Novo cliente', body: `${subject} foi adicionado à sua carteira.` };
    case 'cold_call':
      return { title: 'Chamada registada', body: `Chamada com ${subject} registada com sucesso.` };
    case 'system':
      return { title: 'Sistema', body: subject };
    case 'property_match':
      return { title: 'Comprador compatível', body: `Um imóvel novo corresponde ao que ${subject} procura.` };
  }
}
