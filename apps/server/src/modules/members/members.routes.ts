import { dayText } from '@parking-hub/contracts/business-day';
import { pagedEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { idSchema, optionalText } from '@parking-hub/contracts/fields';
import {
  createMemberBodySchema,
  createNumbersBodySchema,
  createNumbersResultSchema,
  deleteNumberResultSchema,
  listMembersQuerySchema,
  listNumbersQuerySchema,
  memberDetailSchema,
  memberNumberRowSchema,
  memberSchema,
  membershipSettingsSchema,
  membersPageMetaSchema,
  passPlanSchema,
  passReceiptSchema,
  renewMemberBodySchema,
  replaceCardBodySchema,
  updateMemberBodySchema,
  updateMembershipSettingsBodySchema,
} from '@parking-hub/contracts/members';
import { SHOP_EDITOR_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import { authedRoutes } from '../../plugins/route.ts';
import type { ZodApp } from '../../plugins/types.ts';
import * as changes from './members.changes.ts';
import * as reads from './members.reads.ts';
import * as sales from './members.service.ts';
import * as numbers from './numbers.service.ts';
import * as plans from './plans.service.ts';

const tags = ['membership'];
const shopQuery = z.object({ shopId: optionalText(idSchema) });

/**
 * Members and their passes (issue 14). Managers and above, for the shops in their scope; shop
 * staff look members up, read the pool, the plans and the settings, and sell or renew passes only
 * where the shop lets them (`staff_sell_passes`, checked by the service). The members report:
 * members-report.routes.ts.
 */
export async function membersRoutes(app: ZodApp) {
  const route = authedRoutes(app);

  route.get('/membership', {
    schema: {
      tags,
      summary:
        'Members of the caller’s shops, paged (search name, phone, card number or plate; status; ending soon)',
      description:
        'One shop (shopId; staff: their own) or every shop in scope, by shop and card number (ending soon: by last day). search: part of a name or card number, digits of a phone, or a whole plate. status: as on the shop’s business day today (an ACTIVE pass past its end is EXPIRED). expiringWithin: ACTIVE passes whose last day is within N days.',
      querystring: listMembersQuerySchema,
      response: { 200: pagedEnvelope(memberSchema).extend({ meta: membersPageMetaSchema }) },
    },
    run: (ctx, { query }) => reads.listMembers(app.db, ctx, query),
  });

  route.get('/membership/member/:memberId', {
    schema: {
      tags,
      summary: 'A member, their payments (newest first), their last 20 visits and earlier card numbers',
      params: z.object({ memberId: idSchema }),
      response: { 200: successEnvelope(memberDetailSchema) },
    },
    run: (ctx, { params }) => reads.memberDetail(app.db, ctx, params.memberId),
  });

  route.post('/membership/create', {
    schema: {
      tags,
      summary: 'Sell a pass: a new member on a free card, with the first payment (answers the receipt)',
      description:
        'Amount left out: the shop’s price rule price for the vehicle type and length. The period starts on validFrom (default: the shop’s business day today, never earlier). Shop staff only where the shop lets them.',
      body: createMemberBodySchema,
      response: { 201: successEnvelope(passReceiptSchema) },
    },
    message: ({ member }) => ({
      key: 'success.passSold',
      params: { number: member.number, until: dayText(member.validUntil) },
    }),
    run: (ctx, { body }) => sales.sellPass(app.db, ctx, body),
  });

  route.post('/membership/renew', {
    schema: {
      tags,
      summary: 'Renew a pass from the later of today and the day after its end (answers the receipt)',
      body: renewMemberBodySchema,
      response: { 200: successEnvelope(passReceiptSchema) },
    },
    message: ({ member }) => ({
      key: 'success.passRenewed',
      params: { number: member.number, until: dayText(member.validUntil) },
    }),
    run: (ctx, { body }) => sales.renewPass(app.db, ctx, body),
  });

  route.post('/membership/update', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Change a member’s details, period or status (ACTIVE ↔ SUSPENDED); only the fields sent',
      body: updateMemberBodySchema,
      response: { 200: successEnvelope(memberSchema) },
    },
    message: 'success.saved',
    run: (ctx, { body }) => changes.updateMemberDetails(app.db, ctx, body),
  });

  route.post('/membership/replace-card', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Move a member to a free card; the old card becomes LOST',
      body: replaceCardBodySchema,
      response: { 200: successEnvelope(memberSchema) },
    },
    message: ({ number }) => ({ key: 'success.cardReplaced', params: { number } }),
    run: (ctx, { body }) => changes.replaceCard(app.db, ctx, body),
  });

  route.delete('/membership/:memberId', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Cancel a member (kept, never deleted); their card is free again',
      params: z.object({ memberId: idSchema }),
      response: { 200: successEnvelope(memberSchema) },
    },
    message: ({ number }) => ({ key: 'success.memberCancelled', params: { number } }),
    run: (ctx, { params }) => changes.cancelMember(app.db, ctx, params.memberId),
  });

  route.post('/membership/number/create', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Add one card number or a range (prefix + from…to, zero-padded) to a shop’s pool',
      description: 'Numbers the shop already has are skipped; the answer counts both.',
      body: createNumbersBodySchema,
      response: { 201: successEnvelope(createNumbersResultSchema) },
    },
    message: 'success.created',
    run: (ctx, { body }) => numbers.createNumbers(app.db, ctx, body),
  });

  route.get('/membership/numbers', {
    schema: {
      tags,
      summary: 'A shop’s card numbers, paged, by number (status, part of a number)',
      querystring: listNumbersQuerySchema,
      response: { 200: pagedEnvelope(memberNumberRowSchema) },
    },
    run: (ctx, { query }) => numbers.listNumbers(app.db, ctx, query),
  });

  route.delete('/membership/number/:numberId', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Delete a card number: REMOVED if never assigned, else RETIRED; a held card is refused (409)',
      params: z.object({ numberId: idSchema }),
      response: { 200: successEnvelope(deleteNumberResultSchema) },
    },
    message: ({ outcome }) => (outcome === 'REMOVED' ? 'success.deleted' : 'success.numberRetired'),
    run: (ctx, { params }) => numbers.deleteNumber(app.db, ctx, params.numberId),
  });

  route.get('/membership/plans', {
    schema: {
      tags,
      summary: 'The passes a shop sells: vehicle type, months and price, from its price rules',
      querystring: shopQuery,
      response: { 200: successEnvelope(z.array(passPlanSchema)) },
    },
    run: (ctx, { query }) => plans.listPlans(app.db, ctx, query.shopId),
  });

  route.get('/membership/settings', {
    schema: {
      tags,
      summary: 'A shop’s membership settings: whether staff sell passes, the reminder days',
      querystring: shopQuery,
      response: { 200: successEnvelope(membershipSettingsSchema) },
    },
    run: (ctx, { query }) => plans.getSettings(app.db, ctx, query.shopId),
  });

  route.post('/membership/settings', {
    roles: SHOP_EDITOR_ROLES,
    schema: {
      tags,
      summary: 'Set whether staff sell passes and the reminder days (managers and above)',
      body: updateMembershipSettingsBodySchema,
      response: { 200: successEnvelope(membershipSettingsSchema) },
    },
    message: 'success.saved',
    run: (ctx, { body }) => plans.saveSettings(app.db, ctx, body),
  });
}
