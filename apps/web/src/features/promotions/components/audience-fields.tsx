import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PROMOTION_AUDIENCES, type PromotionAudience } from '@parking-hub/contracts/promotions';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAgentOptions } from '../../../components/agent-options';
import { type ShopRef, ShopsMultiPicker } from '../../../components/shop-picker/shops-multi-picker';
import { messageText } from '../../../lib/i18n';
import type { PromotionFormOutput, PromotionFormValues } from '../promotion-form';

type Form = UseFormReturn<PromotionFormValues, unknown, PromotionFormOutput>;

/** Audiences an agent may choose: never every shop of the platform. */
const AGENT_AUDIENCES: readonly PromotionAudience[] = ['AGENT', 'SHOPS', 'NEW_SHOPS'];

const errorOf = (form: Form, field: keyof PromotionFormValues) => {
  const message = form.formState.errors[field]?.message;
  return message ? messageText(String(message)) : undefined;
};

/** The chosen shops, searched on the server as the user types. */
function ShopsPicker({ form, known }: { form: Form; known: ShopRef[] }) {
  const { t } = useTranslation('promotions');
  return (
    <Controller
      control={form.control}
      name="shopIds"
      render={({ field }) => (
        <ShopsMultiPicker
          value={field.value}
          onChange={field.onChange}
          known={known}
          label={t('fields.shops')}
          error={errorOf(form, 'shopIds')}
          helperText={t('form.shopsHint')}
          noOptionsText={t('form.noShops')}
          testId="field-shops"
        />
      )}
    />
  );
}

/**
 * Who the promotion is for. Admins: every shop, an agent's shops (which agent), chosen shops, or
 * new shops (of any agent or one). Agents: their own shops, chosen ones of theirs, or their new ones.
 */
export function AudienceFields({
  form,
  admin,
  knownShops,
}: {
  form: Form;
  admin: boolean;
  knownShops: ShopRef[];
}) {
  const { t } = useTranslation('promotions');
  const audience = form.watch('audience');
  const agents = useAgentOptions('', admin);
  const choices = admin ? PROMOTION_AUDIENCES : AGENT_AUDIENCES;
  const showAgent = admin && (audience === 'AGENT' || audience === 'NEW_SHOPS');
  const agentError = errorOf(form, 'agentId');
  const audienceError = errorOf(form, 'audience');
  return (
    <>
      <Controller
        control={form.control}
        name="audience"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.audience')}
            {...field}
            error={!!audienceError}
            helperText={audienceError}
            slotProps={{ htmlInput: { 'data-testid': 'field-audience' } }}
          >
            {choices.map((a) => (
              <MenuItem key={a} value={a}>
                {t(admin ? `audience.${a}` : `audienceMine.${a}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {showAgent && (
        <Controller
          control={form.control}
          name="agentId"
          render={({ field }) => (
            <TextField
              select
              label={t('fields.agent')}
              {...field}
              error={!!agentError}
              helperText={agentError ?? (audience === 'NEW_SHOPS' ? t('form.anyAgentHint') : undefined)}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'field-agent' },
              }}
            >
              <MenuItem value="">
                {audience === 'NEW_SHOPS' ? t('form.anyAgent') : t('form.chooseAgent')}
              </MenuItem>
              {(agents.data ?? []).map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.fullName}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {audience === 'SHOPS' && <ShopsPicker form={form} known={knownShops} />}
    </>
  );
}
