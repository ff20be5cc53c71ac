import { z } from 'zod';
import { checkPageDepth, cursorSchema, pagingSchema } from './envelope.ts';
import { dateSchema, idSchema, roleSchema } from './fields.ts';

export const listAuditBodySchema = pagingSchema
  .extend({
    userId: idSchema.optional(),
    action: z.string().trim().max(100).optional(),
    entity: z.string().trim().max(50).optional(),
    entityId: z.string().trim().max(100).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    /** meta.nextCursor of the page before: pages without OFFSET, at any depth. */
    cursor: cursorSchema,
  })
  .superRefine((b, ctx) => {
    if (b.from && b.to && b.from > b.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.dateRange' });
    }
    checkPageDepth(b, ctx);
  });
export type ListAuditBody = z.infer<typeof listAuditBodySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: roleSchema.nullable(),
  shopId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Actions written so far, for the filter on the Last Action screen. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'user.create',
  'user.update',
  'user.update_profile',
  'user.update_password',
  'user.update_status',
  'user.delete',
  'session.revoke',
  'password_reset.request',
  'password_reset.code_sent',
  'password_reset.code_failed',
  'password_reset.verified',
  'password_reset.completed',
  'outbox.test',
  'outbox.send_to_shops',
  'outbox.retry',
  'outbox.cancel',
  'outbox.reset',
  'company.update',
  'company.image',
  'shop.create',
  'shop.create_branch',
  'shop.update',
  'shop.logo',
  'shop.message',
  'shop.package',
  'price.create',
  'price.update',
  'price.delete',
  'bill.correct',
  'bill.cancel',
  'bill.lost',
  'roll.create_shop',
  'roll.update_shop',
  'roll.create_person',
  'roll.update_person',
  'roll.settings',
  'promotion.create',
  'promotion.update',
  'promotion.image',
  'promotion.cap',
  'package.create',
  'package.update',
  'package.delete',
  'package.deactivate',
  'fee.create',
  'fee.update',
  'membership.number_create',
  'membership.number_remove',
  'membership.number_retire',
  'membership.sell',
  'membership.renew',
  'membership.update',
  'membership.replace_card',
  'membership.cancel',
  'membership.settings',
  'membership.expire',
] as const;
export const AUDIT_ENTITIES = [
  'user',
  'session',
  'message',
  'whatsapp',
  'company',
  'shop',
  'price_rule',
  'bill',
  'roll_delivery',
  'roll_settings',
  'promotion',
  'promotion_cap',
  'package',
  'fee',
  'member',
  'member_number',
] as const;
