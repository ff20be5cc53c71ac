import type { Language } from '@parking-hub/contracts/messages';
import { NEWS_MESSAGE_TEXTS } from '@parking-hub/contracts/news';
import { z } from 'zod';

/**
 * Every kind of message the platform sends, its texts in Lao and English, and the approved
 * WhatsApp template it goes out as when a free text is not allowed (decision 011). A `{{name}}`
 * of a secret value (the verification code) stays a placeholder in the stored row and is filled
 * only when sending.
 */
export const MESSAGE_KINDS = [
  'password_code',
  'password_changed',
  'contacts_changed',
  'test',
  'shop_message',
  'member_reminder',
  'rent_invoice',
  'daily_summary',
  'news',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface WhatsappTemplate {
  name: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order, as names of the message's values. */
  body: string[];
  /** A URL button's one parameter (authentication templates' copy-code button), by value name. */
  urlButton?: string;
}

const DEFAULT_TEMPLATES: Record<MessageKind, WhatsappTemplate> = {
  password_code: { name: 'ph_password_code', language: 'lo', body: ['code'], urlButton: 'code' },
  password_changed: { name: 'ph_password_changed', language: 'lo', body: ['time'] },
  contacts_changed: { name: 'ph_contacts_changed', language: 'lo', body: ['username', 'time'] },
  test: { name: 'hello_world', language: 'en_US', body: [] },
  shop_message: { name: 'ph_shop_notice', language: 'lo', body: ['shop', 'text'] },
  member_reminder: { name: 'ph_member_reminder', language: 'lo', body: ['shop', 'name', 'number', 'until'] },
  rent_invoice: {
    name: 'ph_rent_invoice',
    language: 'lo',
    body: ['shop', 'number', 'month', 'amount', 'dueDate', 'link'],
  },
  daily_summary: {
    name: 'ph_daily_summary',
    language: 'lo',
    body: ['shop', 'day', 'ticketsIn', 'vehiclesOut', 'amount', 'cancelled'],
  },
  news: { name: 'ph_news', language: 'lo', body: ['title', 'text', 'link'] },
};

const templateOverride = z
  .object({
    name: z.string().regex(/^[a-z0-9_]{1,512}$/),
    language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/),
    body: z.array(z.string()).optional(),
    urlButton: z.string().nullable().optional(),
  })
  .strict();
const overridesSchema = z.partialRecord(z.enum(MESSAGE_KINDS), templateOverride);

/** The templates in force: the defaults, each replaced by `WHATSAPP_TEMPLATES` where it says so. */
export function resolveTemplates(json: string | undefined): Record<MessageKind, WhatsappTemplate> {
  if (!json) return DEFAULT_TEMPLATES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('WHATSAPP_TEMPLATES is not valid JSON');
  }
  const result = overridesSchema.safeParse(parsed);
  if (!result.success) throw new Error(`WHATSAPP_TEMPLATES: ${result.error.issues[0]?.message ?? 'invalid'}`);
  const out = { ...DEFAULT_TEMPLATES };
  for (const [kind, o] of Object.entries(result.data) as Array<
    [MessageKind, z.infer<typeof templateOverride>]
  >) {
    const base = DEFAULT_TEMPLATES[kind];
    out[kind] = {
      name: o.name,
      language: o.language,
      body: o.body ?? base.body,
      ...((o.urlButton === undefined ? base.urlButton : o.urlButton)
        ? { urlButton: (o.urlButton ?? base.urlButton) as string }
        : {}),
    };
  }
  return out;
}

interface Texts {
  subject: string;
  body: string;
}

/** The message as its reader sees it; `{{name}}` are the message's values. */
const TEXTS: Record<MessageKind, Record<Language, Texts>> = {
  password_code: {
    lo: {
      subject: 'ລະຫັດຢືນຢັນເພື່ອຕັ້ງລະຫັດຜ່ານໃໝ່',
      body: 'ລະຫັດຢືນຢັນ Parking Hub ຂອງທ່ານແມ່ນ {{code}}. ໃຊ້ໄດ້ {{minutes}} ນາທີ. ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ. ຖ້າທ່ານບໍ່ໄດ້ຂໍ, ບໍ່ຕ້ອງເຮັດຫຍັງ.',
    },
    en: {
      subject: 'Your code to set a new password',
      body: 'Your Parking Hub verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone. If you did not ask for it, do nothing.',
    },
  },
  password_changed: {
    lo: {
      subject: 'ລະຫັດຜ່ານຂອງທ່ານຖືກປ່ຽນແລ້ວ',
      body: 'ລະຫັດຜ່ານ Parking Hub ຂອງບັນຊີ {{username}} ຖືກປ່ຽນເມື່ອ {{time}}. ທຸກອຸປະກອນຖືກອອກຈາກລະບົບແລ້ວ. ຖ້າບໍ່ແມ່ນທ່ານ, ກະລຸນາຕິດຕໍ່ຜູ້ດູແລລະບົບທັນທີ.',
    },
    en: {
      subject: 'Your password was changed',
      body: 'The Parking Hub password of the account {{username}} was changed on {{time}}. Every device has been signed out. If this was not you, contact your administrator at once.',
    },
  },
  contacts_changed: {
    lo: {
      subject: 'ອີເມວ ຫຼື WhatsApp ຂອງບັນຊີທ່ານຖືກປ່ຽນ',
      body: 'ອີເມວ ຫຼື WhatsApp ທີ່ໃຊ້ກູ້ລະຫັດຜ່ານ Parking Hub ຂອງບັນຊີ {{username}} ຖືກປ່ຽນເມື່ອ {{time}}; ບ່ອນນີ້ຈະບໍ່ໄດ້ຮັບລະຫັດອີກ. ຖ້າບໍ່ແມ່ນທ່ານ, ກະລຸນາຕິດຕໍ່ຜູ້ດູແລລະບົບທັນທີ.',
    },
    en: {
      subject: 'The e-mail or WhatsApp of your account changed',
      body: 'The e-mail or WhatsApp used to recover the Parking Hub account {{username}} was changed on {{time}}; codes will no longer come here. If this was not you, contact your administrator at once.',
    },
  },
  test: {
    lo: { subject: 'ຂໍ້ຄວາມທົດສອບ', body: 'ຂໍ້ຄວາມທົດສອບຈາກ Parking Hub (ແມ່ແບບ {{template}}).' },
    en: { subject: 'Test message', body: 'A test message from Parking Hub (template {{template}}).' },
  },
  shop_message: {
    lo: { subject: 'ຂໍ້ຄວາມຈາກ Parking Hub', body: '{{shop}}: {{text}}' },
    en: { subject: 'A message from Parking Hub', body: '{{shop}}: {{text}}' },
  },
  // A member's pass ends soon or today (members.jobs.ts): the BEFORE and the LAST_DAY reminder.
  member_reminder: {
    lo: {
      subject: 'ບັດສະມາຊິກໃກ້ໝົດອາຍຸ',
      body: '{{shop}}: ສະບາຍດີ {{name}}, ບັດສະມາຊິກເລກ {{number}} ຂອງທ່ານ ໝົດອາຍຸວັນທີ {{until}}. ກະລຸນາຕໍ່ອາຍຸທີ່ຮ້ານ ເພື່ອຈອດລົດຕໍ່ໂດຍບໍ່ເສຍຄ່າ.',
    },
    en: {
      subject: 'Your membership card is about to expire',
      body: '{{shop}}: Hello {{name}}, your membership card {{number}} is valid until {{until}}. Please renew it at the shop to keep parking free.',
    },
  },
  // A month's rent invoice (rent/sending.service.ts): the amount still due and the public page.
  rent_invoice: {
    lo: {
      subject: 'ໃບແຈ້ງໜີ້ຄ່າເຊົ່າ Parking Hub',
      body: '{{shop}}: ໃບແຈ້ງໜີ້ຄ່າເຊົ່າ {{number}} ເດືອນ {{month}}, ຍອດທີ່ຕ້ອງຈ່າຍ {{amount}}, ກະລຸນາຈ່າຍພາຍໃນວັນທີ {{dueDate}}. ເບິ່ງໃບແຈ້ງໜີ້ ແລະ ຈ່າຍດ້ວຍ Lao QR: {{link}}',
    },
    en: {
      subject: 'Your Parking Hub rent invoice',
      body: '{{shop}}: rent invoice {{number}} for {{month}}, amount due {{amount}}, please pay by {{dueDate}}. See the invoice and pay by Lao QR: {{link}}',
    },
  },
  // Yesterday at a shop (rent/daily-summary.ts), from the report rollup.
  daily_summary: {
    lo: {
      subject: 'ສະຫຼຸບປະຈຳວັນ Parking Hub',
      body: '{{shop}}: ສະຫຼຸບວັນທີ {{day}}: ບິນເຂົ້າ {{ticketsIn}} ໃບ, ລົດອອກ {{vehiclesOut}} ຄັນ, ເງິນ {{amount}}, ບິນທີ່ຍົກເລີກ {{cancelled}} ໃບ.',
    },
    en: {
      subject: 'Parking Hub daily summary',
      body: '{{shop}}: summary of {{day}}: {{ticketsIn}} tickets in, {{vehiclesOut}} vehicles out, {{amount}} taken, {{cancelled}} tickets cancelled.',
    },
  },
  // News to shops (news/news.sending.ts); the editor's preview renders the same texts (contracts/news.ts).
  news: NEWS_MESSAGE_TEXTS,
};

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Subject and body of a kind in a language, public values filled, secret ones left as {{name}}. */
export function renderTexts(kind: MessageKind, lang: Language, values: Record<string, string>): Texts {
  const t = TEXTS[kind][lang];
  return { subject: fill(t.subject, values), body: fill(t.body, values) };
}

/** A template parameter may hold no line break, tab or more than four spaces in a row (Cloud API). */
export function templateParam(text: string, max = 900): string {
  const flat = text
    .replace(/[\r\n\t]+/g, ' · ')
    .replace(/ {5,}/g, '    ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Values that are kept out of every stored text and every answer: filled only when sending. */
export const SECRET_NAMES = ['code'] as const;

/** Kinds that carry a secret: once it is spent (sent, given up), the message cannot go again. */
export const SECRET_KINDS: readonly MessageKind[] = ['password_code'];

/** What a stored row shows of its secret placeholders. */
export function maskSecrets(text: string): string {
  return text.replace(/\{\{code\}\}/g, '••••••');
}
