import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PROMOTION_AUDIENCES, type PromotionAudience } from '@parking-hub/contracts/promotions';
import type { ShopOption } from '@parking-hub/contracts/shops';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useShopOptions } from '../../../components/shop-picker/shop-options';
import { messageText } from '../../../lib/i18n';
import { useAgents } from '../api/get-agents';
import type { PromotionFormOutput, PromotionFormValues } from '../promotion-form';

type Form = UseFormReturn<PromotionFormValues, unknown, PromotionFormOutput>;
type ShopRef = { id: string; name: string };

/** Audiences an agent may choose: never every shop of the platform. */
const AGENT_AUDIENCES: readonly PromotionAudience[] = ['AGENT', 'SHOPS', 'NEW_SHOPS'];

const errorOf = (form: Form, field: keyof PromotionFormValues) => {
  const message = form.formState.errors[field]?.message;
  return message ? messageText(String(message)) : undefined;
};

/** Shops of the caller's scope, several at once, searched by name on the server as the user types. */
function ShopsPicker({ form, known }: { form: Form; known: ShopRef[] }) {
  const { t } = useTranslation('promotions');
  const [input, setInput] = useState('');
  const options = useShopOptions(input.trim());
  const [names, setNames] = useState(() => new Map(known.map((s) => [s.id, s.name])));
  const error = errorOf(form, 'shopIds');
  return (
    <Controller
      control={form.control}
      name="shopIds"
      render={({ field }) => (
        <Autocomplete<ShopRef, true>
          multiple
          filterSelectedOptions
          options={(options.data ?? []).map((o: ShopOption) => ({ id: o.id, name: o.name }))}
          value={field.value.map((id) => ({ id, name: names.get(id) ?? '…' }))}
          onChange={(_, chosen) => {
            setNames((prev) => new Map([...prev, ...chosen.map((s) => [s.id, s.name] as const)]));
            field.onChange(chosen.map((s) => s.id));
          }}
          inputValue={input}
          onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
          getOptionLabel={(s) => s.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          loading={options.isFetching}
          noOptionsText={t('form.noShops')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('fields.shops')}
              error={!!error}
              helperText={error ?? t('form.shopsHint')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-shops' },
              }}
            />
          )}
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
  const agents = useAgents(admin);
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
